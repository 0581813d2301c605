// A page unload is also a reload or a link to another page of the app, so the unload beacon
// cannot end the session at once. It marks it closing; a request within this grace period (the
// reloaded page asking for its session) clears the mark, otherwise the next request finds it closed.
export const CLOSE_GRACE_MS = 15_000;

export function isClosedByBeacon(closingAt: number | undefined, now: number): boolean {
  return closingAt !== undefined && now - closingAt > CLOSE_GRACE_MS;
}
