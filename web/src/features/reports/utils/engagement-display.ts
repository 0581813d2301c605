import { secondWidth, type StripCell } from '@shared/metrics/watch-ranges';
import { addDays } from '@shared/report-rules';
import { daysBetween, timelineSteps } from '@shared/metrics/timeline-grain';
import { formatDayMonth, formatDayRange } from '@/lib/date-format';

// How the engagement part of the report page shows its numbers. Pure.

// A rate (0..1) as a whole percentage; '–' when there is nothing to divide by.
export function percent(rate: number | null): string {
  return rate === null ? '–' : `${Math.round(rate * 100)}%`;
}

// Seconds as people read them: 43 s, 2 min 5 s, 1 h 3 min.
export function duration(secs: number): string {
  const s = Math.round(secs);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  return `${Math.floor(s / 3600)} h${Math.floor((s % 3600) / 60) ? ` ${Math.floor((s % 3600) / 60)} min` : ''}`;
}

// 0:07 for second 7 of the video, 1:05 for 65.
export function clock(second: number): string {
  return `${Math.floor(second / 60)}:${String(second % 60).padStart(2, '0')}`;
}

// A strip of per-second counts as runs of the same kind (one drawn block each), so a 60 s video
// is a few blocks, not 60 elements.
export function stripRuns(seconds: readonly number[]): { kind: StripCell; from: number; length: number }[] {
  const runs: { kind: StripCell; from: number; length: number }[] = [];
  seconds.forEach((c, i) => {
    const kind: StripCell = c === 0 ? 'skipped' : c === 1 ? 'watched' : 'rewatched';
    const last = runs[runs.length - 1];
    if (last && last.kind === kind) last.length++;
    else runs.push({ kind, from: i, length: 1 });
  });
  return runs;
}

// The share of the strip a run takes (its seconds' widths: the last second may be a part).
export function runWidth(run: { from: number; length: number }, lengthSecs: number): number {
  let width = 0;
  for (let i = run.from; i < run.from + run.length; i++) width += secondWidth(i, lengthSecs);
  return width;
}

// What a strip says, for people who cannot see it: "Watched 0:00-0:12, rewatched 0:04-0:08".
export function stripSummary(seconds: readonly number[]): string {
  const runs = stripRuns(seconds).filter((r) => r.kind !== 'skipped');
  if (!runs.length) return 'Nothing watched';
  return runs.map((r, i) => `${i === 0 ? (r.kind === 'watched' ? 'Watched' : 'Rewatched') : r.kind} ${clock(r.from)}-${clock(r.from + r.length)}`).join(', ');
}

// "Mon 10, 09:00" for an hourly bucket, "Jan 10" for a daily one (local times from the server).
export function bucketLabel(start: string, grain: 'hour' | 'day'): string {
  const [date, time] = start.split('T');
  const [y, m, d] = date.split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return grain === 'hour' ? `${day}, ${time}` : day;
}

// The timeline's quick ranges, ending on the owner's today; "All time" has no dates. Any other
// range is custom (the Filter panel's dates).
export const RANGE_PRESETS = [
  { value: 'today', label: 'Today', days: 1 },
  { value: '7', label: '7 days', days: 7 },
  { value: '30', label: '30 days', days: 30 },
  { value: '90', label: '90 days', days: 90 },
  { value: 'all', label: 'All time', days: null },
] as const;

export function presetRange(value: string, today: string): { dateFrom: string | null; dateTill: string | null } {
  const days = RANGE_PRESETS.find((p) => p.value === value)?.days ?? null;
  return days === null ? { dateFrom: null, dateTill: null } : { dateFrom: addDays(today, -(days - 1)), dateTill: today };
}

// The preset the filter's dates are, else null (a custom range).
export function activePreset(dateFrom: string | null, dateTill: string | null, today: string): string | null {
  const hit = RANGE_PRESETS.find((p) => {
    const r = presetRange(p.value, today);
    return r.dateFrom === dateFrom && r.dateTill === dateTill;
  });
  return hit?.value ?? null;
}

// The timeline's previous and next buttons: what they are called (a week is the spec's "Previous
// week"), the window's label and where each leads (next is null once the window ends today).
export function timelineNav(range: { from: string; till: string }, today: string, locale?: string) {
  const days = daysBetween(range.from, range.till);
  const unit = days === 7 ? 'week' : days === 1 ? 'day' : `${days} days`;
  return {
    label: days === 1 ? formatDayMonth(range.from, locale) : formatDayRange(range.from, range.till, locale),
    previousLabel: `Previous ${unit}`,
    nextLabel: `Next ${unit}`,
    ...timelineSteps(range.from, range.till, today),
  };
}
