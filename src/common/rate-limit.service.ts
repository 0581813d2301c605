import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { RateLimitedError } from './domain-error.js';
import { isOverLimit, rateLimitKey, retryAfterSeconds, type RateLimitPolicy } from './rate-limit.js';
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
      const [row] = await this.exec<{ hits: number; window_ends_at: Date | string }>(
        `insert into rate_limit_hit (key, hits, window_ends_at) values (?, 1, now() + ? * interval '1 second')
         on conflict (key) do update set
           hits = case when rate_limit_hit.window_ends_at <= now() then 1 else rate_limit_hit.hits + 1 end,
           window_ends_at = case when rate_limit_hit.window_ends_at <= now() then excluded.window_ends_at else rate_limit_hit.window_ends_at end
         returning hits, window_ends_at`,
        [rateLimitKey(policy, subject), policy.windowSeconds],
      );
      if (isOverLimit(Number(row.hits), policy)) {
        throw new RateLimitedError(policy.message, retryAfterSeconds(new Date(row.window_ends_at), new Date()));
      }
    }
  }

  // Forgets a subject's hits (e.g. the per-email sign-in count after a successful sign-in).
  async reset(policy: RateLimitPolicy, subject: string): Promise<void> {
    await this.exec('delete from rate_limit_hit where key = ?', [rateLimitKey(policy, subject)]);
  }

  async prune(): Promise<void> {
    await this.exec('delete from rate_limit_hit where window_ends_at <= now()', []);
  }
}
