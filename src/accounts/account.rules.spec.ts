import {
  blankToNull,
  hashToken,
  isSessionOutdated,
  isTokenUsable,
  isWellFormedToken,
  newRawToken,
  shouldTouchActivity,
  tokenExpiry,
  tokenState,
} from './account.rules.js';

describe('account rules', () => {
  it('makes 32-byte base64url tokens, different each time, that pass the shape check', () => {
    const a = newRawToken();
    const b = newRawToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(a).not.toBe(b);
    expect(isWellFormedToken(a)).toBe(true);
  });

  it.each([[''], ['short'], ['A'.repeat(44)], ['A'.repeat(42) + '='], [undefined], [42], [['x']]])('refuses the token shape %p', (raw) => {
    expect(isWellFormedToken(raw)).toBe(false);
  });

  it('hashes tokens with SHA-256 (hex), never returning the token', () => {
    const raw = newRawToken();
    expect(hashToken(raw)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(raw)).toBe(hashToken(raw));
    expect(hashToken(raw)).not.toContain(raw);
  });

  it('gives reset links 1 hour and verification links 48 hours', () => {
    const now = new Date('2025-01-01T00:00:00Z');
    expect(tokenExpiry('reset_password', now).toISOString()).toBe('2025-01-01T01:00:00.000Z');
    expect(tokenExpiry('verify_email', now).toISOString()).toBe('2025-01-03T00:00:00.000Z');
  });

  it('accepts a token only unused and before its expiry', () => {
    const now = new Date('2025-01-01T12:00:00Z');
    const later = new Date('2025-01-01T13:00:00Z');
    expect(isTokenUsable({ expiresAt: later, usedAt: null }, now)).toBe(true);
    expect(isTokenUsable({ expiresAt: later, usedAt: now }, now)).toBe(false);
    expect(isTokenUsable({ expiresAt: now, usedAt: null }, now)).toBe(false);
    expect(isTokenUsable({ expiresAt: now, usedAt: null }, later)).toBe(false);
  });

  it('says why a token does not work: used wins over expired', () => {
    const now = new Date('2025-01-01T12:00:00Z');
    const later = new Date('2025-01-01T13:00:00Z');
    expect(tokenState({ expiresAt: later, usedAt: null }, now)).toBe('usable');
    expect(tokenState({ expiresAt: now, usedAt: null }, later)).toBe('expired');
    expect(tokenState({ expiresAt: later, usedAt: now }, now)).toBe('used');
    expect(tokenState({ expiresAt: now, usedAt: now }, later)).toBe('used');
  });

  it('writes last activity at most once a minute', () => {
    const now = new Date('2025-01-01T12:00:00Z');
    expect(shouldTouchActivity(null, now)).toBe(true);
    expect(shouldTouchActivity(new Date('2025-01-01T11:59:30Z'), now)).toBe(false);
    expect(shouldTouchActivity(new Date('2025-01-01T11:59:00Z'), now)).toBe(true);
  });

  it('stores blank optional text as null', () => {
    expect(blankToNull('  ')).toBeNull();
    expect(blankToNull(undefined)).toBeNull();
    expect(blankToNull(' x ')).toBe('x');
  });

  it('ends sessions signed in before the password last changed, and only those', () => {
    const changed = new Date('2026-01-01T12:00:00.000Z');
    expect(isSessionOutdated(changed.getTime() - 1, changed)).toBe(true);
    expect(isSessionOutdated(undefined, changed)).toBe(true);
    expect(isSessionOutdated(changed.getTime(), changed)).toBe(false);
    expect(isSessionOutdated(changed.getTime() + 5000, changed)).toBe(false);
    expect(isSessionOutdated(undefined, null)).toBe(false);
    expect(isSessionOutdated(1, undefined)).toBe(false);
  });
});
