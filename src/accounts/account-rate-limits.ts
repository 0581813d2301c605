import type { RateLimitPolicy } from '../common/rate-limit.js';
import { ACCOUNT_MESSAGES } from './account-messages.js';

const FIFTEEN_MINUTES = 15 * 60;

// Sign-in: per address against guessing one account's password, per IP against trying many
// accounts (generous enough for an office behind one address).
export const SIGN_IN_PER_EMAIL: RateLimitPolicy = { name: 'signin:email', limit: 10, windowSeconds: FIFTEEN_MINUTES, message: ACCOUNT_MESSAGES.tooManySignIns };
export const SIGN_IN_PER_IP: RateLimitPolicy = { name: 'signin:ip', limit: 30, windowSeconds: FIFTEEN_MINUTES, message: ACCOUNT_MESSAGES.tooManySignIns };

// Forgot-password: each request sends a mail, so a few per address and per IP.
export const FORGOT_PER_EMAIL: RateLimitPolicy = { name: 'forgot:email', limit: 3, windowSeconds: FIFTEEN_MINUTES, message: ACCOUNT_MESSAGES.tooManyRequests };
export const FORGOT_PER_IP: RateLimitPolicy = { name: 'forgot:ip', limit: 10, windowSeconds: FIFTEEN_MINUTES, message: ACCOUNT_MESSAGES.tooManyRequests };

// Sign-up (and company sign-up), per IP: each creates an account and sends a mail, and a taken
// address is answered as such, so a script cannot create accounts or probe addresses in bulk.
export const SIGN_UP_PER_IP: RateLimitPolicy = { name: 'signup:ip', limit: 20, windowSeconds: 3600, message: ACCOUNT_MESSAGES.tooManyRequests };

// New verification links, per user.
export const RESEND_PER_USER: RateLimitPolicy = { name: 'resend:user', limit: 3, windowSeconds: FIFTEEN_MINUTES, message: ACCOUNT_MESSAGES.tooManyRequests };

// Password changes, per user: a stolen session cannot brute-force the current password.
export const PASSWORD_CHANGE_PER_USER: RateLimitPolicy = { name: 'password:user', limit: 10, windowSeconds: FIFTEEN_MINUTES, message: ACCOUNT_MESSAGES.tooManyAttempts };
