import type { NextFunction, Request, Response } from 'express';

// Strict-Transport-Security tells a browser to use https only, for a year. Sent over plain http
// it is meaningless at best (browsers ignore it there) and, on a local or test instance that has
// no https at all, a promise the server cannot keep; so only responses that came over https carry
// it (req.secure: behind a proxy its X-Forwarded-Proto, read only with TRUST_PROXY).
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

// Pure: the header for a response, or none.
export function strictTransportHeader(secure: boolean): string | null {
  return secure ? HSTS_VALUE : null;
}

export function strictTransportOverHttps() {
  return (req: Request, res: Response, next: NextFunction) => {
    const value = strictTransportHeader(req.secure);
    if (value) res.setHeader('Strict-Transport-Security', value);
    next();
  };
}
