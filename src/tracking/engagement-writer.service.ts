import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { SnippetsService } from '../snippets/snippets.service.js';
import { GroupCommit } from './group-commit.js';
import { cappedDuration } from './play-report.js';
import { EngagementEvents } from '../engagement/engagement-events.js';
import { IngestLoader } from '../ingest/ingest-loader.service.js';
import { toFactsTuple, type EventFacts } from '../ingest/ingest-journal.js';
import { isConnectionError, RETRY_DELAYS_MS, sleep } from '../ingest/ingest-errors.js';

// One open, click or play as the ingest endpoints saw it: what the request said (the address
// normalised and the agent cut to length, nothing derived: ingest-journal.ts), with the play's
// reported length in place of the video's (the writer caps its seconds by both).
export type IngestEvent = Omit<EventFacts, 'videoDurationSecs' | 'playId' | 'unfilledTag'> & {
  // Open or click: v= was a merge tag the platform never filled in (a test).
  unfilledTag?: boolean;
  reportedLengthSecs: number | null;
  // Play: the viewer's play it belongs to (video_play), when the report named one.
  playId?: string | null;
};

export type IngestOutcome = 'stored' | 'unknown-snippet' | 'failed';

interface SnippetInfo {
  videoDurationSecs: number | null;
}

// Known snippets rarely vanish (the loader drops the events of one deleted since: they would have
// gone with it); an unknown id is forgotten sooner.
const KNOWN_TTL_MS = 60_000;
const UNKNOWN_TTL_MS = 5_000;
const CACHE_MAX = 20_000;

// The ingest writer: one per process. Events are written by group commit (group-commit.ts), each
// batch as one row of the ingest journal (migration 0026); a request is answered with the outcome
// of the write that carried it, and the loader (ingest-loader.service.ts) moves the batch into the
// engagement table, with its aggregates and checks, once the ingest is quiet. Several app
// instances each run their own writer and loader against the same tables.
@Injectable()
export class EngagementWriter implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Ingest');
  private readonly batches = new GroupCommit<IngestEvent, IngestOutcome>((events) => this.writeBatch(events));
  private readonly snippetCache = new Map<string, { info: SnippetInfo | null; until: number }>();
  // Counted, for the logs and the benchmark: events journaled, batches, retried and failed writes.
  readonly stats = { stored: 0, batches: 0, retries: 0, failedWrites: 0, failedEvents: 0 };

  constructor(
    private readonly loader: IngestLoader,
    private readonly snippets: SnippetsService,
    // Told how many events each batch journaled: how busy the ingest is (whenQuiet).
    private readonly events: EngagementEvents,
  ) {}

  record(event: IngestEvent): Promise<IngestOutcome> {
    return this.batches.submit(event);
  }

  // The last batches journaled before the connections close (the loader loads what it can then).
  async beforeApplicationShutdown(): Promise<void> {
    await this.batches.idle();
  }

  private async writeBatch(events: IngestEvent[]): Promise<IngestOutcome[]> {
    for (let attempt = 0; ; attempt++) {
      try {
        const outcomes = await this.writeOnce(events);
        this.stats.batches++;
        return outcomes;
      } catch (e) {
        if (isConnectionError(e) && attempt < RETRY_DELAYS_MS.length) {
          this.stats.retries++;
          this.logger.warn({ err: e, events: events.length, attempt: attempt + 1 }, 'Engagement write lost its connection; retrying');
          await sleep(RETRY_DELAYS_MS[attempt]);
          continue;
        }
        this.stats.failedWrites++;
        this.stats.failedEvents += events.length;
        this.logger.error(
          { err: e, events: events.length, failedWrites: this.stats.failedWrites, failedEvents: this.stats.failedEvents },
          'Engagement write failed; these events are lost',
        );
        return events.map(() => 'failed');
      }
    }
  }

  private async writeOnce(events: IngestEvent[]): Promise<IngestOutcome[]> {
    const info = await this.snippetInfo(events.map((e) => e.snippetId));
    const known = events.filter((e) => info.has(e.snippetId));
    if (known.length) {
      const tuples = known.map((e) => {
        const videoDurationSecs = info.get(e.snippetId)!.videoDurationSecs ?? null;
        return toFactsTuple({
          snippetId: e.snippetId,
          kind: e.kind,
          occurredAt: e.occurredAt,
          receiver: e.receiver,
          ip: e.ip,
          userAgent: e.userAgent,
          method: e.method,
          target: e.target,
          destination: e.destination,
          destinationLabel: e.destinationLabel,
          durationSecs: e.durationSecs === null ? null : cappedDuration(e.durationSecs, videoDurationSecs, e.reportedLengthSecs),
          videoDurationSecs: e.kind === 'open' ? null : videoDurationSecs,
          playId: e.playId ?? null,
          unfilledTag: e.unfilledTag ?? false,
        });
      });
      // Committed here, the batch is stored: the loader moves it into the engagement table.
      await this.loader.append('engagement', tuples);
      this.stats.stored += tuples.length;
      this.events.written(tuples.length);
      this.loader.kick();
    }
    return events.map((e) => (info.has(e.snippetId) ? 'stored' : 'unknown-snippet'));
  }

  // The snippets that exist among these ids, with their video's length (cached; `fresh` looks
  // again). The viewer's visits and plays use it too (viewer-activity-writer.service.ts).
  async snippetInfo(ids: string[], fresh = false): Promise<Map<string, SnippetInfo>> {
    const now = Date.now();
    const result = new Map<string, SnippetInfo>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const hit = fresh ? undefined : this.snippetCache.get(id);
      if (hit && hit.until > now) {
        if (hit.info) result.set(id, hit.info);
      } else missing.push(id);
    }
    if (missing.length) {
      const found = await this.snippets.trackingInfo(missing);
      if (this.snippetCache.size + missing.length > CACHE_MAX) this.snippetCache.clear();
      for (const id of missing) {
        const info = found.get(id) ?? null;
        this.snippetCache.set(id, { info, until: now + (info ? KNOWN_TTL_MS : UNKNOWN_TTL_MS) });
        if (info) result.set(id, info);
      }
    }
    return result;
  }
}
