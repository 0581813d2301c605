// Pure: the recording clock. Time spent paused does not count; a recording stops by itself at
// the limit (5 minutes).
export const MAX_RECORDING_SECS = 300;
export const COUNTDOWN_FROM = 3;

export interface Clock {
  startedAt: number | null;
  // milliseconds recorded before the current stretch (earlier stretches between pauses)
  bankedMs: number;
}

export const IDLE_CLOCK: Clock = { startedAt: null, bankedMs: 0 };

export const startClock = (c: Clock, now: number): Clock => (c.startedAt === null ? { ...c, startedAt: now } : c);
export const pauseClock = (c: Clock, now: number): Clock => (c.startedAt === null ? c : { startedAt: null, bankedMs: c.bankedMs + Math.max(0, now - c.startedAt) });
export const elapsedMs = (c: Clock, now: number): number => c.bankedMs + (c.startedAt === null ? 0 : Math.max(0, now - c.startedAt));
export const isOverLimit = (c: Clock, now: number, limitSecs = MAX_RECORDING_SECS): boolean => elapsedMs(c, now) >= limitSecs * 1000;

// 0:07, 4:59, 12:03
export function formatClock(secs: number): string {
  const s = Math.max(0, Math.floor(secs));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

// "4 minutes 53 seconds" for screen readers
export function spokenDuration(secs: number): string {
  const s = Math.max(0, Math.floor(secs));
  const m = Math.floor(s / 60);
  const parts = [];
  if (m) parts.push(`${m} minute${m === 1 ? '' : 's'}`);
  if (s % 60 || !m) parts.push(`${s % 60} second${s % 60 === 1 ? '' : 's'}`);
  return parts.join(' ');
}
