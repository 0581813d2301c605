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
// without the reports module knowing them, and how busy the ingest is (whenQuiet). Listeners run synchronously on the ingest's
// path, so each must only hand the batch on (queue it) and return; a throwing listener is logged
// and never fails the batch.
@Injectable()
export class EngagementEvents {
  private readonly logger = new Logger('EngagementEvents');
  private readonly listeners: EngagementListener[] = [];
  private pressure: IngestPressure = { bucket: 0, current: 0, previous: 0 };
  // When the current busy spell began (seen by a waiter), or null.
  private busySince: number | null = null;

  on(listener: EngagementListener): void {
    this.listeners.push(listener);
  }

  committed(events: readonly CommittedEngagement[]): void {
    if (!events.length) return;
    this.pressure = addPressure(this.pressure, Date.now(), events.length);
    for (const listener of this.listeners) {
      try {
        listener(events);
      } catch (e) {
        this.logger.error({ err: e }, 'A listener of committed engagement failed');
      }
    }
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
