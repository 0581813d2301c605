import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// The decisions about API tokens and feed links, as pure functions (api-token-rules.spec.ts).

export const TOKEN_PREFIX = 'eym_';
export const TOKEN_NAME_MAX = 80;
// A workspace holds at most this many tokens, whoever made them.
export const TOKENS_PER_WORKSPACE_MAX = 50;
// last_used_at is written at most this often per token, so a busy script costs no write per call.
export const TOUCH_EVERY_MS = 60_000;

// A new token: `eym_` + 32 random bytes (base64url, 43 characters). Shown once.
export function newToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

// What is stored: the token's SHA-256 (a random 256-bit token needs no slow hash; a look-up by
// hash is one index probe).
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

// What the list shows to tell tokens apart: the first characters after the prefix.
export function tokenHint(token: string): string {
  return token.slice(0, TOKEN_PREFIX.length + 6);
}

export function looksLikeToken(token: string): boolean {
  return token.startsWith(TOKEN_PREFIX) && /^[A-Za-z0-9_-]{43}$/.test(token.slice(TOKEN_PREFIX.length));
}

// The token of an `Authorization: Bearer <token>` header: null without one (or with another
// scheme), '' for a Bearer header with nothing usable after it.
export function bearerToken(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const m = /^\s*Bearer(?:\s+(.*))?$/i.exec(value);
  if (!m) return null;
  return (m[1] ?? '').trim();
}

// The token name a person typed: trimmed, 1 to 80 characters; an error message otherwise.
export function checkTokenName(name: unknown): { name: string } | { error: string } {
  if (typeof name !== 'string' || !name.trim()) return { error: 'Give the token a name, such as the tool that will use it.' };
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (trimmed.length > TOKEN_NAME_MAX) return { error: `A token name has at most ${TOKEN_NAME_MAX} characters.` };
  return { name: trimmed };
}

export function shouldTouch(lastUsedAt: Date | null, now: Date): boolean {
  return !lastUsedAt || now.getTime() - lastUsedAt.getTime() >= TOUCH_EVERY_MS;
}

// A feed link's key: derived from the server's secret, the EyeMail and the link's nonce (a new
// nonce is a new key, so "reset link" ends the old one). Nothing in the database alone gives it.
export function feedLinkKey(secret: string, snippetId: string, nonce: string): string {
  return createHmac('sha256', secret).update(`feed-link:v1:${snippetId.toLowerCase()}:${nonce}`, 'utf8').digest('base64url').slice(0, 32);
}

export function newNonce(): string {
  return randomBytes(16).toString('base64url');
}

// Constant-time comparison of a presented key with the expected one.
export function sameKey(presented: string, expected: string): boolean {
  const a = Buffer.from(presented, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

// The absolute addresses of an EyeMail's feed link (JSON, XML and the CSV Google Sheets'
// IMPORTDATA and Excel read).
export function feedLinkUrls(publicBaseUrl: string, snippetId: string, key: string): { json: string; xml: string; csv: string } {
  const base = `${publicBaseUrl.replace(/\/+$/, '')}/api/reports/${encodeURIComponent(snippetId)}`;
  const q = `?key=${encodeURIComponent(key)}`;
  return { json: `${base}/feed/json${q}`, xml: `${base}/feed/xml${q}`, csv: `${base}/download${q}` };
}
