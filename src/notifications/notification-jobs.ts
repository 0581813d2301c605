// The notification jobs (notifier.service.ts runs them) and what they carry.
import type { PackedEvents } from '../engagement/event-buffer.js';

// Committed events of named recipients, buffered for up to 100 ms: settings looked up, the
// throttle applied, mails sent.
export const NOTIFY_FANOUT_JOB = 'notify-fanout';
// A window's held events, sent as one digest mail at the window's end.
export const NOTIFY_DIGEST_JOB = 'notify-digest';
// An owner's and EyeMail's capped events (notification-cap.ts), counted in one summary mail at
// the cap window's end.
export const NOTIFY_SUMMARY_JOB = 'notify-summary';

export interface NotifyFanoutEvent {
  // What caused it (notificationKeyOf): recorded once however often it is fanned out; null in
  // jobs queued by an older version.
  key: string | null;
  snippetId: string;
  receiver: string;
  event: string;
  occurredAt: string;
  // The address it came from (the cap's flood rule); absent in jobs queued by an older version
  // and in the outbox's replays.
  ip?: string | null;
}

export const NOTIFY_FANOUT_FIELDS: readonly (keyof NotifyFanoutEvent)[] = ['key', 'snippetId', 'receiver', 'event', 'occurredAt', 'ip'];

// What caused a notification: the stored row (opens, clicks), else the play and its milestone
// (each play is counted, and passes half of its video, once); null when neither is known.
export function notificationKeyOf(e: { id?: string | null; playId?: string | null; kind: string }): string | null {
  if (e.id) return `e${e.id}`;
  return e.playId ? `${e.kind}:${e.playId}` : null;
}

// The events packed (engagement/event-buffer.ts); `events`, a list of objects, in jobs queued by an
// older version.
export interface NotifyFanoutData {
  packed?: PackedEvents;
  events?: NotifyFanoutEvent[];
}

export interface NotifySummaryData {
  userId: string;
  snippetId: string;
}

export interface NotifyDigestData {
  userId: string;
  snippetId: string;
  receiver: string;
}
