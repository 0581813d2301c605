import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { CompiledQuery, type Kysely } from 'kysely';
import { rawSql } from '../database/raw-sql.js';
import type { ReportRecord, TimelineDay } from '../shared/report-types.js';
import { countersServe, isWholeReport, type ReportFilter, type ReportPage } from './report-filter.js';
import {
  INSERT_SQL,
  INSERT_WITH_OUTBOX_SQL,
  MARK_MACHINE_SQL,
  BURST_CLICKS_BY_ADDRESS_SQL,
  BURST_CLICKS_BY_RECEIVER_SQL,
  LATEST_CLICK_BY_ADDRESS_SQL,
  LATEST_CLICK_BY_RECEIVER_SQL,
  FLOOD_CANDIDATES_SQL,
  type ClickWindow,
  type EventWindow,
  type NewEngagement,
  type StoredClick,
  type StoredWithOutbox,
} from './ingest-sql.js';
import type { MachineReason } from './engagement.entity.js';
import { FLOOD_LIMITS, SHARED_PROXY_CLIENTS, type FloodCandidate } from './flood.js';
import { JsonRowsSender } from './json-rows.js';
import type { IngestExecutor } from './ingest-journal.repository.js';
import { recordCountSql, recordsSql, summarySql, type Sql } from './report-sql.js';
import { csvLinesSql } from './report-csv-sql.js';
import { playCountSql, playsSql, type PlayRow } from './report-plays-sql.js';
import {
  engagementGraphSql,
  engagementTotalsSql,
  counterTimelineSql,
  counterTotalsSql,
  counterPlayCountSql,
  secondStatsGraphSql,
  timelineSql,
  type EngagementTotalsRow,
  type GraphSecondRow,
  type TimelineBucketRow,
} from './report-engagement-sql.js';
import type { TimelineGrain } from '../shared/metrics/timeline-grain.js';

export interface SummaryRow {
  totalViews: number;
  uniqueViews: number;
  totalClicks: number;
  averageViewTime: number;
  machineEvents: number;
  timeline: TimelineDay[];
}

// Rows a cursor fetch brings (the CSV writes a fetch at a time), and the CSV transaction's settings.
const STREAM_FETCH_ROWS = 1000;
const STREAM_SETTINGS = ["set local jit = off", "set local work_mem = '64MB'"];

// The engagement table, only here: the reports' reads (SQL in report-sql.ts; rows come back
// already shaped as the API's records, camelCase aliases) and the ingest's batch writes (SQL in
// ingest-sql.ts).

@Injectable()
export class ReportRepository {
  // The batch insert's JSON parameter, in a buffer kept between batches (json-rows.ts).
  private readonly batchParam = new JsonRowsSender();

  constructor(private readonly orm: MikroORM) {}

  // Outside any request's unit of work: reports only read.
  private connection() {
    return this.orm.em.fork().getConnection();
  }

  private all<T>(q: Sql): Promise<T[]> {
    return rawSql<T>(this.orm, q.text, q.params);
  }

  async records(snippetId: string, f: ReportFilter, tz: string, page: ReportPage): Promise<{ records: ReportRecord[]; total: number }> {
    const [records, count] = await Promise.all([
      this.all<ReportRecord>(recordsSql(snippetId, f, tz, page)),
      this.all<{ total: number }>(recordCountSql(snippetId, f, tz)),
    ]);
    return { records, total: count[0]?.total ?? 0 };
  }

  async plays(snippetId: string, f: ReportFilter, tz: string, page: ReportPage): Promise<{ plays: PlayRow[]; total: number }> {
    // The total from the 15-minute counters when they answer the filter, else counted.
    const countSql = countersServe(f) ? counterPlayCountSql(snippetId, f, tz) : playCountSql(snippetId, f, tz);
    const [plays, count] = await Promise.all([this.all<PlayRow>(playsSql(snippetId, f, tz, page)), this.all<{ total: number }>(countSql)]);
    return { plays, total: count[0]?.total ?? 0 };
  }

  async engagementTotals(snippetId: string, f: ReportFilter, tz: string): Promise<EngagementTotalsRow> {
    // Counts and sums from the 15-minute counters when they answer the filter exactly.
    return (await this.all<EngagementTotalsRow>(countersServe(f) ? counterTotalsSql(snippetId, f, tz) : engagementTotalsSql(snippetId, f, tz)))[0];
  }

