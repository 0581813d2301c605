import { createHmac, timingSafeEqual } from 'node:crypto';

import { PLAY_EVENT_KINDS } from '../engagement/engagement-events.js';
import { DEFAULT_NOTIFY_EVENTS, NOTIFY_EVENTS, type NotifyEvent } from '../shared/notify-rules.js';

// What an owner can be told about, as chosen in the settings (src/shared/notify-rules.ts).
export { NOTIFY_EVENTS, type NotifyEvent };
// No setting stored: these mail.
export const DEFAULT_EVENTS: readonly NotifyEvent[] = DEFAULT_NOTIFY_EVENTS;

export const EVENT_TEXT: Record<NotifyEvent, string> = {
  open: 'opened',
  play: 'played the video of',
  half: 'watched at least half of',
  end: 'watched to the end of',
  sound: 'turned on the sound of',
  click: 'clicked',
};

// The committed engagement kinds that notify: the ingest's opens and clicks, and a play's
// milestones (engagement/engagement-events.ts: counted, half and all of the video watched, the sound
// turned on; 'viewer-half' is half watched in outbox rows of older versions).
const KIND_EVENT: Record<string, NotifyEvent> = {
  open: 'open',
  click: 'click',
  [PLAY_EVENT_KINDS.played]: 'play',
  [PLAY_EVENT_KINDS.watched(50)]: 'half',
  'viewer-half': 'half',
  [PLAY_EVENT_KINDS.watched(100)]: 'end',
  [PLAY_EVENT_KINDS.soundOn]: 'sound',
};

export function notifyEventOf(kind: string): NotifyEvent | null {
  return KIND_EVENT[kind] ?? null;
}

// A named recipient: a receiver (v=) that is there and not a placeholder for nobody.
export function isNamedRecipient(receiver: string | null | undefined): receiver is string {
  const v = (receiver ?? '').trim().toLowerCase();
  return v !== '' && v !== 'unknown' && v !== 'null' && v !== 'undefined' && v !== '-';
}

// The events that mail for an EyeMail: its own choice, else the account's, else all.
export function effectiveEvents(accountDefault: readonly string[] | null, override: readonly string[] | null): readonly string[] {
  return override ?? accountDefault ?? DEFAULT_EVENTS;
}

export type ThrottleDecision = { action: 'mail' } | { action: 'hold'; digestAt: Date };

// At most one mail per owner, EyeMail and recipient in a window (an hour): the first event after
// a quiet window mails at once; later ones are held for a digest at the end of the window that
// the last mail opened (a digest counts as that window's end and opens the next).
export function throttleDecision(lastMailAt: Date | null, now: Date, windowMs: number): ThrottleDecision {
  if (!lastMailAt || now.getTime() - lastMailAt.getTime() >= windowMs) return { action: 'mail' };
  return { action: 'hold', digestAt: new Date(lastMailAt.getTime() + windowMs) };
}

// How a digest's subject counts each event: one and more.
const COUNTED: Record<NotifyEvent, [string, string]> = {
  open: ['open', 'opens'],
  play: ['play', 'plays'],
  half: ['half-watched', 'half-watched'],
  end: ['watched to the end', 'watched to the end'],
  sound: ['sound on', 'sound on'],
  click: ['click', 'clicks'],
};

// Held events in the order a digest lists them, counted per event (what the subject says).
export function digestSummary(events: readonly { kind: string }[]): string {
  const counts = new Map<string, number>();
  for (const e of events) counts.set(e.kind, (counts.get(e.kind) ?? 0) + 1);
  return NOTIFY_EVENTS.filter((k) => counts.has(k))
    .map((k) => `${counts.get(k)} ${COUNTED[k][counts.get(k)! > 1 ? 1 : 0]}`)
    .join(', ');
}

// Unsubscribe tokens: the owner and the EyeMail ('*': every EyeMail), signed with the app's
// secret, so the link works without signing in and cannot be made for someone else.
export interface UnsubscribeScope {
  userId: string;
  snippetId: string | null;
}

export function unsubscribeToken(scope: UnsubscribeScope, secret: string): string {
  const payload = Buffer.from(`${scope.userId}.${scope.snippetId ?? '*'}`).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

export function readUnsubscribeToken(token: unknown, secret: string): UnsubscribeScope | null {
  if (typeof token !== 'string' || token.length > 300) return null;
  const [payload, mac, extra] = token.split('.');
  if (!payload || !mac || extra !== undefined) return null;
  const want = Buffer.from(sign(payload, secret));
  const got = Buffer.from(mac);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  const [userId, snippetId] = Buffer.from(payload, 'base64url').toString('utf8').split('.');
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!uuid.test(userId ?? '') || !(snippetId === '*' || uuid.test(snippetId ?? ''))) return null;
  return { userId, snippetId: snippetId === '*' ? null : snippetId };
}

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url');
}

// Pruning (notification-prune.job.ts). Each owner keeps this many of their latest events for the
// bell (it lists 20; the unread count says "more than 99" beyond 99), and every event still held
// for a digest; older ones go. A window is needed while its digest is due or its hour runs: once
// both are over the throttle decides as if it were not there, so it goes too.
export const NOTIFY_PRUNE_JOB = 'notify-prune';
export const PRUNE_KEEP_PER_OWNER = 100;
export const PRUNE_EVERY_MS = 60 * 60 * 1000;
export const PRUNE_FIRST_AFTER_MS = 2 * 60 * 1000;
// One job id per period: however many instances ask, the queue runs one prune a period.
export const pruneJobId = (now: number, everyMs = PRUNE_EVERY_MS) => `${NOTIFY_PRUNE_JOB}-${Math.floor(now / everyMs)}`;
// Windows whose last mail is older than this have run their hour.
export const windowCutoff = (now: Date, windowMs: number) => new Date(now.getTime() - windowMs);
