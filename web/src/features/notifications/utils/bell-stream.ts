// What the bell does with the server's live count (GET /api/notifications/stream).

// Pure: the count an `unread` event carries, or null when it carries none.
export function parseUnread(data: unknown): number | null {
  if (typeof data !== 'string' || !/^\d{1,9}$/.test(data.trim())) return null;
  return Number(data.trim());
}

// Pure: whether the list must be fetched again: the pushed count differs from the one shown.
// Nothing shown yet: the first fetch, on its way, brings it.
export function listOutdated(shown: number | undefined, pushed: number): boolean {
  return shown !== undefined && shown !== pushed;
}

// Pure: how often the bell polls: never while the stream is open, else every `pollMs` (the
// stream failed, was refused, or is connecting again).
export function pollInterval(live: boolean, pollMs: number): number | false {
  return live ? false : pollMs;
}
