// The notification jobs (notifier.service.ts runs them) and what they carry.
import type { PackedEvents } from '../common/event-buffer.js';

// Committed events of named recipients, buffered for up to 100 ms: settings looked up, the
// throttle applied, mails sent.
export const NOTIFY_FANOUT_JOB = 'notify-fanout';
// A window's held events, sent as one digest mail at the window's end.
export const NOTIFY_DIGEST_JOB = 'notify-digest';

export interface NotifyFanoutEvent {
  snippetId: string;
  receiver: string;
  event: string;
  occurredAt: string;
}

export const NOTIFY_FANOUT_FIELDS: readonly (keyof NotifyFanoutEvent)[] = ['snippetId', 'receiver', 'event', 'occurredAt'];

// The events packed (common/event-buffer.ts); `events`, a list of objects, in jobs queued by an
// older version.
export interface NotifyFanoutData {
  packed?: PackedEvents;
  events?: NotifyFanoutEvent[];
}

export interface NotifyDigestData {
  userId: string;
  snippetId: string;
  receiver: string;
}
