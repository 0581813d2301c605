import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { EngagementTables } from './engagement-tables.js';
import type { CommittedEngagement } from './engagement-events.js';
import { OUTBOX_CLAIM_SQL, OUTBOX_REMOVE_SQL, OUTBOX_ROWS_SQL, type OutboxRow } from './engagement-outbox-sql.js';

// The engagement_outbox table (migration 0025; engagement-outbox.ts), only here.
@Injectable()
export class EngagementOutboxRepository {
  constructor(private readonly orm: MikroORM) {}

  private client(): Kysely<EngagementTables> {
    return this.orm.em.getConnection().getClient() as Kysely<EngagementTables>;
  }

  async remove(ids: readonly string[]): Promise<void> {
    if (!ids.length) return;
    await this.client()
      .deleteFrom('engagement_outbox')
      .where('id', '=', sql<string>`any(${[...ids]}::bigint[])`)
      .execute();
  }

  // One transaction: up to `limit` rows older than `ageMs` claimed (locked; those another
  // transaction holds skipped), the committed rows they name read back, and `handle` given both;
  // the rows it answers are removed. Answers how many rows were claimed and removed.
  claim(
    ageMs: number,
    limit: number,
    handle: (rows: OutboxRow[], stored: Map<string, CommittedEngagement>) => Promise<string[]>,
  ): Promise<{ claimed: number; removed: number }> {
    return this.client()
      .transaction()
      .execute(async (trx) => {
        const { rows } = await trx.executeQuery<OutboxRow>(CompiledQuery.raw(OUTBOX_CLAIM_SQL, [ageMs, limit]));
        if (!rows.length) return { claimed: 0, removed: 0 };
        const ids = [...new Set(rows.flatMap((r) => r.engagementIds ?? []))];
        const stored = new Map<string, CommittedEngagement>();
        if (ids.length) {
          const { rows: found } = await trx.executeQuery<CommittedEngagement & { id: string }>(CompiledQuery.raw(OUTBOX_ROWS_SQL, [ids]));
          for (const r of found) stored.set(r.id, r);
        }
        const done = await handle(rows, stored);
        if (done.length) await trx.executeQuery(CompiledQuery.raw(OUTBOX_REMOVE_SQL, [done]));
        return { claimed: rows.length, removed: done.length };
      });
  }
}
