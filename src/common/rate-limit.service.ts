import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { RateLimitedError } from './domain-error.js';
import {
  failureDelayTable,
  failureWaitSeconds,
  isOverLimit,
  rateLimitKey,
  retryAfterSeconds,
  type FailurePolicy,
  type RateLimitPolicy,
} from './rate-limit.js';
import { rawSql } from '../database/raw-sql.js';

// Fixed-window counters in Postgres (table rate_limit_hit), so a limit holds however many
// instances serve the traffic. One atomic upsert per hit: no read-then-write race.
@Injectable()
export class RateLimiter {
  constructor(private readonly orm: MikroORM) {}

  private exec<T>(sql: string, params: unknown[]): Promise<T[]> {
    // A fork of its own: counting never joins (or waits on) the caller's unit of work.
    return rawSql<T>(this.orm, sql, params);
  }

  // Counts one hit for each (policy, subject) and throws 429 when any of them is over its limit.
  async consume(...hits: [RateLimitPolicy, string | null | undefined][]): Promise<void> {
    for (const [policy, subject] of hits) {
      if (!subject) continue;
      const row = await this.hit(policy, subject);
      if (isOverLimit(Number(row.hits), policy)) {
        throw new RateLimitedError(policy.message, retryAfterSeconds(new Date(row.window_ends_at), new Date()));
      }
    }
  }

  // Counts one hit and says whether it is within the limit, for work that is quietly skipped
  // rather than refused (the caller's answer must not change).
  async allow(policy: RateLimitPolicy, subject: string): Promise<boolean> {
    return !isOverLimit(Number((await this.hit(policy, subject)).hits), policy);
  }

  private async hit(policy: RateLimitPolicy, subject: string) {
    const [row] = await this.exec<{ hits: number; window_ends_at: Date | string }>(
      `insert into rate_limit_hit (key, hits, window_ends_at) values (?, 1, now() + ? * interval '1 second')
       on conflict (key) do update set
         hits = case when rate_limit_hit.window_ends_at <= now() then 1 else rate_limit_hit.hits + 1 end,
         window_ends_at = case when rate_limit_hit.window_ends_at <= now() then excluded.window_ends_at else rate_limit_hit.window_ends_at end
       returning hits, window_ends_at`,
      [rateLimitKey(policy, subject), policy.windowSeconds],
    );
    return row;
  }

  // Failure counting (FailurePolicy): each subject's row holds its failures and, in
  // window_ends_at, the last failure plus the policy's memory. An attempt is counted as a failure
  // up front, in the statement that decides whether it may go ahead at all, so a burst of
  // simultaneous guesses cannot all slip through one check; the caller takes it back on success
  // (succeeded). Throws 429 with the wait when any subject must still wait; nothing is counted then.
  async attempt(...subjects: [FailurePolicy, string | null | undefined][]): Promise<void> {
    const counted: [FailurePolicy, string][] = [];
    for (const [policy, subject] of subjects) {
      if (!subject) continue;
      // An array literal: one parameter whatever the driver does with arrays.
      const delays = failureDelayTable(policy);
      const table = `{${delays.join(',')}}`;
      const key = rateLimitKey(policy, subject);
      // The old row's values in both cases: whether its wait after the last failure has passed.
      // A free try (no wait after so few failures) may always go ahead: now() is when this
      // statement's transaction began, so in a burst a statement that waited on the row's lock can
      // find a "last failure" stamped after its own now() by a transaction that began later and
      // took the lock first; without this it would be refused although its try was free.
      const mayTry = `rate_limit_hit.window_ends_at <= now()
        or (?::int[])[least(rate_limit_hit.hits, ?) + 1] = 0
        or now() >= rate_limit_hit.window_ends_at - ? * interval '1 second'
          + (?::int[])[least(rate_limit_hit.hits, ?) + 1] * interval '1 second'`;
      const mayTryParams = [table, delays.length - 1, policy.memorySeconds, table, delays.length - 1];
      const [row] = await this.exec<{ hits: number; window_ends_at: Date | string; counted: boolean; now: Date | string }>(
        `insert into rate_limit_hit (key, hits, window_ends_at) values (?, 1, now() + ? * interval '1 second')
         on conflict (key) do update set
           hits = case when rate_limit_hit.window_ends_at <= now() then 1 when ${mayTry} then rate_limit_hit.hits + 1 else rate_limit_hit.hits end,
           window_ends_at = case when ${mayTry} then excluded.window_ends_at else rate_limit_hit.window_ends_at end
         returning hits, window_ends_at, window_ends_at = now() + ? * interval '1 second' as counted, now() as now`,
        [key, policy.memorySeconds, ...mayTryParams, ...mayTryParams, policy.memorySeconds],
      );
      if (!row.counted) {
        for (const [p, s] of counted) await this.succeeded(p, s, false);
        const lastFailureAt = new Date(new Date(row.window_ends_at).getTime() - policy.memorySeconds * 1000);
        const wait = failureWaitSeconds(Number(row.hits), lastFailureAt, new Date(row.now), policy);
        throw new RateLimitedError(policy.message, Math.max(1, wait));
      }
      counted.push([policy, subject]);
    }
  }

  // Takes back the failure attempt() counted for a subject that succeeded; `forgive` forgets its
  // earlier failures too (the owner who finally typed the right password).
  async succeeded(policy: FailurePolicy, subject: string | null | undefined, forgive: boolean): Promise<void> {
    if (!subject) return;
    const key = rateLimitKey(policy, subject);
    if (forgive) await this.exec('delete from rate_limit_hit where key = ?', [key]);
    else await this.exec('update rate_limit_hit set hits = greatest(hits - 1, 0) where key = ?', [key]);
  }

  // Forgets a subject's hits (e.g. the per-email sign-in count after a successful sign-in).
  async reset(policy: RateLimitPolicy, subject: string): Promise<void> {
    await this.exec('delete from rate_limit_hit where key = ?', [rateLimitKey(policy, subject)]);
  }

  async prune(): Promise<void> {
    await this.exec('delete from rate_limit_hit where window_ends_at <= now()', []);
  }
}
