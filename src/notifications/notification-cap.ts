// The cap on immediate notification mails (issue 33), pure. Opens, clicks and plays take any v=
// from anyone, so one sender can make an EyeMail "opened" by a thousand made-up recipients: the
// hourly throttle per recipient (notification-rules.ts) does nothing against that. Two rules on
// top of it, per owner and EyeMail:
// - a cap: at most `max` immediate mails in a window (10 in 10 minutes by default, config
//   NOTIFY_CAP, NOTIFY_CAP_WINDOW_SECONDS); the events past it are counted in one summary mail at
//   the window's end ("and 37 more people opened ...");
// - new recipients from one address are one sender's, judged as the ingest judges one person's
//   floods (the same allowance, src/shared/flood-limits.ts) with the address alone as the person:
//   past what one person does, they mail no one at once and go to the summary, counted, never
//   mailed one by one. (The sliding count is written here over recipients' first sightings; the
//   ingest's floodMembers counts stored events, and the layers keep this module from the reports.)
import { EVENT_TEXT, NOTIFY_EVENTS, type NotifyEvent } from './notification-rules.js';
import { FLOOD_LIMITS } from '../shared/flood-limits.js';

// The cap window of one owner and EyeMail, as stored (notification_cap, migration 0028).
export interface CapState {
  windowStart: Date | null;
  mails: number;
}

export type CapDecision = { action: 'mail' } | { action: 'capped'; digestAt: Date };

// One event that the throttle would mail: mailed while the window has room (a window older than
// `windowMs` is over: a new one starts with this mail), else capped until the window's end. The
// state is updated in place, so the events of one fan-out are decided as if they came one by one.
export function capDecision(state: CapState, now: Date, windowMs: number, max: number): CapDecision {
  if (!state.windowStart || now.getTime() - state.windowStart.getTime() >= windowMs) {
    state.windowStart = now;
    state.mails = 0;
  }
  if (state.mails < max) {
    state.mails++;
    return { action: 'mail' };
  }
  return { action: 'capped', digestAt: new Date(state.windowStart.getTime() + windowMs) };
}

// An event of an address flood: capped until the end of the window (one starts if none runs),
// taking none of its mails.
export function capFlood(state: CapState, now: Date, windowMs: number): CapDecision {
  if (!state.windowStart || now.getTime() - state.windowStart.getTime() >= windowMs) {
    state.windowStart = now;
    state.mails = 0;
  }
  return { action: 'capped', digestAt: new Date(state.windowStart.getTime() + windowMs) };
}

// A recipient seen from an address: the first event of each (EyeMail, address, recipient, kind).
export interface Sighting {
  snippetId: string;
  ip: string;
  receiver: string;
  kind: string;
  at: number; // epoch milliseconds
}

// The flood allowance of the ingest (src/shared/flood-limits.ts): what one person does within a
// second and within a minute (the event itself included); a play's events as play reports.
const SECOND_MS = 1_000;
const MINUTE_MS = 60_000;
const LIMITS: Record<NotifyEvent, { perSecond: number; perMinute: number }> = { ...FLOOD_LIMITS, half: FLOOD_LIMITS.play, end: FLOOD_LIMITS.play, sound: FLOOD_LIMITS.play };
// How far back the sightings of earlier fan-outs are read: the rule's minute, and the minute
// before it that decided the first of those.
export const SIGHTING_LOOKBACK_MS = 2 * MINUTE_MS;

const sightingKey = (s: Sighting) => `${s.snippetId} ${s.kind} ${s.ip} ${s.receiver}`;
const complete = (e: Partial<Sighting>): e is Sighting => !!(e.ip && e.snippetId && e.receiver && e.kind) && typeof e.at === 'number';

// The events (indexes of `batch`) whose recipient is new from an address beyond what one person
// does: each recipient's first sighting (earlier ones from `seen`, read back from the stored
// events) counts for its address, EyeMail and kind, in the order they happened (earlier
// sightings first on a tie); a sighting past the second's or the minute's allowance is a flood,
// and so is every event of its recipient. Events without an address never are (as in flood.ts).
export function addressFloods(batch: readonly Partial<Sighting>[], seen: readonly Sighting[]): Set<number> {
  const first = new Map<string, { order: number; s: Sighting; flood: boolean }>();
  [...seen, ...batch].forEach((s, order) => {
    if (!complete(s)) return;
    const known = first.get(sightingKey(s));
    if (!known || s.at < known.s.at) first.set(sightingKey(s), { order, s, flood: false });
  });
  const groups = new Map<string, { order: number; s: Sighting; flood: boolean }[]>();
  for (const f of first.values()) {
    const g = `${f.s.snippetId} ${f.s.kind} ${f.s.ip}`;
    const group = groups.get(g);
    if (group) group.push(f);
    else groups.set(g, [f]);
  }
  for (const group of groups.values()) {
    group.sort((a, b) => a.s.at - b.s.at || a.order - b.order);
    const limits = LIMITS[group[0].s.kind as NotifyEvent] ?? LIMITS.open;
    let inSecond = 0;
    let inMinute = 0;
    group.forEach((f, i) => {
      while (group[inSecond].s.at <= f.s.at - SECOND_MS) inSecond++;
      while (group[inMinute].s.at <= f.s.at - MINUTE_MS) inMinute++;
      f.flood = i - inSecond + 1 > limits.perSecond || i - inMinute + 1 > limits.perMinute;
    });
  }
  const out = new Set<number>();
  batch.forEach((e, j) => {
    if (complete(e) && first.get(sightingKey(e))!.flood) out.add(j);
  });
  return out;
}

// The summary's lines: how many more people did each thing, in the order of NOTIFY_EVENTS
// ("37 more people opened", "1 more person clicked").
export function capSummary(events: readonly { receiver: string; kind: string }[]): { lines: string[]; people: number } {
  const byKind = new Map<string, Set<string>>();
  for (const e of events) {
    let who = byKind.get(e.kind);
    if (!who) byKind.set(e.kind, (who = new Set()));
    who.add(e.receiver);
  }
  const lines = NOTIFY_EVENTS.filter((k) => byKind.has(k)).map((k) => {
    const n = byKind.get(k)!.size;
    return `${n.toLocaleString('en-US')} more ${n === 1 ? 'person' : 'people'} ${EVENT_TEXT[k]}`;
  });
  return { lines, people: new Set(events.map((e) => e.receiver)).size };
}
