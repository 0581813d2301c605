import { performance } from 'node:perf_hooks';
import { Injectable, Logger } from '@nestjs/common';

// An open, click or play once its batch is committed, as the ingest writer stored it.
export interface CommittedEngagement {
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

export type EngagementListener = (events: readonly CommittedEngagement[]) => void;

// How busy the ingest is: events committed in the current and the previous quarter second, the
// batches that carried them, and how much of the last finished quarter second this process's event
// loop was working.
export interface IngestPressure {
  bucket: number;
  current: number;
  previous: number;
  currentBatches: number;
  previousBatches: number;
  loopBusy: number;
}

export const PRESSURE_BUCKET_MS = 250;
// A quarter second with this many committed events (1,000 a second) is a busy ingest; so is one
// with a tenth of it while the event loop works 80% of the time (a slower or shared machine).
export const BUSY_EVENTS = 250;
export const LOADED_EVENTS = 25;
export const LOADED_LOOP = 0.8;
// So is one whose events came in batches of this many on average (at least SATURATED_BATCHES of
// them): the writer commits a batch while the next gathers, so big batches mean each commit takes
// long (the database or the machine is saturated), however few events a second that makes. Seen
// on a 2-core machine shared with other work: the pixel fell to about 1,000 hits a second, under
// the threshold above, and the deliveries then ran beside the hits and cut them by two thirds.
export const SATURATED_BATCH = 16;
export const SATURATED_BATCHES = 3;
// Work that yields to the ingest waits at most this long, then runs even under load.
export const QUIET_WAIT_MAX_MS = 30_000;

// Pure: the pressure once `n` more events were committed at `now`; `loopBusy` says how much of the
// time since the last new quarter second the event loop worked (read only when a new one starts).
// One call per committed batch.
export function addPressure(p: IngestPressure, now: number, n: number, loopBusy: () => number): IngestPressure {
  const bucket = Math.floor(now / PRESSURE_BUCKET_MS);
  if (bucket === p.bucket) return { ...p, current: p.current + n, currentBatches: p.currentBatches + 1 };
  const next = bucket === p.bucket + 1;
  return { bucket, current: n, previous: next ? p.current : 0, currentBatches: 1, previousBatches: next ? p.currentBatches : 0, loopBusy: next ? loopBusy() : 0 };
}

// Pure: whether the ingest is busy at `now` (this quarter second or the last one was).
export function isBusy(p: IngestPressure, now: number): boolean {
  const bucket = Math.floor(now / PRESSURE_BUCKET_MS);
  const busy = (events: number, batches: number) =>
    events >= BUSY_EVENTS || (events >= LOADED_EVENTS && p.loopBusy >= LOADED_LOOP) || (batches >= SATURATED_BATCHES && events >= SATURATED_BATCH * batches);
  if (bucket === p.bucket) return busy(p.current, p.currentBatches) || busy(p.previous, p.previousBatches);
  return bucket === p.bucket + 1 && busy(p.current, p.currentBatches);
}

// Tells other modules (webhooks, notifications) what the ingest committed, one call per batch,
// without the reports module knowing them, and how busy the ingest is (whenQuiet). Listeners run synchronously on the ingest's
// path, so each must only hand the batch on (queue it) and return; a throwing listener is logged
// and never fails the batch.
@Injectable()
export class EngagementEvents {
  private readonly logger = new Logger('EngagementEvents');
  private readonly listeners: EngagementListener[] = [];
  private pressure: IngestPressure = { bucket: 0, current: 0, previous: 0, currentBatches: 0, previousBatches: 0, loopBusy: 0 };
  private loopMark = performance.eventLoopUtilization();
  // When the current busy spell began (seen by a waiter), or null.
  private busySince: number | null = null;

  on(listener: EngagementListener): void {
    this.listeners.push(listener);
  }

  committed(events: readonly CommittedEngagement[]): void {
    if (!events.length) return;
    this.pressure = addPressure(this.pressure, Date.now(), events.length, () => {
      const now = performance.eventLoopUtilization();
      const busy = performance.eventLoopUtilization(now, this.loopMark).utilization;
      this.loopMark = now;
      return busy;
    });
    for (const listener of this.listeners) {
      try {
        listener(events);
      } catch (e) {
        this.logger.error({ err: e }, 'A listener of committed engagement failed');
      }
    }
  }

  // Whether the ingest is committing more than 1,000 events a second now, or 100 with the event
  // loop 80% busy, or its commits gather 16 events or more on average (saturated).
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
