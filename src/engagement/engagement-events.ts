import { Injectable, Logger } from '@nestjs/common';

// An open, click or play once its batch is committed, as the ingest writer stored it.
export interface CommittedEngagement {
  // The stored row's id (engagement), when the batch wrote an outbox row; null for events that
  // are not rows of their own (a play's milestones).
  id?: string | null;
  // The viewer's play, for a play's milestones (tracking/play-milestones.ts): 'viewer-play' (a play
  // counted), 'viewer-watched-25' to 'viewer-watched-100', 'viewer-sound-on'.
  playId?: string | null;
  // A play's milestone: the share of the video (25, 50, 75, 100) it has now watched.
  milestone?: number | null;
  // A play's distinct seconds watched, the video's length (null: unknown) and whether the sound
  // was turned on, when the milestone was reached.
  watchedSecs?: number | null;
  videoSecs?: number | null;
  soundOn?: boolean | null;
  snippetId: string;
  kind: string;
  occurredAt: Date;
  receiver?: string | null;
  countryCode?: string | null;
  countryName?: string | null;
  region?: string | null;
  city?: string | null;
  deviceType?: string | null;
  platform?: string | null;
  client?: string | null;
  target?: string | null;
  destination?: string | null;
  destinationLabel?: string | null;
  // Seconds watched (plays); a number, or its text as the driver may give a double.
  durationSecs?: number | string | null;
  // Machine traffic as classified when the batch was stored (floods and link-scanner bursts are
  // marked on the stored rows afterwards).
  machineReason?: string | null;
}

// The kinds of a play's milestones (tracking/play-milestones.ts), as webhooks and notifications
// read them: a play counted, 25/50/75/100 % of the video watched, the sound turned on.
// ('viewer-half', half watched, is in outbox rows of older versions.)
export const PLAY_EVENT_KINDS = {
  played: 'viewer-play',
  soundOn: 'viewer-sound-on',
  watched: (milestone: number) => `viewer-watched-${milestone}`,
} as const;

// The milestone a kind names (viewer-watched-75: 75), else null.
export function watchedMilestoneOf(kind: string): number | null {
  const m = /^viewer-watched-(25|50|75|100)$/.exec(kind);
  return m ? Number(m[1]) : kind === 'viewer-half' ? 50 : null;
}

// Runs a statement on the connection of the ingest's transaction.
export type SqlExecutor = <R>(sql: string, params: readonly unknown[]) => Promise<{ rows: R[] }>;

// A module that fans committed engagement out (webhooks, notifications). Durable across a hard
// kill through the outbox (engagement-outbox.ts): the batch statement stores an outbox row per
// consumer that wants some of its events, `take` buffers them, and once their fan-out job is
// queued the consumer removes its outbox rows; a sweeper hands what a killed process left to
// `replay`.
export interface EngagementConsumer {
  // Its outbox rows' `consumer`.
  readonly name: string;
  // Synchronous and cheap (the ingest asks before every batch): whether it would fan this out.
  wants(e: CommittedEngagement): boolean;
  // Before a load of opens and clicks is stored, inside its transaction (`query` runs on it):
  // brings what `wants` reads up to date where a cached answer could leave these events out
  // (usually nothing to do). Awaited once a load, before `wants`.
  prepare?(events: readonly CommittedEngagement[], query: SqlExecutor): Promise<void>;
  // On the ingest's path, once the batch is committed: buffer (no await, no query). `outboxId`:
  // the batch's outbox row for this consumer, to remove once the fan-out job is queued.
  take(events: readonly CommittedEngagement[], outboxId: string): void;
  // The sweeper: queue the fan-out of an outbox row's events (read back from the database), with
  // a job id of that row (queued twice, it is one job). Resolves once queued.
  replay(events: readonly CommittedEngagement[], outboxId: string): Promise<void>;
}

// Pure: the consumers that want some of these events (those the batch writes an outbox row for).
// None, the usual case without webhooks or named recipients: the batch is a plain insert.
export function consumersWanting(consumers: readonly Pick<EngagementConsumer, 'name' | 'wants'>[], events: readonly CommittedEngagement[]): string[] {
  const names: string[] = [];
  for (const c of consumers) {
    for (const e of events) {
      if (c.wants(e)) {
        names.push(c.name);
        break;
      }
    }
  }
  return names;
}

// How busy the ingest is: events committed in the current and the previous quarter second.
export interface IngestPressure {
  bucket: number;
  current: number;
  previous: number;
}

