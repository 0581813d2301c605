import type { EngagementKind } from '../engagement/engagement-kinds.js';
import { FLOOD_LIMITS, SHARED_PROXY_CLIENTS } from '../shared/flood-limits.js';
import type { FloodFacts } from '../engagement/engagement-sql.js';

// Tracking floods, pure: opens, clicks and play reports of one person on one snippet beyond what a
// person can do (the pixel, the click and the play report take anything from anyone). Such
// events are kept and classed as machine traffic ('flood'): the first of a run, as many as a
// person could have made, still count; the rest do not. Nothing lost, nothing inflated.

// Events of one person, for this rule: one receiver at one address (a receiver seen from two
// addresses is two readers of a forwarded mail, or two devices), on one snippet, one kind of event.
// Without a receiver (an unfilled merge tag) the address alone, but never the image proxies' of
// SHARED_PROXY_CLIENTS (shared/flood-limits.ts). No address, no rule.

export function floodKey(e: { snippetId: string; kind: EngagementKind; receiver?: string | null; ip?: string | null; client?: string | null }): string | null {
  if (!e.ip) return null;
  if (!e.receiver && e.client && SHARED_PROXY_CLIENTS.includes(e.client)) return null;
  return `${e.snippetId} ${e.kind} ${e.ip} ${e.receiver ? `r:${e.receiver}` : '-'}`;
}

// A flood key as a 53-bit number (two 32-bit FNV-1a hashes, different seeds, of its UTF-16 code
// units), for the ingest writer's map of recent people: 50,000 keys built by concatenation, each
// holding the receiver's address, were 20 MB of the heap (414 bytes an entry); a number is 8. Two
// people sharing a number (about one chance in 10^7 at 50,000 people) only costs a flood check.
export function compactKey(key: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return (a >>> 0) * 0x200000 + ((b >>> 0) & 0x1fffff);
}

// At most this many events of one kind by one person within any second, and within any minute
// (src/shared/flood-limits.ts, where the notifications read them too).
export { FLOOD_LIMITS };

// Play reports carry the seconds watched. The reports of one person made within a minute cover
// what was played during that minute and at most one video length before it (a report may come
// at the end of a whole play): at most 60 s + the video's length of video at normal speed, for
// one viewer. Twice that leaves room for a second tab or double speed; seconds beyond it are a
// flood, whatever the count of reports.
export const PLAY_SECONDS_SLACK = 2;

export const SECOND_MS = 1_000;
export const MINUTE_MS = 60_000;
// How far back and forward of an event the rule looks.
export const FLOOD_WINDOW_MS = MINUTE_MS;

export interface FloodPoint {
  // the stored row's id (ordered as a number), or any label of the same length in tests
  ref: string;
  key: string;
  kind: EngagementKind;
  at: number; // epoch milliseconds
  durationSecs: number | null;
  videoDurationSecs: number | null;
}

// Row ids are bigints as strings: shorter is smaller.
function byRef(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

// The refs of the events that are a flood. Events are taken in the order they happened (ties by
// ref); each is judged against the events of its person before it, flood or not, within one
// second and one minute, so a run that keeps on stays a flood, and the verdict on an event never
// depends on what came after it. Fewer events known can only mean fewer floods, never more.
export function floodMembers(points: readonly FloodPoint[]): Set<string> {
  const floods = new Set<string>();
  const groups = new Map<string, FloodPoint[]>();
  for (const p of points) {
    const g = groups.get(p.key);
    if (g) g.push(p);
    else groups.set(p.key, [p]);
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    group.sort((a, b) => a.at - b.at || byRef(a.ref, b.ref));
    let inSecond = 0; // first index within the second before event i
    let inMinute = 0;
    let playedInMinute = 0; // seconds reported by events inMinute..i-1
    for (let i = 0; i < group.length; i++) {
      const e = group[i];
      while (group[inSecond].at <= e.at - SECOND_MS) inSecond++;
      while (group[inMinute].at <= e.at - MINUTE_MS) playedInMinute -= group[inMinute++].durationSecs ?? 0;
      if (isFlood({ ...e, inSecond: i - inSecond, inMinute: i - inMinute, playedInMinute })) floods.add(e.ref);
      playedInMinute += e.durationSecs ?? 0;
    }
  }
  return floods;
}

export function isFlood(e: FloodFacts): boolean {
  const limits = FLOOD_LIMITS[e.kind];
  if (e.inSecond >= limits.perSecond || e.inMinute >= limits.perMinute) return true;
  if (e.kind !== 'play') return false;
  const length = e.videoDurationSecs ?? e.durationSecs ?? 0;
  return e.playedInMinute + (e.durationSecs ?? 0) > PLAY_SECONDS_SLACK * (MINUTE_MS / 1000 + length);
}
