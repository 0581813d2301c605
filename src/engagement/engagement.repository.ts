import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { CompiledQuery } from 'kysely';
import { FLOOD_LIMITS, SHARED_PROXY_CLIENTS } from '../shared/flood-limits.js';
import { JsonRowsSender } from '../database/json-rows.js';
import type { MachineReason } from './engagement-kinds.js';
import type { SqlExecutor } from './engagement-events.js';
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
  type FloodCandidate,
  type NewEngagement,
  type StoredClick,
  type StoredWithOutbox,
} from './engagement-sql.js';

// Every write of the engagement table, and the windows the machine-traffic checks read before
// marking (SQL in engagement-sql.ts): the ingest loader's batch inserts, the floods' and bursts'
// marks. The reports read it through their own read-only repository.
@Injectable()
export class EngagementRepository {
  // The batch insert's JSON parameter, in a buffer kept between batches (json-rows.ts).
  private readonly batchParam = new JsonRowsSender();

  constructor(private readonly orm: MikroORM) {}

  // The ORM's own raw queries inline every value; the batch statements pass their rows as one JSON
  // parameter (json-rows.ts) and their look-ups as native arrays instead, on the ORM's pool.
  // `exec`: the loader's transaction (the ingest's journal), else the pool.
  private ingestQuery<R>(sql: string, params: unknown[], exec?: SqlExecutor): Promise<{ rows: R[] }> {
    if (exec) return exec<R>(sql, params);
    return this.orm.em.getConnection().getClient().executeQuery<R>(CompiledQuery.raw(sql, params));
  }

  // One statement: the batch's rows, and an outbox row for each module in `outbox` (their names:
  // those that will fan the batch out), with the rows' ids; null when there is none.
  async insertBatch(rows: readonly NewEngagement[], outbox: readonly string[] = [], exec?: SqlExecutor): Promise<StoredWithOutbox | null> {
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

  // Each EyeMail's all-time record figures brought up to date (migration 0039): the deltas the
  // counters' writes left moved into their totals, in a transaction of its own; another process
  // folding already: nothing (its fold takes these too, or the next one). How many deltas moved.
  async foldReportTotals(): Promise<number> {
    const { rows } = await this.ingestQuery<{ moved: number }>('select report_total_fold() as moved', []);
    return rows[0]?.moved ?? 0;
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
  async latestClicks(windows: readonly ClickWindow[], exec?: SqlExecutor): Promise<(string | null)[]> {
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
