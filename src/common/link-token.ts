import { createHash, randomBytes } from 'node:crypto';

// The secret of an emailed one-time link (password reset, email verification, a company's
// invitation): 32 random bytes, base64url; the database keeps only its SHA-256.
export function newRawToken(): string {
  return randomBytes(32).toString('base64url');
}

// What the database keeps instead of the token itself.
export function hashToken(raw: string): string {
  return createHash('sha256').update(raw, 'utf8').digest('hex');
}

// A link token looks like what newRawToken makes; anything else is refused before any lookup.
export function isWellFormedToken(raw: unknown): raw is string {
  return typeof raw === 'string' && /^[A-Za-z0-9_-]{43}$/.test(raw);
}
