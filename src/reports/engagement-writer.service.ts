import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { DestinationKind } from '../shared/click-rules.js';
import { SnippetsService } from '../snippets/snippets.service.js';
import { RecentCache } from '../common/recent-cache.js';
import { burstMembers, clickOfPlay, personKey } from './bursts.js';
import type { EngagementKind, MachineReason } from './engagement.entity.js';
import type { ClickWindow, EventWindow, NewEngagement } from './ingest-sql.js';
import { compactKey, FLOOD_WINDOW_MS, floodKey, floodMembers, type FloodPoint } from './flood.js';
import { ReportRepository } from './report.repository.js';
import type { GeoLocation } from './geo-ip.adapter.js';
import { GroupCommit } from './group-commit.js';
import { cappedDuration } from './play-report.js';
import { PlannerStats } from './planner-stats.service.js';
import { BURST_RULES, PLAY_CLICK_WINDOW_MS } from './bursts.js';
import { EngagementEvents } from '../common/engagement-events.js';

// One open, click or play as the ingest endpoints saw it.
export interface IngestEvent {
  kind: EngagementKind;
  snippetId: string;
  occurredAt: Date;
  receiver: string | null;
  ip: string | null;
  geo: GeoLocation;
  deviceType: string | null;
  platform: string | null;
  client: string | null;
  userAgent: string | null;
  target: string | null;
  // Click: where it went (tracking-rules.ts recordedDestination).
  destination: DestinationKind | null;
  destinationLabel: string | null;
  durationSecs: number | null;
  reportedLengthSecs: number | null;
  machineReason: MachineReason | null;
  // Play: the viewer's play it belongs to (video_play), when the report named one.
  playId?: string | null;
}

export type IngestOutcome = 'stored' | 'unknown-snippet' | 'failed';

interface SnippetInfo {
  videoDurationSecs: number | null;
}

const BURST_WINDOW_MS = Math.max(...BURST_RULES.map((r) => r.windowMs));
// Known snippets rarely vanish (a deleted one fails the insert and is looked up again); an
// unknown id is forgotten sooner.
const KNOWN_TTL_MS = 60_000;
const UNKNOWN_TTL_MS = 5_000;
const CACHE_MAX = 20_000;
// People this process stored an event for recently (see markFloods). Bounded: past it the least
// recently seen are forgotten, which can only delay a flood check.
const RECENT_PEOPLE_MAX = 50_000;
const RETRY_DELAYS_MS = [25, 100, 400, 1_600, 3_200];

// Lost connections (a restarted or failed-over server, a killed backend): worth another try.
export function isConnectionError(e: unknown): boolean {
  const err = e as { code?: unknown; message?: unknown } | null;
  const code = typeof err?.code === 'string' ? err.code : '';
  if (/^(08|57P0)/.test(code) || code === '53300') return true;
  if (['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT'].includes(code)) return true;
  const message = typeof err?.message === 'string' ? err.message : '';
  return /Connection terminated|connection error|not queryable|terminating connection|server closed the connection/i.test(message);
}

