import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { CompiledQuery, type Kysely } from 'kysely';
import type { IngestTables } from './ingest-tables.js';

// The tables the ingest writes in bursts, whose triggers' plans follow their statistics.
export type IngestTable = 'engagement' | 'viewer_visit' | 'video_play';

// How long an analysis waits for a lock another one (autovacuum's, another instance's) holds
// before giving up: it is a refresh, the next one comes.
const LOCK_TIMEOUT = "set local lock_timeout = '2s'";

@Injectable()
export class PlannerStatsRepository {
  constructor(private readonly orm: MikroORM) {}

  // Analyzes the table (its planner statistics, and every connection's plans of it made again);
  // answers the rows it now holds by those statistics.
  async analyze(table: IngestTable): Promise<number> {
    const client = this.orm.em.getConnection().getClient() as Kysely<IngestTables>;
    return client
      .transaction()
      .execute(async (trx) => {
        await trx.executeQuery(CompiledQuery.raw(LOCK_TIMEOUT));
        await trx.executeQuery(CompiledQuery.raw(`analyze ${table}`));
        const { rows } = await trx.executeQuery<{ rows: number }>(
          CompiledQuery.raw('select greatest(reltuples, 0)::float8 as rows from pg_class where oid = $1::regclass', [table]),
        );
        return Number(rows[0]?.rows ?? 0);
      });
  }
}
