import type { FailurePolicy, RateLimitPolicy } from '../common/rate-limit.js';
import { ACCOUNT_MESSAGES } from './account-messages.js';

const FIFTEEN_MINUTES = 15 * 60;

// Sign-in counts failures only, never successes, and slows the one who fails instead of locking
// the account: per (account, address) against guessing one account's password (five free
// tries, then 30 s, 1, 2, 4, 8 and at most 15 minutes between tries), per address against trying
// many accounts (generous enough for an office behind one address). The owner signing in from
// their own address is never held back by a stranger's failures elsewhere.
export const SIGN_IN_FAILURES_PER_ACCOUNT_ADDRESS: FailurePolicy = {
  name: 'signin:account-address',
  freeFailures: 5,
  baseDelaySeconds: 30,
  maxDelaySeconds: FIFTEEN_MINUTES,
  memorySeconds: 3600,
  message: ACCOUNT_MESSAGES.tooManySignIns,
};
export const SIGN_IN_FAILURES_PER_ADDRESS: FailurePolicy = {
  name: 'signin:address',
  freeFailures: 30,
  baseDelaySeconds: 30,
  maxDelaySeconds: FIFTEEN_MINUTES,
  memorySeconds: 3600,
  message: ACCOUNT_MESSAGES.tooManySignIns,
};

// The subject of a per-(account, address) count: an address typed in any case is one account.
export function accountAddressSubject(email: string, ip: string | undefined): string | null {
  return ip ? `${email.trim().toLowerCase()}\n${ip}` : null;
}

// Forgot-password: each request sends a mail, so a few per (account, address) and per address;
// a stranger's requests never use up the owner's.
export const FORGOT_PER_ACCOUNT_ADDRESS: RateLimitPolicy = { name: 'forgot:account-address', limit: 3, windowSeconds: FIFTEEN_MINUTES, message: ACCOUNT_MESSAGES.tooManyRequests };
// Reset mails per account, whoever asks and from however many addresses: past the cap the request
// is answered as always but no mail goes out, so a stranger rotating addresses cannot flood the
// owner's inbox. It never locks the owner out: the window is as long as a link lives, so the last
// mail sent inside it still holds a working link until the window ends.
export const FORGOT_MAILS_PER_ACCOUNT: RateLimitPolicy = { name: 'forgot:account-mails', limit: 5, windowSeconds: 3600, message: ACCOUNT_MESSAGES.tooManyRequests };
export const FORGOT_PER_IP: RateLimitPolicy = { name: 'forgot:ip', limit: 10, windowSeconds: FIFTEEN_MINUTES, message: ACCOUNT_MESSAGES.tooManyRequests };

// Sign-up (and company sign-up), per IP: each creates an account and sends a mail, and a taken
// address is answered as such, so a script cannot create accounts or probe addresses in bulk.
export const SIGN_UP_PER_IP: RateLimitPolicy = { name: 'signup:ip', limit: 20, windowSeconds: 3600, message: ACCOUNT_MESSAGES.tooManyRequests };

// New verification links, per user.
export const RESEND_PER_USER: RateLimitPolicy = { name: 'resend:user', limit: 3, windowSeconds: FIFTEEN_MINUTES, message: ACCOUNT_MESSAGES.tooManyRequests };

// Password changes, per user: a stolen session cannot brute-force the current password.
export const PASSWORD_CHANGE_PER_USER: RateLimitPolicy = { name: 'password:user', limit: 10, windowSeconds: FIFTEEN_MINUTES, message: ACCOUNT_MESSAGES.tooManyAttempts };
