import type { Request, Response } from 'express';
import { SESSION_COOKIE } from './session-cookie.js';
import { REMEMBER_ME_MS } from './account.rules.js';
import { issueCsrfToken } from '../common/csrf.middleware.js';

declare module 'express-session' {
  interface SessionData {
    userId?: string;
    // When the user signed in (ms); a session older than the last password change is over.
    signedInAt?: number;
    // Set by the unload beacon; see markSessionClosing.
    closingAt?: number;
  }
}

export async function markSessionClosing(req: Request): Promise<void> {
  if (!req.session?.userId) return;
  req.session.closingAt = Date.now();
  await call((cb) => req.session.save(cb));
}

function call(fn: (cb: (err?: unknown) => void) => void): Promise<void> {
  return new Promise((resolve, reject) => fn((err) => (err ? reject(err) : resolve())));
}

// Signs a user into this request: a brand-new session id (so an id known before sign-in is
// worthless after it: no session fixation), the user id in it, and the cookie lifetime.
export async function startUserSession(req: Request, userId: string, rememberMe: boolean): Promise<void> {
  await call((cb) => req.session.regenerate(cb));
  req.session.userId = userId;
  req.session.signedInAt = Date.now();
  // No maxAge: a browser-session cookie, gone when the browser closes.
  if (rememberMe) req.session.cookie.maxAge = REMEMBER_ME_MS;
  await call((cb) => req.session.save(cb));
  if (req.res) issueCsrfToken(req, req.res);
}

// The same user in a brand-new session (after a password change: whoever holds a copy of the
// old cookie is out), keeping the cookie's lifetime.
export async function renewUserSession(req: Request, userId: string): Promise<void> {
  const remembered = req.session?.cookie?.maxAge != null && req.session.cookie.maxAge > 0;
  await startUserSession(req, userId, remembered);
}

// Ends the request's session (if any) server-side and tells the browser to drop the cookie.
export async function endSession(req: Request, res: Response): Promise<void> {
  if (req.session) {
    const cookie = req.session.cookie;
    await call((cb) => req.session.destroy(cb));
    res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: !!cookie?.secure });
    issueCsrfToken(req, res);
  }
}
