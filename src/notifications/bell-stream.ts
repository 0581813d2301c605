// The bell's live count (GET /api/notifications/stream, server-sent events): what is written on a
// stream and when. The connections themselves are bell-hub.service.ts's.

// How often each process asks the database for the unread counts of the users connected to it
// and whether their sessions still stand: an event recorded by another process (a worker, another
// app instance) or a sign-out reaches an open stream within this.
export const BELL_TICK_MS = 3_000;
// A comment line on a stream quiet this long, so proxies and balancers (often 60 s idle) keep it.
export const HEARTBEAT_MS = 25_000;
// How long the browser waits before it connects again after a stream ends (the `retry:` field).
export const RECONNECT_MS = 5_000;
// Open streams per user and process; one more is a 429 (the browser then polls).
export const MAX_STREAMS_PER_USER = 5;
// Bytes written and not yet taken by a client: past this it reads nothing, and its stream is ended
// rather than kept in memory.
export const MAX_UNSENT_BYTES = 64 * 1024;

export const STREAM_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  // no-transform: a proxy must not compress or rewrite it (it would hold events back).
  'Cache-Control': 'no-cache, no-transform',
  // nginx: pass each event through as it comes instead of buffering the response.
  'X-Accel-Buffering': 'no',
};

// Pure: the first bytes of a stream: the reconnect delay.
export function retryField(ms: number = RECONNECT_MS): string {
  return `retry: ${ms}\n\n`;
}

// Pure: the unread count as an event (`event: unread`, the count as its data).
export function unreadEvent(count: number): string {
  return `event: unread\ndata: ${Math.max(0, Math.trunc(count))}\n\n`;
}

export const HEARTBEAT = ': keep-alive\n\n';

// Pure: whether a stream last written at `lastWriteAt` needs a heartbeat now.
export function heartbeatDue(lastWriteAt: number, now: number, every: number = HEARTBEAT_MS): boolean {
  return now - lastWriteAt >= every;
}

// Pure: whether one more stream of a user who has `open` of them is refused.
export function overStreamCap(open: number, max: number = MAX_STREAMS_PER_USER): boolean {
  return open >= max;
}

// Pure: whether a stream that was sent `sent` (null: nothing yet) must be sent `count`.
export function countToSend(sent: number | null, count: number | undefined): count is number {
  return count !== undefined && count !== sent;
}

// Pure: whether a count read by look-up `seq` may be applied to a user whose latest applied
// look-up is `applied`: a slower look-up that started earlier (a tick racing a push) must not
// overwrite a newer count with an older one.
export function isNewerLookup(seq: number, applied: number | undefined): boolean {
  return applied === undefined || seq > applied;
}
