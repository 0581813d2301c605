import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { isCountedPlay } from '../shared/metrics/engagement-metrics.js';
import { MAX_VIDEO_SECONDS, mergeSegments, unionRanges, watchedSeconds, type Segment } from '../shared/metrics/watch-ranges.js';
import { playMilestones } from './play-milestones.js';
import { EngagementEvents, PLAY_EVENT_KINDS, type CommittedEngagement } from '../engagement/engagement-events.js';
import { EngagementWriter, type IngestOutcome } from './engagement-writer.service.js';
import { isConnectionError, isForeignKeyViolation, RETRY_DELAYS_MS, sleep } from '../ingest/ingest-errors.js';
import { GroupCommit } from './group-commit.js';
import { IngestLoader } from '../ingest/ingest-loader.service.js';
import type { PlayRangesReport } from './play-ranges-report.js';
import { PlannerStats } from '../ingest/planner-stats.service.js';
import { histogramDelta } from './second-stats.js';
import type { PlayRow, SecondStatsDelta, StoredPlay, Who } from '../engagement/viewer-activity-sql.js';
import type { VisitFacts } from '../ingest/ingest-journal.js';
import { EngagementStore } from '../engagement/engagement-store.service.js';

// One play report as the endpoint took it.
export interface PlayEvent {
  at: Date;
  report: PlayRangesReport;
  who: Who;
}

// other-snippet: the play id is another EyeMail's (refused, nothing written).
export type PlayOutcome = IngestOutcome | 'other-snippet';


// The viewer's visits and plays go through the ingest's group commit too (group-commit.ts): one
// writer per kind and process, a batch per journal row (visits, loaded into viewer_visit by the
// ingest's loader) or per transaction (plays, merged with what is stored), each request answered
// with the outcome of the write that carried it.
@Injectable()
export class ViewerActivityWriter implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Ingest');
  private readonly visitBatches = new GroupCommit<VisitFacts, IngestOutcome>((b) => this.write('visits', b, (fresh) => this.writeVisits(b, fresh)));
  private readonly playBatches = new GroupCommit<PlayEvent, PlayOutcome>((b) => this.write('plays', b, (fresh) => this.writePlays(b, fresh)));

  constructor(
    private readonly repo: EngagementStore,
    private readonly engagements: EngagementWriter,
    private readonly events: EngagementEvents,
    private readonly plannerStats: PlannerStats,
    private readonly loader: IngestLoader,
  ) {}

  recordVisit(visit: VisitFacts): Promise<IngestOutcome> {
    return this.visitBatches.submit(visit);
  }

  recordPlay(event: PlayEvent): Promise<PlayOutcome> {
    return this.playBatches.submit(event);
  }

  // Before the database connections close (as the open pixel's writer).
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all([this.visitBatches.idle(), this.playBatches.idle()]);
  }

  // Retried on a lost connection, looked up again when a snippet was deleted meanwhile; a batch
  // that still fails is logged and answered 'failed'.
  private async write<T, R>(what: string, batch: T[], once: (fresh: boolean) => Promise<R[]>): Promise<(R | 'failed')[]> {
    let fresh = false;
    for (let attempt = 0; ; attempt++) {
      try {
        return await once(fresh);
      } catch (e) {
        if (isForeignKeyViolation(e) && !fresh) {
          fresh = true;
          attempt--;
          continue;
        }
        if (isConnectionError(e) && attempt < RETRY_DELAYS_MS.length) {
          await sleep(RETRY_DELAYS_MS[attempt]);
          continue;
        }
        this.logger.error({ err: e, events: batch.length }, `Writing viewer ${what} failed; these are lost`);
        return batch.map(() => 'failed' as const);
      }
    }
  }

  // Into the ingest's journal, as the pixel's opens: the loader moves them into viewer_visit.
  private async writeVisits(visits: VisitFacts[], fresh: boolean): Promise<IngestOutcome[]> {
    const info = await this.engagements.snippetInfo(visits.map((v) => v.snippetId), fresh);
    const known = visits.filter((v) => info.has(v.snippetId));
    if (known.length) {
      await this.loader.append('visit', known);
      this.events.written(known.length);
      this.loader.kick();
    }
    return visits.map((v) => (info.has(v.snippetId) ? 'stored' : 'unknown-snippet'));
  }

  private async writePlays(events: PlayEvent[], fresh: boolean): Promise<PlayOutcome[]> {
    const info = await this.engagements.snippetInfo(events.map((e) => e.report.snippetId), fresh);
    const outcomes: PlayOutcome[] = events.map((e) => (info.has(e.report.snippetId) ? 'stored' : 'unknown-snippet'));
    // The batch's reports per play; a play claimed by two snippets in one batch is the first's.
    const plays = new Map<string, number[]>();
    events.forEach((e, i) => {
      if (outcomes[i] !== 'stored') return;
      const group = plays.get(e.report.playId);
      if (!group) plays.set(e.report.playId, [i]);
      else if (events[group[0]].report.snippetId !== e.report.snippetId) outcomes[i] = 'other-snippet';
      else group.push(i);
    });
    const reached: CommittedEngagement[] = []; // webhooks and notifications: play-milestones.ts
    let merged = 0;
    // As a load of opens (engagement/engagement-events.ts prepare): a module whose choice is cached
    // looks again in the transaction, so a webhook endpoint made through another instance misses
    // none of these plays' milestones.
    const maybe = [...plays.values()].map(([i]): CommittedEngagement => ({ snippetId: events[i].report.snippetId, kind: PLAY_EVENT_KINDS.played, occurredAt: events[i].at, machineReason: events[i].who.machineReason }));
    const prepare = (exec: Parameters<EngagementEvents['prepare']>[1]) => this.events.prepare(maybe, exec);
    const outbox = await this.repo.mergePlays([...plays.keys()], (stored) => {
      reached.length = 0;
      const rows: PlayRow[] = [];
      const seconds = new Map<string, SecondStatsDelta>();
      for (const [playId, group] of plays) {
        const first = events[group[0]];
        const before = stored.get(playId);
        if (before && before.snippetId !== first.report.snippetId) {
          for (const i of group) outcomes[i] = 'other-snippet';
          continue;
        }
        for (const i of group) outcomes[i] = 'stored';
        const row = mergedPlay(group.map((i) => events[i]), before, info.get(first.report.snippetId)!.videoDurationSecs);
        rows.push(row);
        reached.push(...playMilestones(row, before));
        addSeconds(seconds, row, before);
      }
      // In key order, so two instances adding to the same seconds lock them in the same order.
      const ordered = [...seconds.values()].sort((a, b) => a.snippetId.localeCompare(b.snippetId) || Number(a.machine) - Number(b.machine) || a.second - b.second);
      // The milestones some module will fan out go in the outbox, in the same transaction.
      const consumers = this.events.outboxFor(reached);
      merged = rows.length;
      return { rows, seconds: ordered, outbox: consumers.length ? { consumers, events: reached } : undefined };
    }, prepare);
    this.plannerStats.written('video_play', merged);
    this.events.written(merged);
    this.events.committed(reached, outbox);
    return outcomes;
  }
}

