import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { SnippetsService } from '../snippets/snippets.service.js';
import { EngagementEvents } from '../engagement/engagement-events.js';
import { PLAY_CLICK_WINDOW_MS, personKey } from './bursts.js';
import type { ClickWindow, NewEngagement, StoredWithOutbox } from '../engagement/engagement-sql.js';
import { IngestJournalRepository, type IngestExecutor, type JournalBacklog, type JournalEntry, type JournalStream } from './ingest-journal.repository.js';
import type { NewVisit } from '../engagement/viewer-activity-sql.js';
import { journalEvents, journalVisits, loadParts, type JournaledEvent, type JournaledVisit, type JournalTuple, type VisitFacts } from './ingest-journal.js';
import { RequestClassifier } from './request-classifier.service.js';
import { PlannerStats } from './planner-stats.service.js';
import { EngagementStore } from '../engagement/engagement-store.service.js';
import { isConnectionError, isForeignKeyViolation, RETRY_DELAYS_MS, sleep } from './ingest-errors.js';
import { MachineTrafficChecks } from './machine-traffic-checks.service.js';

// Journal rows a load claims (each a group-commit batch of the hot path: tens of events, up to
// its 5,000): hundreds to a few thousand events a transaction, where the aggregates' triggers
// cost less an event than at the hot path's batch sizes.
const LOAD_BATCHES = 10;
// Every process looks at the journal this often, for rows another process left (a kill, a
// shutdown that ran out of time) or wrote without loading them yet.
const SWEEP_MS = 5_000;
// A reader waits at most this long for the journal to be loaded before it reads (catchUp).
const CATCH_UP_MAX_MS = 3_000;
// At shutdown the loader goes on at most this long; what is left waits for the next start.
const SHUTDOWN_LOAD_MS = 5_000;

// A load committed: its rows, and per insert the stored ids and outbox rows.
interface Loaded {
  parts: { rows: NewEngagement[]; stored: StoredWithOutbox | null }[];
  visits: number;
  events: number;
}

