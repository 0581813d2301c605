import crypto from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// Calls that need no session (they create or look one up from credentials, or are public
// tracking hits) are exempt. Paths are matched case-insensitively, without the query string.
const EXEMPT = [
  /^\/api\/accounts\/(trysignin|signin|signup|companysignup|forgot-password|validate-reset-password-token|reset-password|verify-email)$/i,
  /^\/api\/reports\/updateduration/i,
  /^\/api\/t\//i,
];

export function isCsrfExempt(path: string): boolean {
  return EXEMPT.some((re) => re.test(path));
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

// A new token in the cookie (and for the rest of this request). Done at sign-in and sign-out too,
// so a token planted or read before (a cookie set from a sibling subdomain, say) is worthless in
// the signed-in session.
export function issueCsrfToken(req: Request, res: Response): string {
  const token = crypto.randomBytes(24).toString('base64url');
  const secure = (res.locals?.[SECURE_LOCAL] as boolean | undefined) || req.secure;
  // A token issued earlier in this response (the middleware's, then sign-in's) is replaced, not
  // repeated: one XSRF-TOKEN cookie per response, the one this request goes on with.
  const earlier = res.getHeader('Set-Cookie');
  if (earlier !== undefined) {
    const kept = withoutCookie(earlier, CSRF_COOKIE);
    if (kept.length) res.setHeader('Set-Cookie', kept);
    else res.removeHeader('Set-Cookie');
  }
  res.cookie(CSRF_COOKIE, token, { httpOnly: false, sameSite: 'lax', secure, path: '/' });
  if (req.cookies) req.cookies[CSRF_COOKIE] = token;
  return token;
}

const SECURE_LOCAL = 'csrfSecureCookie';

// Pure: a response's Set-Cookie values without those setting the named cookie.
export function withoutCookie(setCookie: string | number | readonly string[], name: string): string[] {
  const all = Array.isArray(setCookie) ? (setCookie as readonly string[]) : [String(setCookie)];
  return all.filter((c) => c.split('=', 1)[0].trim() !== name);
}

// Double-submit cookie: a readable XSRF-TOKEN cookie, echoed by the dashboard in X-XSRF-TOKEN on
// every state-changing call. A page on another site can send the cookie but cannot read it.
export function csrfMiddleware(opts: { secure: boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals[SECURE_LOCAL] = opts.secure;
    let token: string | undefined = req.cookies?.[CSRF_COOKIE];
    if (!token || !/^[A-Za-z0-9_-]{32,64}$/.test(token)) token = issueCsrfToken(req, res);
    if (SAFE_METHODS.has(req.method) || !/^\/api\//i.test(req.path) || isCsrfExempt(req.path)) return next();
    const sent = req.get(CSRF_HEADER);
    if (sent && sameToken(sent, token)) return next();
    res.status(403).json({ result: false, message: 'Your session token is missing or out of date. Reload the page and try again.', body: null, errors: null });
  };
}