  // From the per-second histogram kept at ingest when the filter keeps every event, else from the
  // plays' segments.
  engagementGraph(snippetId: string, f: ReportFilter, tz: string): Promise<GraphSecondRow[]> {
    return this.all<GraphSecondRow>(isWholeReport(f) ? secondStatsGraphSql(snippetId, f.includeMachine) : engagementGraphSql(snippetId, f, tz));
  }

  timeline(snippetId: string, f: ReportFilter, tz: string, range: { from: string; till: string; grain: TimelineGrain }): Promise<TimelineBucketRow[]> {
    return this.all<TimelineBucketRow>(countersServe(f) ? counterTimelineSql(snippetId, f, tz, range) : timelineSql(snippetId, f, tz, range));
  }

  // Every matching record as its CSV line (csvLinesSql: the columns `columns`), newest first,
  // from a database cursor, the lines of a fetch at a time: a million rows never sit in memory,
  // and nothing is done per row on the way but joining its line. In a read-only transaction of
  // its own, without PostgreSQL's JIT (it compiled this plan for seconds, more than it saved) and
  // with room to hash the first views and the clicks' plays in memory.
  async *streamCsvLines(snippetId: string, f: ReportFilter, tz: string, columns: readonly string[]): AsyncGenerator<string> {
    const q = csvLinesSql(snippetId, f, tz, columns);
    const connection = this.connection();
    // The ORM's own formatting of the ? parameters (lists included), as its queries get.
    const text = connection.getPlatform().formatQuery(q.text, q.params as never[]);
    const trx = await (connection.getClient() as Kysely<unknown>).startTransaction().setAccessMode('read only').execute();
    let finished = false;
    try {
      for (const setting of STREAM_SETTINGS) await trx.executeQuery(CompiledQuery.raw(setting));
      for await (const { rows } of trx.getExecutor().stream<{ line: string }>(CompiledQuery.raw(text), STREAM_FETCH_ROWS)) {
        let out = '';
        for (const r of rows) out += r.line;
        yield out;
      }
      finished = true;
    } finally {
      await (finished ? trx.commit() : trx.rollback()).execute();
    }
  }

  // Over every row of the snippet: without the JIT, which compiled its plan for longer than it
  // saved (19.1 s against 15.8 s at 1 M rows on a busy machine).
  async summary(snippetId: string, f: ReportFilter, tz: string, week: { weekStart: string; weekEnding: string }): Promise<SummaryRow> {
    const [row] = await this.readWithoutJit<SummaryRow>(summarySql(snippetId, f, tz, week));
    return row;
  }

  private async readWithoutJit<T>(q: Sql): Promise<T[]> {
    const connection = this.connection();
    const text = connection.getPlatform().formatQuery(q.text, q.params as never[]);
    const trx = await (connection.getClient() as Kysely<unknown>).startTransaction().setAccessMode('read only').execute();
    try {
      await trx.executeQuery(CompiledQuery.raw('set local jit = off'));
      const { rows } = await trx.executeQuery<T>(CompiledQuery.raw(text));
      await trx.commit().execute();
      return rows;
    } catch (e) {
      await trx.rollback().execute();
      throw e;
    }
  }

  // ---- ingest (engagement-writer.service.ts) ----------------------------------------------------

  // The ORM's own raw queries inline every value; the batch statements pass their rows as one JSON
  // parameter (json-rows.ts) and their look-ups as native arrays instead, on the ORM's pool.
  // `exec`: the loader's transaction (ingest-journal.repository.ts), else the pool.
  private ingestQuery<R>(sql: string, params: unknown[], exec?: IngestExecutor): Promise<{ rows: R[] }> {
    if (exec) return exec<R>(sql, params);
    return this.orm.em.getConnection().getClient().executeQuery<R>(CompiledQuery.raw(sql, params));
  }

