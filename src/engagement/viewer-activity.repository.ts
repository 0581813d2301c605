import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { CompiledQuery, type Kysely } from 'kysely';
import type { EngagementTables } from './engagement-tables.js';
import {
  PLAY_COLUMNS,
  PLAY_LOCK_SQL,
  PLAY_SELECT_SQL,
  PLAY_UPSERT_SQL,
  SECOND_STATS_ADD_SQL,
  VISIT_INSERT_SQL,
  type NewVisit,
  type PlayRow,
  type SecondStatsDelta,
  type StoredPlay,
} from './viewer-activity-sql.js';
import { JsonRowsSender } from '../database/json-rows.js';
import type { SqlExecutor } from './engagement-events.js';
import { OUTBOX_EVENTS_INSERT_SQL } from './engagement-outbox-sql.js';

// What a merge answers: the plays and their histogram changes to store, and the events some
// module will fan out (a play's milestones), stored in the outbox (migration 0025) per module.
export interface MergedPlays {
  rows: PlayRow[];
  seconds: SecondStatsDelta[];
  outbox?: { consumers: string[]; events: readonly object[] };
}

// The viewer's visits and plays (viewer_visit, video_play): the visits inserted by the ingest's
// loader from its journal (ingest/ingest-loader.service.ts), the plays merged by the group-commit writer
// in one transaction per batch.
@Injectable()
export class ViewerActivityRepository {
  // The visits' JSON parameter, in a buffer kept between batches (json-rows.ts).
  private readonly visitsParam = new JsonRowsSender();

  constructor(private readonly orm: MikroORM) {}

  private client(): Kysely<EngagementTables> {
    return this.orm.em.getConnection().getClient() as Kysely<EngagementTables>;
  }

  // In the ingest loader's transaction (ingest-journal.repository.ts).
  async insertVisits(rows: readonly NewVisit[], exec: SqlExecutor): Promise<void> {
    if (!rows.length) return;
    await this.visitsParam.send(rows, (param) => exec(VISIT_INSERT_SQL, [param]));
  }

  // One transaction: the plays are locked, `prepare` run in it (what decides which modules want
  // their milestones brought up to date), their stored state read and handed to `merge`, and
  // what it answers stored: the plays, their changes to the per-second histogram and the outbox
  // rows of their milestones (answered: each module's outbox row).
  async mergePlays(
    playIds: readonly string[],
    merge: (stored: Map<string, StoredPlay>) => MergedPlays,
    prepare?: (exec: SqlExecutor) => Promise<void>,
  ): Promise<Map<string, string> | null> {
    if (!playIds.length) return null;
    return this.client()
      .transaction()
      .execute(async (trx) => {
        const ids = [...playIds];
        await trx.executeQuery(CompiledQuery.raw(PLAY_LOCK_SQL, [ids]));
        if (prepare) await prepare((sql, params) => trx.executeQuery(CompiledQuery.raw(sql, [...params])));
        const { rows } = await trx.executeQuery<StoredPlay>(CompiledQuery.raw(PLAY_SELECT_SQL, [ids]));
        const { rows: merged, seconds, outbox } = merge(new Map(rows.map((r) => [r.playId, r])));
        if (!merged.length) return null;
        await trx.executeQuery(CompiledQuery.raw(PLAY_UPSERT_SQL, PLAY_COLUMNS.map(([, , prop]) => merged.map((r) => r[prop] ?? null))));
        if (seconds.length) {
          await trx.executeQuery(
            CompiledQuery.raw(SECOND_STATS_ADD_SQL, [seconds.map((d) => d.snippetId), seconds.map((d) => d.machine), seconds.map((d) => d.second), seconds.map((d) => d.watching), seconds.map((d) => d.rewatches)]),
          );
        }
        if (!outbox?.consumers.length || !outbox.events.length) return null;
        const { rows: box } = await trx.executeQuery<{ id: string; consumer: string }>(CompiledQuery.raw(OUTBOX_EVENTS_INSERT_SQL, [outbox.consumers, JSON.stringify(outbox.events)]));
        return new Map(box.map((b) => [b.consumer, b.id]));
      });
  }
}
