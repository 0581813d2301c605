import { isUnfilledMergeTag } from './merge-tags.js';

// Report rules shared by the server and the dashboard (spec 02 section 9). Pure.

export const REPORT_TABLE_PAGE_SIZE = 10;
export const TIMELINE_DAYS = 7;
export const NO_ENGAGEMENTS = 'There are no engagements found for this EyeMail.';
export const REPORT_DOWNLOAD_FAILED = 'Failed to download';

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

// A real calendar date written YYYY-MM-DD (2025-02-30 is not one).
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

// YYYY-MM-DD plus n days (calendar arithmetic, no time zone involved).
export function addDays(date: string, n: number): string {
  const m = ISO_DATE.exec(date);
  if (!m) throw new Error(`Not a date: ${date}`);
  return new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]) + n * DAY_MS).toISOString().slice(0, 10);
}

// The 7-day timeline window ending on weekEnding (inclusive).
export function weekWindow(weekEnding: string): { weekStart: string; weekEnding: string } {
  return { weekStart: addDays(weekEnding, -(TIMELINE_DAYS - 1)), weekEnding };
}

// "next week" is offered only while the window ends before today.
export function canGoToNextWeek(weekEnding: string, today: string): boolean {
  return weekEnding < today;
}

// The next window never runs past today.
export function nextWeekEnding(weekEnding: string, today: string): string {
  const next = addDays(weekEnding, TIMELINE_DAYS);
  return next > today ? today : next;
}

// Floored whole percentages of each part of the total (all 0 when the total is 0).
export function flooredPercents(parts: number[]): number[] {
  const total = parts.reduce((a, b) => a + b, 0);
  return parts.map((p) => (total > 0 ? Math.floor((p * 100) / total) : 0));
}

// Seconds to one decimal (spec 02 section 9: average view time).
export function oneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}

// Empty, or merge syntax a platform did not replace (*|EMAIL|*, {{ contact.email }}, ...: merge-tags.ts).
export function isPlaceholderReceiver(receiver: string | null | undefined): boolean {
  return !receiver || !receiver.trim() || isUnfilledMergeTag(receiver);
}

// Who the per-viewer table names: the receiver, or the IP address when the receiver is empty or
// an unfilled merge tag.
export function viewerLabel(r: { receiver: string | null; ipAddress: string | null }): string {
  if (!isPlaceholderReceiver(r.receiver)) return r.receiver!.trim();
  return r.ipAddress ?? 'Unknown';
}
