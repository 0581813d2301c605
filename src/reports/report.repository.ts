import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { CompiledQuery, type Kysely } from 'kysely';
import { rawSql } from '../database/raw-sql.js';
import type { ReportRecord, TimelineDay } from '../shared/report-types.js';
import { countersServe, isWholeReport, type ReportFilter, type ReportPage } from './report-filter.js';
import type { Sql } from '../database/sql-template.js';
import { recordCountSql, recordsSql, reportContextSql, summarySql } from './report-sql.js';
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
import { workspaceEyeMailsSql, type WorkspaceEyeMailRow } from './workspace-report-sql.js';

export interface ReportContextRow {
  snippetId: string;
  title: string;
  status: boolean;
  zoneName: string | null;
  // the journal row to load before reading (a bigint as text); null: none of its events wait
  lastWaiting: string | null;
}

export interface SummaryRow {
  totalViews: number;
  uniqueViews: number;
  totalClicks: number;
  averageViewTime: number;
  machineEvents: number;
  // every open and every click of the same filters: what the totals are made of
  opens: number;
  clicks: number;
  timeline: TimelineDay[];
}

// Rows a cursor fetch brings (the CSV writes a fetch at a time), and the CSV transaction's settings.
// The reports read other modules' tables in report SQL only (report-sql.ts and the files beside
// it): no statement is built with the query builder here, so its client names no table and
// refuses one (it opens the read-only transactions the SQL runs in).
type NoTables = Record<string, never>;

const STREAM_FETCH_ROWS = 1000;
const STREAM_SETTINGS = ["set local jit = off", "set local work_mem = '64MB'"];

// The reports' reads of the engagement store, read only (SQL in report-sql.ts; rows come back
// already shaped as the API's records, camelCase aliases). Every write is the engagement module's.

@Injectable()
export class ReportRepository {
  constructor(private readonly orm: MikroORM) {}

  // Outside any request's unit of work: reports only read.
  private connection() {
    return this.orm.em.fork().getConnection();
  }

  private all<T>(q: Sql): Promise<T[]> {
    return rawSql<T>(this.orm, q.text, q.params);
  }

  // The EyeMail, when it is one of the workspace's, the caller's zone name and the ingest's newest
  // journal row that holds its events (reportContextSql);
  // null for another workspace's EyeMail or a missing one. `snippetId` is a checked uuid.
  async context(workspaceId: string, snippetId: string, timezoneId: number | null): Promise<ReportContextRow | null> {
    return (await this.all<ReportContextRow>(reportContextSql(workspaceId, snippetId, timezoneId)))[0] ?? null;
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
    const trx = await (connection.getClient() as Kysely<NoTables>).startTransaction().setAccessMode('read only').execute();
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

  // Every EyeMail of the workspace with its figures (the company-wide report), from the counters:
  // without the JIT, as the summary (the plan's cost over a million counter rows would compile it).
  workspaceEyeMails(workspaceId: string, f: ReportFilter, tz: string): Promise<WorkspaceEyeMailRow[]> {
    return this.readWithoutJit<WorkspaceEyeMailRow>(workspaceEyeMailsSql(workspaceId, f, tz));
  }

  private async readWithoutJit<T>(q: Sql): Promise<T[]> {
    const connection = this.connection();
    const text = connection.getPlatform().formatQuery(q.text, q.params as never[]);
    const trx = await (connection.getClient() as Kysely<NoTables>).startTransaction().setAccessMode('read only').execute();
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
}
