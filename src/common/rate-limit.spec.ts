import { delayAfterFailures, failureDelayTable, failureWaitSeconds, isOverLimit, rateLimitKey, retryAfterSeconds, type FailurePolicy, type RateLimitPolicy } from './rate-limit.js';

const policy: RateLimitPolicy = { name: 'signin:email', limit: 3, windowSeconds: 900, message: 'Slow down' };

describe('rate limit decisions', () => {
  it('keys a subject by policy, case- and space-insensitively, without the subject in clear', () => {
    const key = rateLimitKey(policy, 'Ann@Example.com');
    expect(key).toBe(rateLimitKey(policy, ' ann@example.com '));
    expect(key.startsWith('signin:email:')).toBe(true);
    expect(key).not.toContain('ann');
    expect(key).not.toBe(rateLimitKey({ ...policy, name: 'forgot:email' }, 'ann@example.com'));
    expect(key).not.toBe(rateLimitKey(policy, 'bob@example.com'));
  });

  it('allows exactly `limit` hits per window', () => {
    expect(isOverLimit(3, policy)).toBe(false);
    expect(isOverLimit(4, policy)).toBe(true);
  });

  it('tells how many whole seconds remain, at least one', () => {
    const now = new Date('2025-01-01T00:00:00.000Z');
    expect(retryAfterSeconds(new Date('2025-01-01T00:01:00.000Z'), now)).toBe(60);
    expect(retryAfterSeconds(new Date('2025-01-01T00:00:00.200Z'), now)).toBe(1);
    expect(retryAfterSeconds(new Date('2024-12-31T23:59:00.000Z'), now)).toBe(1);
  });
});

describe('failure delays', () => {
  const guessing: FailurePolicy = { name: 'signin:pair', freeFailures: 5, baseDelaySeconds: 30, maxDelaySeconds: 900, memorySeconds: 3600, message: 'Slow down' };

  it('lets the first failures through at once, then doubles the wait from the base up to the cap', () => {
    expect([0, 1, 4].map((n) => delayAfterFailures(n, guessing))).toEqual([0, 0, 0]);
    expect([5, 6, 7, 8, 9, 10, 11, 50, 10_000].map((n) => delayAfterFailures(n, guessing))).toEqual([30, 60, 120, 240, 480, 900, 900, 900, 900]);
  });

  it('lists the delays per failure count up to the cap, for the database', () => {
    expect(failureDelayTable(guessing)).toEqual([0, 0, 0, 0, 0, 30, 60, 120, 240, 480, 900]);
    expect(failureDelayTable({ ...guessing, freeFailures: 0, baseDelaySeconds: 900 })).toEqual([900]);
  });

  it('counts the wait from the last failure, in whole seconds, and 0 once it has passed', () => {
    const last = new Date('2025-01-01T00:00:00.000Z');
    const at = (s: number) => new Date(last.getTime() + s * 1000);
    expect(failureWaitSeconds(4, last, at(0), guessing)).toBe(0);
    expect(failureWaitSeconds(5, last, at(0), guessing)).toBe(30);
    expect(failureWaitSeconds(5, last, at(29.5), guessing)).toBe(1);
    expect(failureWaitSeconds(5, last, at(30), guessing)).toBe(0);
    expect(failureWaitSeconds(6, last, at(10), guessing)).toBe(50);
  });
});
