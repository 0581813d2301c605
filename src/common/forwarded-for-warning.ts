import type { IncomingHttpHeaders } from 'node:http';
import type { NextFunction, Request, Response } from 'express';

export const FORWARDED_FOR_IGNORED_WARNING =
  'Requests arrive with X-Forwarded-For but TRUST_PROXY is off: the header is ignored, so behind a proxy every user shares ' +
  "the proxy's address for sign-in and other per-address limits and in reports. Set TRUST_PROXY=true when the app runs " +
  'behind one proxy or load balancer; leave it off when clients reach the app directly.';

// Pure: whether a request carries a forwarded address the app will not read.
export function forwardedForIgnored(headers: IncomingHttpHeaders, trustProxy: boolean): boolean {
  return !trustProxy && typeof headers['x-forwarded-for'] === 'string' && headers['x-forwarded-for'].trim() !== '';
}

// Warns once per process, on the first such request: a misconfigured proxy otherwise shows only
// as every user being rate-limited together.
export function forwardedForWarning(trustProxy: boolean, warn: (message: string) => void) {
  let warned = trustProxy;
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (!warned && forwardedForIgnored(req.headers, trustProxy)) {
      warned = true;
      warn(FORWARDED_FOR_IGNORED_WARNING);
    }
    next();
  };
}
