import { createHash } from 'node:crypto';

// A fixed-window limit: at most `limit` hits per `windowSeconds` for one subject (an IP, an
// email address, a user id). `message` is what a caller over the limit is told.
export interface RateLimitPolicy {
  name: string;
  limit: number;
  windowSeconds: number;
  message: string;
}

// The rate_limit_hit key for a subject. Subjects are hashed so the table holds no email
// addresses or IPs in clear; email subjects are compared case-insensitively.
export function rateLimitKey(policy: RateLimitPolicy, subject: string): string {
  const digest = createHash('sha256').update(subject.trim().toLowerCase(), 'utf8').digest('base64url').slice(0, 32);
  return `${policy.name}:${digest}`;
}

// Whole seconds until the window ends, at least 1 (for the Retry-After header).
export function retryAfterSeconds(windowEndsAt: Date, now: Date): number {
  return Math.max(1, Math.ceil((windowEndsAt.getTime() - now.getTime()) / 1000));
}

export function isOverLimit(hits: number, policy: RateLimitPolicy): boolean {
  return hits > policy.limit;
}
