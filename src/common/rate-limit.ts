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
export function rateLimitKey(policy: Pick<RateLimitPolicy, 'name'>, subject: string): string {
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

// Failures that slow the one who makes them: the first `freeFailures` cost nothing, then each
// further try must wait a growing delay after the last failure (`baseDelaySeconds`, doubling, at
// most `maxDelaySeconds`). Failures are forgotten `memorySeconds` after the last one. Only
// failures count: a caller who succeeds is never slowed by having tried.
export interface FailurePolicy {
  name: string;
  freeFailures: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  memorySeconds: number;
  message: string;
}

// Seconds a caller with `failures` failures must wait after the last one before trying again.
export function delayAfterFailures(failures: number, policy: FailurePolicy): number {
  if (failures < policy.freeFailures) return 0;
  const doublings = failures - policy.freeFailures;
  // 2^40 seconds is past any cap; stops the power growing without bound.
  return Math.min(policy.maxDelaySeconds, policy.baseDelaySeconds * 2 ** Math.min(doublings, 40));
}

// The delay for 0, 1, 2 ... failures up to the first that reaches the cap (the last entry holds
// for any count past it), for the database to decide in the same statement that counts.
export function failureDelayTable(policy: FailurePolicy): number[] {
  const table: number[] = [];
  for (let n = 0; ; n++) {
    table.push(delayAfterFailures(n, policy));
    if (table[n] >= policy.maxDelaySeconds) return table;
  }
}

// Whole seconds still to wait (0: the caller may try now) after `failures` failures, the last at
// `lastFailureAt`.
export function failureWaitSeconds(failures: number, lastFailureAt: Date, now: Date, policy: FailurePolicy): number {
  const until = lastFailureAt.getTime() + delayAfterFailures(failures, policy) * 1000;
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
}
