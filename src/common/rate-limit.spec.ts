import { isOverLimit, rateLimitKey, retryAfterSeconds, type RateLimitPolicy } from './rate-limit.js';

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