  // One statement: the batch's rows, and an outbox row for each module in `outbox` (their names:
  // those that will fan the batch out), with the rows' ids; null when there is none.
  async insertBatch(rows: readonly NewEngagement[], outbox: readonly string[] = [], exec?: IngestExecutor): Promise<StoredWithOutbox | null> {
    if (!rows.length) return null;
    if (!outbox.length) {
      await this.batchParam.send(rows, (param) => this.ingestQuery(INSERT_SQL, [param], exec));
      return null;
    }
    const { rows: out } = await this.batchParam.send(rows, (param) => this.ingestQuery<StoredWithOutbox>(INSERT_WITH_OUTBOX_SQL, [param, [...outbox]], exec));
    return out[0];
  }

  // Stored events found in a link-scanner burst or a flood: machine events from now on (those
  // not already machine for another reason). One statement.
  async markMachine(ids: readonly string[], reason: MachineReason): Promise<void> {
    if (!ids.length) return;
    await this.ingestQuery(MARK_MACHINE_SQL, [[...ids], reason]);
  }

  // The flood rule's candidates in these windows (FLOOD_CANDIDATES_SQL): an event found by two
  // windows of one person comes back once.
  async floodCandidates(windows: readonly EventWindow[]): Promise<FloodCandidate[]> {
    const byReceiver = windows.filter((w) => w.receiver && w.ip);
    const byIp = windows.filter((w) => !w.receiver && w.ip);
    if (!byReceiver.length && !byIp.length) return [];
    const columns = (ws: EventWindow[]) => [
      ws.map((w) => w.snippetId),
      ws.map((w) => w.kind),
      ws.map((w) => w.receiver ?? null),
      ws.map((w) => w.ip),
      ws.map((w) => w.since),
      ws.map((w) => w.until),
      ws.map((w) => FLOOD_LIMITS[w.kind].perSecond),
      ws.map((w) => FLOOD_LIMITS[w.kind].perMinute),
    ];
    const { rows } = await this.ingestQuery<FloodCandidate>(FLOOD_CANDIDATES_SQL, [...columns(byReceiver), SHARED_PROXY_CLIENTS, ...columns(byIp)]);
    return [...new Map(rows.map((r) => [r.id, r])).values()];
  }

  // The clicks the link-scanner rule needs around each window's (one person's clicks of a load:
  // BURST_CLICKS_*_SQL), each click once.
  async burstClicks(windows: readonly ClickWindow[], aroundMs: number): Promise<StoredClick[]> {
    const rows: StoredClick[] = [];
    for (const { byReceiver, ws } of byPerson(windows)) {
      const sql = byReceiver ? BURST_CLICKS_BY_RECEIVER_SQL : BURST_CLICKS_BY_ADDRESS_SQL;
      rows.push(...(await this.ingestQuery<StoredClick>(sql, [...clickWindowColumns(ws), aroundMs / 1000])).rows);
    }
    return [...new Map(rows.map((r) => [r.id, { ...r, occurredAt: new Date(r.occurredAt) }])).values()];
  }

  // For each window, the id of the person's latest click within it (null: none), in the windows'
  // order.
  async latestClicks(windows: readonly ClickWindow[], exec?: IngestExecutor): Promise<(string | null)[]> {
    const out: (string | null)[] = windows.map(() => null);
    for (const { byReceiver, ws, at } of byPerson(windows)) {
      const sql = byReceiver ? LATEST_CLICK_BY_RECEIVER_SQL : LATEST_CLICK_BY_ADDRESS_SQL;
      const { rows } = await this.ingestQuery<{ n: number; id: string }>(sql, clickWindowColumns(ws), exec);
      for (const r of rows) out[at[r.n - 1]] = r.id;
    }
    return out;
  }
}

// Windows by how their person is known (the receiver, else the address alone), each with its
// place among all; the groups that have any.
function byPerson(windows: readonly ClickWindow[]): { byReceiver: boolean; ws: ClickWindow[]; at: number[] }[] {
  const groups = [true, false].map((byReceiver) => ({ byReceiver, ws: [] as ClickWindow[], at: [] as number[] }));
  windows.forEach((w, i) => {
    const g = w.receiver ? groups[0] : w.ip ? groups[1] : null;
    g?.ws.push(w);
    g?.at.push(i);
  });
  return groups.filter((g) => g.ws.length);
}

const clickWindowColumns = (ws: readonly ClickWindow[]) => [
  ws.map((w) => w.snippetId),
  ws.map((w) => w.receiver ?? null),
  ws.map((w) => w.ip ?? null),
  ws.map((w) => w.since),
  ws.map((w) => w.until),
];