// Moves the journal's events (ingest-journal.repository.ts) into the engagement table, and its
// visits into viewer_visit. The hot
// path answers a hit once its batch is in the journal and kicks the loader; the loader waits while
// the ingest is busy (EngagementEvents.whenQuiet: a burst's CPU answers the hits, at most 30 s),
// then loads in transactions of up to LOAD_BATCHES journal rows: the insert (the report
// aggregates' triggers run in it) with its outbox rows, and the journal rows' delete. Once a load
// has committed it checks the stored events for floods and link-scanner bursts and hands them to
// the consumers (webhooks, notifications), as the writer did after its insert before the journal.
// A report's reader that finds its EyeMail's events waiting calls catchUpFor() first, so it shows
// every answered hit of its EyeMail.
@Injectable()
export class IngestLoader implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Ingest');
  private running: Promise<void> | null = null;
  private again = false;
  // The load in flight of the background pass (a reader waits for it: its rows are locked).
  private inFlight: Promise<number> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closing = false;
  private readonly quietWait = new AbortController();

  constructor(
    private readonly journal: IngestJournalRepository,
    private readonly engagements: EngagementStore,
    private readonly snippets: SnippetsService,
    private readonly events: EngagementEvents,
    private readonly plannerStats: PlannerStats,
    private readonly classifier: RequestClassifier,
    private readonly machineChecks: MachineTrafficChecks,
  ) {}

  // What a process stopped or killed before left is loaded from the start.
  onApplicationBootstrap(): void {
    this.kick();
  }

  // The hot path's batch, one journal row (ingest-journal.repository.ts), written before its
  // requests are answered; the writer then kicks the loader.
  append(stream: JournalStream, events: readonly (JournalTuple | VisitFacts)[]): Promise<void> {
    return this.journal.append(stream, events);
  }

  // Something was journaled (or may be waiting): a background pass runs, once the ingest is quiet.
  kick(): void {
    if (this.closing) return;
    this.timer ??= setInterval(() => this.kick(), SWEEP_MS).unref();
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.background()
      .catch((e: unknown) => this.logger.error({ err: e }, 'Loading the ingest journal failed; its rows wait for the next load'))
      .finally(() => {
        this.running = null;
      });
  }

  private async background(): Promise<void> {
    do {
      this.again = false;
      for (;;) {
        // Before every load, not only the first: a burst that starts while the journal is being
        // loaded gets the CPU back at once.
        await this.events.whenQuiet(this.quietWait.signal);
        if (this.closing) return;
        this.inFlight = this.loadOnce();
        const n = await this.inFlight.finally(() => (this.inFlight = null));
        if (n <= 0) break;
      }
    } while (this.again && !this.closing);
  }

  // Loads what the journal holds now, for a reader (a report, a feed): without waiting for a quiet
  // ingest, for at most `maxMs`. While another load runs (one at a time, across processes: the
  // journal's order), it waits and tries again; rows that fail to load are left to the logs.
  // Answers how many events still wait when it stops (0: every answered hit is loaded).
  async catchUp(maxMs = CATCH_UP_MAX_MS): Promise<number> {
    const deadline = Date.now() + maxMs;
    for (;;) {
      while (Date.now() < deadline && (await this.loadOnce()) > 0);
      if (this.inFlight) await this.inFlight.catch(() => 0);
      const left: JournalBacklog = await this.journal.backlog();
      if (!left.batches || Date.now() >= deadline) return left.events;
      await sleep(20);
    }
  }

  // Loads what a reader of one snippet's report must see: the journal up to `lastWaiting`, the
  // newest row that held the snippet's events when the read began (a report reads it with its
  // EyeMail in one statement, reports/report-sql.ts reportContextSql; loads follow the journal's
  // order), for at most `maxMs`. Another EyeMail's backlog after that row (a flood) never holds the
  // report up. Answers how many of the snippet's events still wait when it stops.
  async catchUpFor(snippetId: string, lastWaiting: bigint, maxMs = CATCH_UP_MAX_MS): Promise<number> {
    const deadline = Date.now() + maxMs;
    for (;;) {
      const oldest = await this.journal.oldestWaiting();
      if (oldest === null || oldest > lastWaiting) return 0;
      if (Date.now() >= deadline) return this.journal.waitingFor(snippetId);
      if ((await this.loadOnce()) > 0) continue;
      // another load runs (here or in another process): wait for it, then look again
      if (this.inFlight) await this.inFlight.catch(() => 0);
      else await sleep(20);
    }
  }

  backlog(): Promise<JournalBacklog> {
    return this.journal.backlog();
  }


  // At shutdown, before the database connections close (Nest runs every beforeApplicationShutdown
  // hook before any onApplicationShutdown one, where the ORM closes): the background pass stops
  // waiting, and what is left is loaded for at most SHUTDOWN_LOAD_MS. A batch a writer journals
  // after this waits for the next start, or another instance.
  async beforeApplicationShutdown(): Promise<void> {
    await this.finish();
  }

  private async finish(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.quietWait.abort();
    this.closing = true;
    await this.running;
    try {
      await this.catchUp(SHUTDOWN_LOAD_MS);
    } catch (e) {
      this.logger.warn({ err: e }, 'Loading the ingest journal at shutdown failed; the next start loads it');
    }
  }

  // One load: the events moved and checked, or 0 when nothing was waiting (or the load failed and
  // its rows stay). Journal rows that cannot be loaded are set aside one by one.
  private async loadOnce(only: string | null = null): Promise<number> {
    let loaded: Loaded | null;
    try {
      loaded = await this.loadWithRetries(only);
    } catch (e) {
      if (isConnectionError(e)) {
        this.logger.warn({ err: e }, 'Loading the ingest journal lost its connection; its rows wait for the next load');
        return 0;
      }
      if (only !== null) {
        this.logger.error({ err: e, journalId: only }, 'A journaled batch cannot be loaded; it is kept in ingest_journal with its error');
        await this.journal.markFailed(only, e instanceof Error ? e.message : String(e)).catch(() => undefined);
        return 1;
      }
      // One of the batches is bad: each alone, so the others are loaded and it is set aside.
      let n = 0;
      const ids = await this.journal.waiting(LOAD_BATCHES).catch(() => [] as string[]);
      for (const id of ids) n += await this.loadOnce(id);
      return n;
    }
    if (!loaded) return 0;
    await this.afterLoad(loaded);
    return Math.max(1, loaded.events);
  }

  private async loadWithRetries(only: string | null): Promise<Loaded | null> {
    let fresh = false;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.journal.load(only === null ? LOAD_BATCHES : 1, (entries, exec) => this.store(entries, exec, fresh), only);
      } catch (e) {
        if (isForeignKeyViolation(e) && !fresh) {
          // A snippet was deleted since its hits were answered: its events go with it.
          fresh = true;
          continue;
        }
        if (isConnectionError(e) && attempt < RETRY_DELAYS_MS.length && !this.closing) {
          await sleep(RETRY_DELAYS_MS[attempt]);
          continue;
        }
        throw e;
      }
    }
  }

  // Inside the load's transaction: the events of snippets that still exist (`fresh`: looked up,
  // after an insert found one gone), classified, located and parsed (journaled as what their
  // requests said), their plays joined to clicks, inserted with outbox rows.
  private async store(entries: JournalEntry[], exec: IngestExecutor, fresh: boolean): Promise<Loaded> {
    let events = entries.filter((e) => e.stream === 'engagement').flatMap((e) => journalEvents(e.json));
    let journaledVisits = entries.filter((e) => e.stream === 'visit').flatMap((e) => journalVisits(e.json));
    if (fresh) {
      const found = await this.snippets.trackingInfo([...new Set([...events, ...journaledVisits].map((e) => e.row.snippetId))]);
      events = events.filter((e) => found.has(e.row.snippetId));
      journaledVisits = journaledVisits.filter((v) => found.has(v.row.snippetId));
    }
    const rows = await this.derived(events);
    const visits = await this.derived(journaledVisits, 'open');
    const parts: Loaded['parts'] = [];
    await this.events.prepare(rows, exec);
    for (const part of loadParts(rows)) {
      await this.joinPlaysToClicks(part, exec);
      parts.push({ rows: part, stored: await this.engagements.insertBatch(part, this.events.outboxFor(part), exec) });
    }
    await this.engagements.insertVisits(visits, exec);
    return { parts, visits: visits.length, events: rows.length + visits.length };
  }

  // The rows, with what is derived from their requests filled in (a visit is classified as an
  // open is); rows of the journal's first format came whole.
  private async derived(events: JournaledEvent[]): Promise<NewEngagement[]>;
  private async derived(events: JournaledVisit[], kind: 'open'): Promise<NewVisit[]>;
  private async derived(events: (JournaledEvent | JournaledVisit)[], kind?: 'open'): Promise<(NewEngagement | NewVisit)[]> {
    const rows: (NewEngagement | NewVisit)[] = [];
    for (const { row, method, unfilledTag } of events) {
      if (method !== null) Object.assign(row, await this.classifier.classify(kind ?? (row as NewEngagement).kind, method, row.userAgent ?? null, row.ip ?? null, unfilledTag));
      rows.push(row);
    }
    return rows;
  }

  // Committed: counted, then the checks and the consumers (best effort: the events are stored).
  private async afterLoad(loaded: Loaded): Promise<void> {
    this.plannerStats.written('engagement', loaded.events - loaded.visits);
    if (loaded.visits) this.plannerStats.written('viewer_visit', loaded.visits);
    const rows = loaded.parts.flatMap((p) => p.rows);
    // Floods first: of a run of 200 clicks, those past a person's allowance are a flood, the few
    // left a burst.
    await this.machineChecks.markFloods(rows);
    await this.machineChecks.markBursts(rows);
    for (const { rows: part, stored } of loaded.parts) {
      // Each row is this load's own: given its stored id in place (a copy of every row was a
      // twentieth of the loader's time).
      if (stored) part.forEach((r, i) => ((r as NewEngagement & { id?: string }).id = stored.ids[i]));
      this.events.committed(part, stored && new Map(Object.entries(stored.outbox ?? {})));
    }
    // The load's and the markings' changes to each EyeMail's all-time figures folded into their
    // totals (best effort: until then a report adds the deltas itself).
    await this.engagements.foldReportTotals().catch((e: unknown) => this.logger.warn({ err: e }, 'Folding the report totals failed; the next load folds them'));
  }

  // Each play's click: the person's latest stored click on the snippet within 30 minutes before it.
  private async joinPlaysToClicks(rows: NewEngagement[], exec: IngestExecutor): Promise<void> {
    const plays = rows.filter((r) => r.kind === 'play' && personKey(r.receiver, r.ip));
    if (!plays.length) return;
    const windows: ClickWindow[] = plays.map((r) => ({
      snippetId: r.snippetId,
      receiver: r.receiver,
      ip: r.ip,
      since: new Date(r.occurredAt.getTime() - PLAY_CLICK_WINDOW_MS),
      until: r.occurredAt,
    }));
    const clicks = await this.engagements.latestClicks(windows, exec);
    plays.forEach((r, i) => (r.clickId = clicks[i]));
  }
}
