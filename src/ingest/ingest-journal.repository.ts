import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { MikroORM } from '@mikro-orm/postgresql';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Pool } from 'pg';
import { JsonRowsSender } from '../database/json-rows.js';
import type { IngestTables } from './ingest-tables.js';
import { JOURNAL_LOAD_LOCK, snippetCounts, type JournalTuple, type VisitFacts } from './ingest-journal.js';

// A statement run by the loader inside its transaction (the engagement insert, the clicks a play
// joins), from ReportRepository's ingest methods.
export type IngestExecutor = <R>(sql: string, params: readonly unknown[]) => Promise<{ rows: R[] }>;

// What a journal row holds: opens, clicks and plays, or the viewer page's visits.
export type JournalStream = 'engagement' | 'visit';

// A claimed journal row: its id, stream and its batch's events as the JSON text the writer stored.
export interface JournalEntry {
  id: string;
  stream: JournalStream;
  json: string;
}

// What waits in the journal: batches and events not yet loaded (failed ones apart), and the time
// the oldest was written.
export interface JournalBacklog {
  batches: number;
  events: number;
  failed: number;
  oldest: Date | null;
}

// Exported for bench/journal-insert.mjs, which measures these statements.
export const APPEND_SQL = 'insert into ingest_journal (stream, events, event_count, snippet_counts) values ($1, $2::bytea, $3, $4::jsonb)';
// INGEST_ASYNC_COMMIT: the same row, its statement's own transaction committed without waiting for
// the WAL's flush (set_config(..., true) is SET LOCAL: it ends with that transaction, so the
// connection's other statements commit as before). PostgreSQL's CPU an insert, bench/journal-insert.mjs:
// 0.060-0.067 ms instead of 0.123-0.133 ms (the difference is the flush's write and fdatasync).
export const APPEND_ASYNC_SQL = `insert into ingest_journal (stream, events, event_count, snippet_counts)
  select $1, $2::bytea, $3, $4::jsonb from (select set_config('synchronous_commit', 'off', true)) as async_commit`;

// Claims the oldest rows no other loader holds and deletes them, in the loader's transaction: the
// delete commits with the engagement insert, or rolls back with it.
const CLAIM_SQL = `
  delete from ingest_journal where id in (
    select id from ingest_journal where failed_at is null and ($2::bigint is null or id = $2::bigint) order by id limit $1 for update skip locked
  ) returning id::text, stream, convert_from(events, 'UTF8') as json`;

// The journal of migration 0026: the ingest's hot path appends to it, the loader
// (ingest-loader.service.ts) empties it.
@Injectable()
export class IngestJournalRepository {
  // The batch's JSON, in a buffer kept between batches (json-rows.ts).
  private readonly param = new JsonRowsSender();