export const PRESSURE_BUCKET_MS = 250;
// A quarter second with this many committed events (100 a second: a campaign's hits are coming
// in) is a busy ingest. It was 1,000 a second (or 100 with the event loop 80% busy), a rate a
// saturated machine does not reach: on the shared 2-core machine the stored pixel fell to about
// 1,000 hits a second, below it, the fan-out and the deliveries then ran beside the hits and took
// their CPU, and the pixel fell further (0.47x of its own figure in one run). Work waits at most
// QUIET_WAIT_MAX_MS from the start of a busy spell, so steady traffic delays it once by that
// much, not for good.
export const BUSY_EVENTS = 25;
// Work that yields to the ingest waits at most this long, then runs even under load.
export const QUIET_WAIT_MAX_MS = 30_000;

// Pure: the pressure once `n` more events were committed at `now`.
export function addPressure(p: IngestPressure, now: number, n: number): IngestPressure {
  const bucket = Math.floor(now / PRESSURE_BUCKET_MS);
  if (bucket === p.bucket) return { ...p, current: p.current + n };
  return { bucket, current: n, previous: bucket === p.bucket + 1 ? p.current : 0 };
}

// Pure: whether the ingest is busy at `now` (this quarter second or the last one was).
export function isBusy(p: IngestPressure, now: number): boolean {
  const bucket = Math.floor(now / PRESSURE_BUCKET_MS);
  if (bucket === p.bucket) return p.current >= BUSY_EVENTS || p.previous >= BUSY_EVENTS;
  return bucket === p.bucket + 1 && p.current >= BUSY_EVENTS;
}

// Tells other modules (webhooks, notifications) what the ingest committed, one call per batch,
// without the ingest knowing them, and how busy the ingest is (whenQuiet). The writer
// asks `outboxFor` before it stores a batch and stores an outbox row for each consumer named;
// `committed` then hands the batch to those consumers. They run synchronously on the ingest's
// path, so each must only buffer the batch and return; a throwing consumer is logged and never
// fails the batch (its outbox row stays, for the sweeper).
@Injectable()
export class EngagementEvents {
  private readonly logger = new Logger('EngagementEvents');
  private readonly consumerList: EngagementConsumer[] = [];
  private pressure: IngestPressure = { bucket: 0, current: 0, previous: 0 };
  // When the current busy spell began (seen by a waiter), or null.
  private busySince: number | null = null;

  consume(consumer: EngagementConsumer): void {
    this.consumerList.push(consumer);
  }

  consumer(name: string): EngagementConsumer | undefined {
    return this.consumerList.find((c) => c.name === name);
  }

  // Before a load is stored, in its transaction: each consumer's `prepare` (what `wants` reads,
  // brought up to date).
  async prepare(events: readonly CommittedEngagement[], query: SqlExecutor): Promise<void> {
    if (!events.length) return;
    for (const c of this.consumerList) if (c.prepare) await c.prepare(events, query);
  }

  // The consumers that want some of these events: the batch stores an outbox row for each.
  outboxFor(events: readonly CommittedEngagement[]): string[] {
    return this.consumerList.length ? consumersWanting(this.consumerList, events) : [];
  }

  // `outbox`: the batch's outbox row per consumer (what outboxFor named and the batch stored).
  committed(events: readonly CommittedEngagement[], outbox?: ReadonlyMap<string, string> | null): void {
    if (!events.length || !outbox?.size) return;
    for (const c of this.consumerList) {
      const outboxId = outbox.get(c.name);
      if (outboxId === undefined) continue;
      try {
        c.take(events, outboxId);
      } catch (e) {
        this.logger.error({ err: e }, 'A consumer of committed engagement failed; the sweeper queues its events');
      }
    }
  }

  // The ingest's hot path stored `n` events (its journal, the viewer's tables): how busy it is.
  written(n: number): void {
    if (n > 0) this.pressure = addPressure(this.pressure, Date.now(), n);
  }

  // Whether the ingest is committing 100 events a second or more now.
  get busy(): boolean {
    return isBusy(this.pressure, Date.now());
  }

  // Resolves once the ingest is not busy, or when it has been busy for QUIET_WAIT_MAX_MS (counted
  // from when the busy spell began, for every waiter alike: under load that lasts, the work runs
  // beside the hits instead of piling up), or when `signal` aborts. The fan-out jobs (webhooks,
  // notifications) wait on it: during a burst of hits the CPU answers and stores the hits, and the
  // deliveries, held safely in the job queue, go out once it has passed.
  async whenQuiet(signal?: AbortSignal, maxWaitMs = QUIET_WAIT_MAX_MS): Promise<void> {
    for (;;) {
      const now = Date.now();
      if (!this.busy) {
        this.busySince = null;
        return;
      }
      this.busySince ??= now;
      if (now - this.busySince >= maxWaitMs || signal?.aborted) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
