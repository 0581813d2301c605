// Pure account decisions, kept apart from the services so they are unit-tested directly.

export const TOKEN_PURPOSES = ['verify_email', 'reset_password'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

const HOUR_MS = 3600 * 1000;
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  reset_password: 1 * HOUR_MS,
  verify_email: 48 * HOUR_MS,
};

// "Remember me" keeps the session cookie for 30 days; otherwise it lasts as long as the browser.
export const REMEMBER_ME_MS = 30 * 24 * HOUR_MS;

// last_activity_at is written at most this often per user, not on every request.
export const ACTIVITY_RESOLUTION_MS = 60 * 1000;

// The one-time links' tokens (common/link-token.ts), read here by the accounts module's links.
export { hashToken, isWellFormedToken, newRawToken } from '../common/link-token.js';

export function tokenExpiry(purpose: TokenPurpose, now: Date): Date {
  return new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]);
}

export function isTokenUsable(token: { expiresAt: Date; usedAt?: Date | null }, now: Date): boolean {
  return tokenState(token, now) === 'usable';
}

// Why a link does or does not work, so the page can tell the user (used beats expired: a used
// link would not work again even within its time).
export type TokenState = 'usable' | 'used' | 'expired';

export function tokenState(token: { expiresAt: Date; usedAt?: Date | null }, now: Date): TokenState {
  if (token.usedAt) return 'used';
  return token.expiresAt.getTime() > now.getTime() ? 'usable' : 'expired';
}

export function shouldTouchActivity(lastActivityAt: Date | null, now: Date): boolean {
  return lastActivityAt === null || now.getTime() - lastActivityAt.getTime() >= ACTIVITY_RESOLUTION_MS;
}

// A blank optional text field is stored as null.
export function blankToNull(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v ? v : null;
}

// Why an admin may not set this account's status, or null when they may. The admin account
// stays usable: nobody deactivates it from the admin area, least of all the admin themselves.
export function statusChangeRefusal(actorId: string, target: { id: string; role: string }, active: boolean): string | null {
  if (active) return null;
  if (target.id === actorId) return 'You cannot deactivate your own account.';
  if (target.role === 'admin') return 'An admin account cannot be deactivated.';
  return null;
}

// A session signed in before the user's password last changed (elsewhere, or by a reset link) is
// over, even if its stored record survived (a request in flight re-saving it, say). A session
// without a sign-in time predates this rule: over too once the password has changed.
export function isSessionOutdated(signedInAt: number | undefined, passwordChangedAt: Date | null | undefined): boolean {
  if (!passwordChangedAt) return false;
  return signedInAt === undefined || signedInAt < passwordChangedAt.getTime();
}