  constructor(
    private readonly orm: MikroORM,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private client(): Kysely<IngestTables> {
    return this.orm.em.getConnection().getClient() as Kysely<IngestTables>;
  }

  // One row for the batch: its events (ingest-journal.ts's facts tuples, or visits' facts) as JSON
  // bytes, stored as they are: nothing is parsed here; and how many are each snippet's (migration
  // 0027, for waitingFor).
  // A prepared statement (named, parsed and planned once a connection): the unnamed one the query
  // builder sends was parsed and planned again for every batch. bench/journal-insert.mjs, an
  // insert of 57 hits: 0.167-0.173 ms of PostgreSQL's CPU unnamed, 0.123-0.133 ms prepared, against
  // 0.093-0.100 ms for an empty row's insert and commit in the same run (mostly the commit's flush).
  async append(stream: JournalStream, events: readonly (JournalTuple | VisitFacts)[]): Promise<void> {
    if (!events.length) return;
    const counts = JSON.stringify(snippetCounts(events));
    const pool = await this.pool();
    const [name, text] = this.config.ingestAsyncCommit ? ['ingest-journal-append-async', APPEND_ASYNC_SQL] : ['ingest-journal-append', APPEND_SQL];
    await this.param.send<unknown>(events, (bytes) => pool.query({ name, text, values: [stream, bytes, events.length, counts] }));
  }

  // The ORM's pool of pg connections (the query builder's own).
  private pool(): Promise<Pool> {
    return this.orm.em.getConnection().getNativeClient() as Promise<Pool>;
  }

  // In one transaction: claims up to `limit` rows (or the row `only`), runs `work` on them with the
  // transaction's executor, and deletes them as it commits. Nothing claimed (or another load
  // running, here or in another process): `work` is not run and the answer is null. A throw rolls everything back (the rows stay for the next claim).
  async load<T>(limit: number, work: (entries: JournalEntry[], exec: IngestExecutor) => Promise<T>, only: string | null = null): Promise<T | null> {
    return this.client()
      .transaction()
      .execute(async (trx) => {
        const exec: IngestExecutor = (sql, params) => trx.executeQuery(CompiledQuery.raw(sql, [...params]));
        // One load at a time, across processes: loads then follow the journal's order, so a play is
        // loaded after the click it joins (the click was journaled, and answered, before the
        // viewer page that played was even opened). Another load running: nothing claimed.
        const { rows: lock } = await exec<{ ok: boolean }>('select pg_try_advisory_xact_lock($1::bigint) as ok', [JOURNAL_LOAD_LOCK]);
        if (!lock[0]?.ok) return null;
        const { rows } = await exec<JournalEntry>(CLAIM_SQL, [limit, only]);
        if (!rows.length) return null;
        rows.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
        return work(rows, exec);
      });
  }

  // The ids of the oldest rows waiting (for loading one at a time, after a batch failed).
  async waiting(limit: number): Promise<string[]> {
    const rows = await this.client().selectFrom('ingest_journal').select('id').where('failed_at', 'is', null).orderBy('id').limit(limit).execute();
    return rows.map((r) => String(r.id));
  }

  // A row that cannot be loaded: kept, with why, out of the loader's way.
  async markFailed(id: string, error: string): Promise<void> {
    await this.client()
      .updateTable('ingest_journal')
      .set({ failed_at: sql<Date>`now()`, error: error.slice(0, 2000) })
      .where('id', '=', id)
      .execute();
  }

  // How many of the waiting events are this snippet's, from each row's counts (rows written before
  // migration 0027 have none, and are not counted).
  async waitingFor(snippetId: string): Promise<number> {
    const { rows } = await this.client().executeQuery<{ n: number }>(
      CompiledQuery.raw(`select coalesce(sum((snippet_counts ->> $1)::int), 0)::int as n from ingest_journal where failed_at is null and snippet_counts ? $1`, [snippetId.toLowerCase()]),
    );
    return rows[0]?.n ?? 0;
  }

  // The oldest waiting row (loads go in this order). Null: the journal is loaded.
  async oldestWaiting(): Promise<bigint | null> {
    const { rows } = await this.client().executeQuery<{ id: string | null }>(CompiledQuery.raw('select min(id)::text as id from ingest_journal where failed_at is null', []));
    return rows[0]?.id ? BigInt(rows[0].id) : null;
  }

  async backlog(): Promise<JournalBacklog> {
    const { rows } = await this.client().executeQuery<{ batches: number; events: number; failed: number; oldest: Date | null }>(
      CompiledQuery.raw(`select count(*) filter (where failed_at is null)::int as batches,
          coalesce(sum(event_count) filter (where failed_at is null), 0)::int as events,
          count(*) filter (where failed_at is not null)::int as failed,
          min(written_at) filter (where failed_at is null) as oldest
        from ingest_journal`),
    );
    const r = rows[0];
    return { batches: r.batches, events: r.events, failed: r.failed, oldest: r.oldest ? new Date(r.oldest) : null };
  }
}
