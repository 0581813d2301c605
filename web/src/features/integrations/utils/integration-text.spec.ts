import { describe, expect, it } from '@jest/globals';
import { attemptText, lastUsedText, scopeText } from './integration-text';

describe('integration texts', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  const fmt = (iso: string) => `on ${iso.slice(0, 10)}`;

  it('says when a token was last used', () => {
    expect(lastUsedText(null, now, fmt)).toBe('Never used');
    expect(lastUsedText('2026-01-01T11:59:30Z', now, fmt)).toBe('Used just now');
    expect(lastUsedText('2026-01-01T11:15:00Z', now, fmt)).toBe('Used 45 min ago');
    expect(lastUsedText('2025-12-30T10:00:00Z', now, fmt)).toBe('Used on 2025-12-30');
  });

  it('sums up a try', () => {
    expect(attemptText({ statusCode: 200, durationMs: 35, error: null })).toBe('200 in 35 ms');
    expect(attemptText({ statusCode: 500, durationMs: 1234, error: 'HTTP 500' })).toBe('500 in 1.2 s');
    expect(attemptText({ statusCode: null, durationMs: 15000, error: 'No answer within 15 s' })).toBe('No answer within 15 s (15.0 s)');
  });

  it('names the EyeMails an endpoint hears of', () => {
    const titles = new Map([['a', 'Launch'], ['b', 'Promo'], ['c', 'News']]);
    expect(scopeText(null, titles)).toBe('All EyeMails');
    expect(scopeText(['a'], titles)).toBe('Launch');
    expect(scopeText(['a', 'x'], titles)).toBe('Launch, a deleted EyeMail');
    expect(scopeText(['a', 'b', 'c'], titles)).toBe('Launch, Promo and 1 more');
  });
});