function isForeignKeyViolation(e: unknown): boolean {
  return (e as { code?: unknown } | null)?.code === '23503';
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The ingest writer: one per process. Events are written by group commit (group-commit.ts), each
// batch as one statement; a request is answered with the outcome of the write that carried it.
// Several app instances each run their own writer against the same table.
@Injectable()
export class EngagementWriter implements OnApplicationShutdown {
  private readonly logger = new Logger('Ingest');
  private readonly batches = new GroupCommit<IngestEvent, IngestOutcome>((events) => this.writeBatch(events));
  private readonly snippetCache = new Map<string, { info: SnippetInfo | null; until: number }>();
  // compactKey(floodKey) -> when this process last stored an event of that person (ms). A
  // RecentCache: no delete per event (the table churn that grew the heap under load).
  private readonly recentPeople = new RecentCache<number, number>(RECENT_PEOPLE_MAX);
  // Counted, for the logs and the benchmark: rows stored, batches, retried and failed writes,
  // failed burst and flood checks.
  readonly stats = { stored: 0, batches: 0, retries: 0, failedWrites: 0, failedEvents: 0, failedBurstChecks: 0, failedFloodChecks: 0 };

  constructor(
    private readonly repo: ReportRepository,
    private readonly snippets: SnippetsService,
    // Webhooks and other listeners hear of each committed batch (integrations' hook; see below).
    private readonly events: EngagementEvents,
    // Told of each committed batch: the table's statistics follow its growth (planner-stats.ts).
    private readonly plannerStats: PlannerStats,
  ) {}

  record(event: IngestEvent): Promise<IngestOutcome> {
    return this.batches.submit(event);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.batches.idle();
  }

  private async writeBatch(events: IngestEvent[]): Promise<IngestOutcome[]> {
    let fresh = false;
    for (let attempt = 0; ; attempt++) {
      try {
        const outcomes = await this.writeOnce(events, fresh);
        this.stats.batches++;
        return outcomes;
      } catch (e) {
        if (isForeignKeyViolation(e) && !fresh) {
          // A snippet was deleted since it was looked up: look again, without the cache.
          fresh = true;
          attempt--;
          continue;
        }
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

  private async writeOnce(events: IngestEvent[], fresh: boolean): Promise<IngestOutcome[]> {
    const info = await this.snippetInfo(events.map((e) => e.snippetId), fresh);
    const known = events.filter((e) => info.has(e.snippetId));
    const rows: NewEngagement[] = known.map((e) => ({
      snippetId: e.snippetId,
      kind: e.kind,
      occurredAt: e.occurredAt,
      receiver: e.receiver,
      ip: e.ip,
      countryCode: e.geo.countryCode,
      countryName: e.geo.countryName,
      region: e.geo.region,
      city: e.geo.city,
      deviceType: e.deviceType,
      platform: e.platform,
      client: e.client,
      userAgent: e.userAgent,
      target: e.target,
      destination: e.destination,
      destinationLabel: e.destinationLabel,
      durationSecs: e.durationSecs === null ? null : cappedDuration(e.durationSecs, info.get(e.snippetId)!.videoDurationSecs, e.reportedLengthSecs),
      videoDurationSecs: e.kind === 'open' ? null : (info.get(e.snippetId)!.videoDurationSecs ?? null),
      clickId: null,
      machineReason: e.machineReason,
      playId: e.playId ?? null,
    }));
    await this.joinPlaysToClicks(rows);
    const stored = await this.repo.insertBatch(rows, this.events.outboxFor(rows)); // and its outbox rows
    this.stats.stored += rows.length;
    this.plannerStats.written('engagement', rows.length);
    // Committed: from here on a failure must not retry the batch (its rows are stored). Floods
    // first: of a run of 200 clicks, those past a person's allowance are a flood, the few left a
    // burst.
    await this.markFloods(rows);
    await this.markBursts(rows);
    // Integrations' hook: the modules with an outbox row (webhooks, notifications) buffer the batch and return at once.
    this.events.committed(stored ? rows.map((r, i) => ({ ...r, id: stored.ids[i] })) : rows, stored && new Map(Object.entries(stored.outbox ?? {})));
    return events.map((e) => (info.has(e.snippetId) ? 'stored' : 'unknown-snippet'));
  }

  // Each play's click: the person's latest stored click on the snippet within 30 minutes before it.
  private async joinPlaysToClicks(rows: NewEngagement[]): Promise<void> {
    const plays = rows.filter((r) => r.kind === 'play' && personKey(r.receiver, r.ip));
    if (!plays.length) return;
    const windows: ClickWindow[] = plays.map((r) => ({
      snippetId: r.snippetId,
      receiver: r.receiver,
      ip: r.ip,
      since: new Date(r.occurredAt.getTime() - PLAY_CLICK_WINDOW_MS),
      until: r.occurredAt,
    }));
    const stored = (await this.repo.clicksWithin(windows)).map((c) => ({ id: c.id, snippetId: c.snippetId, who: personKey(c.receiver, c.ip)!, at: c.occurredAt.getTime() }));
    for (const r of plays) r.clickId = clickOfPlay({ snippetId: r.snippetId, who: personKey(r.receiver, r.ip)!, at: r.occurredAt.getTime() }, stored)?.id ?? null;
  }

  // Floods (flood.ts), checked like the bursts once the batch is committed, over the stored events
  // around each suspect's (every instance's), so a flood split between instances is caught by
  // whichever commits last. Only suspects are looked at: people with several events in this
  // batch, or with an event this process stored within the flood window (recentPeople). A batch of
  // first opens, the usual batch, costs no query. A flood split between N instances is caught as
  // soon as one of them sees two of its events within the window; only floods of at most one event
  // per instance (no more events than instances, fewer than a person's allowance) go unseen. The
  // suspects were once found by a look-up inside the batch insert, but PostgreSQL planned it over
  // the snippet's whole last minute of events for each row (the time index, not the receiver's),
  // which cut the ingest's throughput by two thirds in a campaign's busy minute (bench/ingest.mjs).
  // Best effort, like the bursts.
  private async markFloods(rows: readonly NewEngagement[]): Promise<void> {
    const byKey = new Map<string, { first: number; last: number; count: number; row: NewEngagement }>();
    for (const r of rows) {
      const key = floodKey(r);
      if (!key) continue;
      const at = r.occurredAt.getTime();
      const seen = byKey.get(key);
      if (seen) {
        seen.first = Math.min(seen.first, at);
        seen.last = Math.max(seen.last, at);
        seen.count++;
      } else byKey.set(key, { first: at, last: at, count: 1, row: r });
    }
    const windows: EventWindow[] = [];
    for (const [key, g] of byKey) {
      const person = compactKey(key);
      const before = this.recentPeople.get(person);
      const recent = before !== undefined && g.first - before < FLOOD_WINDOW_MS;
      this.recentPeople.set(person, Math.max(before ?? 0, g.last));
      if (g.count < 2 && !recent) continue;
      const { snippetId, kind, receiver, ip } = g.row;
      const first = recent ? Math.min(before!, g.first) : g.first;
      windows.push({ snippetId, kind, receiver: receiver ?? null, ip: ip ?? null, since: new Date(first - FLOOD_WINDOW_MS), until: new Date(g.last + FLOOD_WINDOW_MS) });
    }
    if (!windows.length) return;
    await this.afterCommit('flood', windows.length, async () => {
      const stored = await this.repo.eventsWithin(windows);
      const points: FloodPoint[] = [];
      for (const e of stored) {
        const key = floodKey(e);
        if (key) points.push({ ref: e.id, key, kind: e.kind, at: e.occurredAt.getTime(), durationSecs: e.durationSecs, videoDurationSecs: e.videoDurationSecs });
      }
      const floods = floodMembers(points);
      await this.repo.markMachine(stored.filter((e) => floods.has(e.id) && e.machineReason === null).map((e) => e.id), 'flood');
    });
  }

  // Link-scanner bursts (bursts.ts), checked once the batch is committed, over the stored clicks
  // around each of its clicks: those of this batch and of every batch committed before it, on
  // this instance or another. Of two concurrent batches (two instances) the one committed last
  // sees the other's clicks, so a burst split between them is always caught; checked before the
  // insert, neither would see the other. Only batches holding clicks pay for it (never a batch
  // of opens). Best effort: a failure is logged, the batch stays stored.
  private async markBursts(rows: readonly NewEngagement[]): Promise<void> {
    const windows: ClickWindow[] = rows
      .filter((r) => r.kind === 'click' && personKey(r.receiver, r.ip))
      .map((r) => ({
        snippetId: r.snippetId,
        receiver: r.receiver,
        ip: r.ip,
        since: new Date(r.occurredAt.getTime() - BURST_WINDOW_MS),
        until: new Date(r.occurredAt.getTime() + BURST_WINDOW_MS),
      }));
    if (!windows.length) return;
    await this.afterCommit('burst', windows.length, async () => {
      const stored = await this.repo.clicksWithin(windows);
      const members = burstMembers(stored.map((c) => ({ ref: c.id, snippetId: c.snippetId, who: personKey(c.receiver, c.ip)!, at: c.occurredAt.getTime() })));
      await this.repo.markMachine(stored.filter((c) => members.has(c.id) && c.machineReason === null).map((c) => c.id), 'link-scanner');
    });
  }

  // A check once a batch is committed: retried on a lost connection; a failure is logged and
  // counted, the batch stays stored and its events as classified.
  private async afterCommit(check: 'burst' | 'flood', events: number, run: () => Promise<void>): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await run();
        return;
      } catch (e) {
        if (isConnectionError(e) && attempt < RETRY_DELAYS_MS.length) {
          await sleep(RETRY_DELAYS_MS[attempt]);
          continue;
        }
        if (check === 'burst') {
          this.stats.failedBurstChecks++;
          this.logger.error({ err: e, clicks: events }, 'Checking stored clicks for link-scanner bursts failed; their clicks stay as classified');
        } else {
          this.stats.failedFloodChecks++;
          this.logger.error({ err: e, windows: events }, 'Checking stored events for floods failed; their events stay as classified');
        }
        return;
      }
    }
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
