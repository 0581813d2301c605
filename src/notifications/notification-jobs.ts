// The notification jobs (notifier.service.ts runs them) and what they carry.

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

export interface NotifyFanoutData {
  events: NotifyFanoutEvent[];
}

export interface NotifyDigestData {
  userId: string;
  snippetId: string;
  receiver: string;
}
