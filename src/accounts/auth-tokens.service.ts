import { Injectable } from '@nestjs/common';
import type { AuthToken } from './auth-token.entity.js';
import { AuthTokenRepository } from './auth-token.repository.js';
import { hashToken, isTokenUsable, isWellFormedToken, newRawToken, tokenExpiry, tokenState, type TokenPurpose, type TokenState } from './account.rules.js';

// One-time link tokens: random, stored only as a hash, single-use, expiring (the auth_token
// table through AuthTokenRepository).
@Injectable()
export class AuthTokensService {
  constructor(private readonly tokens: AuthTokenRepository) {}

  // Creates a token and returns the raw value for the link; it is never stored or logged.
  async issue(userId: string, purpose: TokenPurpose): Promise<string> {
    const raw = newRawToken();
    await this.tokens.insert({ userId, purpose, tokenHash: hashToken(raw), expiresAt: tokenExpiry(purpose, new Date()) });
    return raw;
  }

  // The token behind a link, if it is still usable (right purpose, unused, not expired).
  async findUsable(raw: unknown, purpose: TokenPurpose): Promise<AuthToken | null> {
    if (!isWellFormedToken(raw)) return null;
    const token = await this.tokens.findByHash(hashToken(raw), purpose);
    return token && isTokenUsable(token, new Date()) ? token : null;
  }

  // The token behind a link with whether it is usable, used or expired; null for no such token.
  async findWithState(raw: unknown, purpose: TokenPurpose): Promise<{ token: AuthToken; state: TokenState } | null> {
    if (!isWellFormedToken(raw)) return null;
    const token = await this.tokens.findByHash(hashToken(raw), purpose);
    return token ? { token, state: tokenState(token, new Date()) } : null;
  }

  // Marks the token used, atomically: of two requests racing with one link, only one wins.
  async claim(token: AuthToken): Promise<boolean> {
    return this.tokens.markUsedIfOpen(token.id);
  }

  // Uses up every open token of this purpose for the user (the one just used and older links).
  // Flushed by the caller together with the change the token allowed.
  async useAll(userId: string, purpose: TokenPurpose): Promise<void> {
    const open = await this.tokens.findUnused(userId, purpose);
    const now = new Date();
    for (const t of open) t.usedAt = now;
  }

  // Housekeeping, outside any request: tokens are kept a week after they expire.
  async prune(): Promise<void> {
    await this.tokens.deleteExpiredForAWeek();
  }
}
