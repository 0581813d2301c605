import type { NextFunction, Request, Response } from 'express';

// Pure: paths visited by recipients, mail clients and their proxies rather than by the
// dashboard: the public EyeMail pages, their assets and media, the tracking addresses and the
// viewer's play-time beacon. They set no cookie: no consent banner is owed for them, and a
// cache or proxy may keep the pages.
const COOKIELESS = [
  /^\/(live|eyemail|emailpreview)\//i,
  /^\/(media|static|t)\//i,
  /^\/api\/t\//i,
  /^\/api\/reports\/updateduration/i,
  /^\/api\/public\//i,
];

export function isCookielessPath(p: string): boolean {
  return COOKIELESS.some((re) => re.test(p));
}

// Mounted before the session and CSRF middleware, so its writeHead wrapper is the innermost: it
// runs after theirs have added their cookies (a new CSRF token, a rolling session's renewal)
// and removes them. Reading an existing session (an owner looking at their own page) still works.
export function noCookiesOnPublicPaths() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isCookielessPath(req.path)) return next();
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      this.removeHeader('Set-Cookie');
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}
