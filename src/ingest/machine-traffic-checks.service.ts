import { Injectable, Logger } from '@nestjs/common';
import { RecentCache } from '../common/recent-cache.js';
import { BURST_RULES, burstMembers, personKey } from './bursts.js';
import { compactKey, FLOOD_WINDOW_MS, floodKey, isFlood } from './flood.js';
import type { ClickWindow, EventWindow, NewEngagement } from '../engagement/engagement-sql.js';
import { isConnectionError, RETRY_DELAYS_MS, sleep } from './ingest-errors.js';
import { EngagementStore } from '../engagement/engagement-store.service.js';

const BURST_WINDOW_MS = Math.max(...BURST_RULES.map((r) => r.windowMs));
const RECENT_PEOPLE_MAX = 50_000;

// The machine-traffic checks the ingest loader runs once a load has committed (floods, then
// link-scanner bursts), over the stored events around the load's own: they mark what they find
// (machine_reason), and a failure leaves the events stored as classified.
@Injectable()
export class MachineTrafficChecks {
  private readonly logger = new Logger('Ingest');
  // compactKey(floodKey) -> when this process last loaded an event of that person (ms): the flood
  // check's suspects (markFloods). A RecentCache: no delete per event.
  private readonly recentPeople = new RecentCache<number, number>(RECENT_PEOPLE_MAX);

  constructor(private readonly repo: EngagementStore) {}

  // Floods (flood.ts), checked like the bursts once the load is committed, against the stored
  // events before each (every instance's), so a flood split between instances is caught by
  // whichever commits last. Only suspects are looked at: people with several events in this load,
  // or with an event this process loaded within the flood window (recentPeople). A load of first
  // opens, the usual load, costs no query. A flood split between N instances is caught as soon as
  // one of them sees two of its events within the window; only floods of at most one event per
  // instance go unseen. The suspects were once found by a look-up inside the batch insert, but
  // PostgreSQL planned it over the snippet's whole last minute of events for each row, which cut
  // the ingest's throughput by two thirds in a campaign's busy minute (bench/ingest.mjs).
  // Judged: each suspect's events from its first in this load on, to a minute after its last (the
  // later ones another instance stored earlier, whose verdict this load's can change), each against
  // the person's events before it, counted in the database only up to the limits: a load costs the
  // same early in a flood as after 100,000 of its events (it once read the whole minute's events of
  // the person, so a flood's loading slowed down as it went on: bench/ingest.mjs, row "flood").
  async markFloods(rows: readonly NewEngagement[]): Promise<void> {
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
      windows.push({ snippetId, kind, receiver: receiver ?? null, ip: ip ?? null, since: new Date(g.first), until: new Date(g.last + FLOOD_WINDOW_MS) });
    }
    if (!windows.length) return;
    await this.afterCommit('flood', windows.length, async () => {
      const candidates = await this.repo.floodCandidates(windows);
      await this.repo.markMachine(candidates.filter(isFlood).map((c) => c.id), 'flood');
    });
  }

  // Link-scanner bursts (bursts.ts), checked once the load is committed, over each person's
  // clicks of this load and the stored clicks around them: those of this load and of every load
  // committed before it, on this instance or another. Of two concurrent loads the one committed
  // last sees the other's clicks, so a burst split between them is always caught. Only loads
  // holding clicks pay for it, one window a person (not a click), and only the clicks a verdict can
  // depend on are read (BURST_CLICKS_*_SQL), so a flood of clicks costs what a person's few do.
  async markBursts(rows: readonly NewEngagement[]): Promise<void> {
    const people = new Map<string, ClickWindow>();
    for (const r of rows) {
      const who = r.kind === 'click' ? personKey(r.receiver, r.ip) : null;
      if (!who) continue;
      const key = `${r.snippetId} ${who}`;
      const w = people.get(key);
      if (!w) people.set(key, { snippetId: r.snippetId, receiver: r.receiver, ip: r.ip, since: r.occurredAt, until: r.occurredAt });
      else if (r.occurredAt < w.since) w.since = r.occurredAt;
      else if (r.occurredAt > w.until) w.until = r.occurredAt;
    }
    if (!people.size) return;
    await this.afterCommit('burst', people.size, async () => {
      const stored = await this.repo.burstClicks([...people.values()], BURST_WINDOW_MS);
      const members = burstMembers(stored.map((c) => ({ ref: c.id, snippetId: c.snippetId, who: personKey(c.receiver, c.ip)!, at: c.occurredAt.getTime() })));
      await this.repo.markMachine(stored.filter((c) => members.has(c.id) && c.machineReason === null).map((c) => c.id), 'link-scanner');
    });
  }

  // A check once a load is committed: retried on a lost connection; a failure is logged and
  // counted, the events stay stored and as classified.
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
          this.logger.error({ err: e, people: events }, 'Checking stored clicks for link-scanner bursts failed; their clicks stay as classified');
        } else {
          this.logger.error({ err: e, windows: events }, 'Checking stored events for floods failed; their events stay as classified');
        }
        return;
      }
    }
  }
}
