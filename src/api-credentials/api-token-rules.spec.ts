import { bearerToken, checkTokenName, feedLinkKey, feedLinkUrls, hashToken, looksLikeToken, newToken, sameKey, shouldTouch, tokenHint } from './api-token-rules.js';

describe('API token rules', () => {
  it('makes distinct eym_ tokens of 256 random bits that pass the shape check', () => {
    const a = newToken();
    const b = newToken();
    expect(a).toMatch(/^eym_[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(looksLikeToken(a)).toBe(true);
    expect(looksLikeToken(`${a}x`)).toBe(false);
    expect(looksLikeToken(a.replace('eym_', 'xyz_'))).toBe(false);
    expect(tokenHint(a)).toBe(a.slice(0, 10));
  });

  it('stores a SHA-256 that differs per token', () => {
    expect(hashToken('eym_a')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken('eym_a')).not.toBe(hashToken('eym_b'));
  });

  it('reads the token of a Bearer header only', () => {
    expect(bearerToken(undefined)).toBeNull();
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken('Bearer eym_x')).toBe('eym_x');
    expect(bearerToken('bearer   eym_x  ')).toBe('eym_x');
    expect(bearerToken('Bearer')).toBe('');
    expect(bearerToken(['Bearer eym_y'])).toBe('eym_y');
  });

  it('takes a trimmed name of 1 to 80 characters', () => {
    expect(checkTokenName('  Power   BI ')).toEqual({ name: 'Power BI' });
    expect(checkTokenName('')).toHaveProperty('error');
    expect(checkTokenName(null)).toHaveProperty('error');
    expect(checkTokenName('x'.repeat(81))).toHaveProperty('error');
    expect(checkTokenName('x'.repeat(80))).toEqual({ name: 'x'.repeat(80) });
  });

  it('records a use at most once a minute', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    expect(shouldTouch(null, now)).toBe(true);
    expect(shouldTouch(new Date('2026-01-01T11:59:30Z'), now)).toBe(false);
    expect(shouldTouch(new Date('2026-01-01T11:59:00Z'), now)).toBe(true);
  });

  it('derives a feed key per EyeMail, nonce and secret, compared in constant time', () => {
    const id = '0b7c9a52-5d0e-4b8e-9f7a-0c1d2e3f4a5b';
    const k = feedLinkKey('secret', id, 'n1');
    expect(k).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(feedLinkKey('secret', id.toUpperCase(), 'n1')).toBe(k);
    expect(feedLinkKey('secret', id, 'n2')).not.toBe(k);
    expect(feedLinkKey('other', id, 'n1')).not.toBe(k);
    expect(sameKey(k, k)).toBe(true);
    expect(sameKey(k, `${k}x`)).toBe(false);
    expect(sameKey('', k)).toBe(false);
  });

  it('builds absolute feed and CSV addresses', () => {
    expect(feedLinkUrls('https://app.example.com/', 'abc', 'k-1')).toEqual({
      json: 'https://app.example.com/api/reports/abc/feed/json?key=k-1',
      xml: 'https://app.example.com/api/reports/abc/feed/xml?key=k-1',
      csv: 'https://app.example.com/api/reports/abc/download?key=k-1',
    });
  });
});
