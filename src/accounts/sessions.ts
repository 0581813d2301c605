import type { Request, Response } from 'express';
import { SESSION_COOKIE } from './session-cookie.js';
import { REMEMBER_ME_MS } from './account.rules.js';

declare module 'express-session' {
  interface SessionData {
    userId?: string;
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
  // No maxAge: a browser-session cookie, gone when the browser closes.
  if (rememberMe) req.session.cookie.maxAge = REMEMBER_ME_MS;
  await call((cb) => req.session.save(cb));
}

// Ends the request's session (if any) server-side and tells the browser to drop the cookie.
export async function endSession(req: Request, res: Response): Promise<void> {
  if (req.session) {
    const cookie = req.session.cookie;
    await call((cb) => req.session.destroy(cb));
    res.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: !!cookie?.secure });
  }
}
