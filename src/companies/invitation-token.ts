import { createHash, randomBytes } from 'node:crypto';

// An invitation link's token: 32 random bytes, base64url, as the accounts module's one-time
// links are; the database keeps only its SHA-256 hash.
export function newInvitationToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashInvitationToken(raw: string): string {
  return createHash('sha256').update(raw, 'utf8').digest('hex');
}

// Anything that does not look like a token is refused before any lookup.
export function isWellFormedInvitationToken(raw: unknown): raw is string {
  return typeof raw === 'string' && /^[A-Za-z0-9_-]{43}$/.test(raw);
}