// The play's change to its EyeMail's per-second histogram (second-stats.ts), added to the batch's.
function addSeconds(into: Map<string, SecondStatsDelta>, row: PlayRow, before: StoredPlay | undefined): void {
  const segs = (json: [number, number, number][]) => json.map(([, start, end]) => ({ start, end }));
  const machine = (before ? before.machineReason : row.machineReason) !== null;
  const was = before ? { segments: segs(before.segments), lengthSecs: before.videoDurationSecs, counted: before.counted } : null;
  const now = { segments: segs(JSON.parse(row.segments) as [number, number, number][]), lengthSecs: row.videoDurationSecs, counted: row.counted };
  for (const d of histogramDelta(was, now)) {
    const key = `${row.snippetId}|${machine}|${d.second}`;
    const seen = into.get(key);
    if (seen) {
      seen.watching += d.watching;
      seen.rewatches += d.rewatches;
    } else into.set(key, { snippetId: row.snippetId, machine, ...d });
  }
}

// A play's new state: its stored segments with the batch's, cut to the video (the server's
// length, else the longest the browser reported, else the bound).
function mergedPlay(events: PlayEvent[], stored: StoredPlay | undefined, serverLength: number | null): PlayRow {
  const first = events[0];
  const reported = Math.max(0, ...events.map((e) => e.report.reportedLengthSecs ?? 0));
  const length = serverLength ?? (reported > 0 ? reported : null);
  const storedSegments: Segment[] = (stored?.segments ?? []).map(([id, start, end]) => ({ id, start, end }));
  const segments = mergeSegments(storedSegments, events.flatMap((e) => e.report.segments), length ?? MAX_VIDEO_SECONDS);
  const ranges = unionRanges(segments);
  const watched = watchedSeconds(ranges);
  const times = events.map((e) => e.at.getTime());
  return {
    ...first.who,
    playId: first.report.playId,
    snippetId: first.report.snippetId,
    startedAt: new Date(Math.min(...times)),
    updatedAt: new Date(Math.max(...times)),
    videoDurationSecs: length,
    segments: JSON.stringify(segments.map((s) => [s.id, s.start, s.end])),
    ranges: JSON.stringify(ranges),
    watchedSecs: watched,
    counted: isCountedPlay(watched, length),
    soundOn: (stored?.soundOn ?? false) || events.some((e) => e.report.soundOn),
    reports: events.length,
  };
}
