import type { NextFunction, Request, RequestHandler, Response } from 'express';

// Pure: the tracking addresses (a mail client fetching the open pixel, a recipient's click). The
// busiest routes by far; no session, cookie, CSRF token, body or compression is of any use to them
// (they set no cookie and answer a 43-byte GIF or a redirect), so those middlewares are skipped.
export function isTrackingPath(p: string): boolean {
  return /^\/(api\/)?t\//i.test(p);
}

// Pure: paths that Nest routes answer and that are never a file of the dashboard build, so the
// static file handler does not look for one on disk (a stat per request) before the route runs.
export function isNeverStaticFile(p: string): boolean {
  return /^\/(t|live|livepreview|eyemail|emailpreview|media|api)\//i.test(p);
}

// A middleware that steps aside for the paths `skip` names.
export function unless(skip: (path: string) => boolean, middleware: RequestHandler): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => (skip(req.path) ? next() : middleware(req, res, next));
}
