import { addDays, canGoToNextWeek, isPlaceholderReceiver, nextWeekEnding, weekWindow } from '@shared/report-rules';
import type { ReportBreakdown, ReportRecord, ReportSummary } from '@shared/report-types';
import { formatDayMonth, formatDayRange } from '@/lib/date-format';

// How the report page shows the numbers the API returns. Pure.

// What names a test: a v= left as the platform's merge tag (the marketer's own preview or test
// send), never the tag itself nor the address it came from.
export const TEST_VIEWER = 'Test (merge tag not filled in)';

// Who a row of 'Per Viewer Analysis' names: the receiver, or the IP address when the receiver is
// empty or a merge tag the sending platform never filled in (*|EMAIL|*, {{email}}, ...); a test
// (machine reason 'test') is named as one.
export function viewerOf(r: Pick<ReportRecord, 'receiver' | 'ipAddress'> & { machineReason?: string | null }): { label: string; byIp: boolean } {
  if (r.machineReason === 'test') return { label: TEST_VIEWER, byIp: false };
  if (!isPlaceholderReceiver(r.receiver)) return { label: r.receiver!.trim(), byIp: false };
  return { label: r.ipAddress ?? 'Unknown viewer', byIp: true };
}

export interface PieSlice {
  name: string;
  value: number;
  percent: number;
  color: string;
}

// Whole percentages of each part that add up to exactly 100 (the largest remainder method):
// each part gets its floored share, then the points still missing go one each to the parts with
// the largest remainders (the earlier part first on a tie). All 0 when the total is 0.
export function wholePercents(parts: number[]): number[] {
  const total = parts.reduce((a, b) => a + Math.max(0, b), 0);
  if (!(total > 0)) return parts.map(() => 0);
  const exact = parts.map((p) => (Math.max(0, p) * 100) / total);
  const floored = exact.map(Math.floor);
  let missing = 100 - floored.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((e, i) => ({ i, r: e - floored[i] })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (missing <= 0) break;
    floored[i] += 1;
    missing -= 1;
  }
  return floored;
}

// The Engagement Breakdown pie shares views alone: unique and repeat views, whole percentages
// that add up to 100. Clicks are another kind of count (a click follows a view), so they are
// not a slice of it; the card shows them beside the pie. Empty when there are no views.
export function breakdownSlices(b: Pick<ReportBreakdown, 'uniqueViews' | 'repeatViews'>): PieSlice[] {
  const parts = [
    { name: 'Unique views', value: b.uniqueViews, color: 'indigo.6' },
    { name: 'Repeat views', value: b.repeatViews, color: 'cyan.5' },
  ];
  if (!parts.some((p) => p.value > 0)) return [];
  const percents = wholePercents(parts.map((p) => p.value));
  return parts.map((p, i) => ({ ...p, percent: percents[i] }));
}

// 'Nov 25' (en-US) from 2026-11-25 in the browser's locale (a calendar date, no time zone involved).
export function shortDay(date: string, locale?: string): string {
  return formatDayMonth(date, locale);
}

// The timeline's week paging: the window, where previous and next lead, and whether next is
// allowed (not once the window ends today).
export function weekNavigation(weekEnding: string, today: string, locale?: string) {
  const { weekStart } = weekWindow(weekEnding);
  return {
    label: formatDayRange(weekStart, weekEnding, locale),
    previous: addDays(weekEnding, -7),
    next: canGoToNextWeek(weekEnding, today) ? nextWeekEnding(weekEnding, today) : null,
  };
}

// 'Seattle, Washington, United States' (what is known of it), else a dash.
export function locationOf(r: Pick<ReportRecord, 'city' | 'state' | 'country'>): string {
  const parts = [r.city, r.state, r.country].filter((p): p is string => !!p && !!p.trim());
  return parts.length ? [...new Set(parts)].join(', ') : '—';
}

// The seconds played, one decimal; a dash when the row has none.
export function secondsOf(r: Pick<ReportRecord, 'durationSecs'>): string {
  if (r.durationSecs === null || r.durationSecs === undefined) return '—';
  return (Math.round(r.durationSecs * 10) / 10).toString();
}

// Device, platform and client in one line ('Smartphone · iOS · Apple Mail').
export function deviceOf(r: Pick<ReportRecord, 'device' | 'platform' | 'client'>): string {
  // device types are stored lower case ('smartphone'); platforms and clients as named ('iOS')
  const device = r.device ? r.device.charAt(0).toUpperCase() + r.device.slice(1) : null;
  const parts = [device, r.platform, r.client].filter((p): p is string => !!p && !!p.trim());
  return parts.length ? parts.join(' · ') : '—';
}

const MACHINE_LABELS: Record<string, string> = {
  'apple-privacy': 'Apple Mail privacy prefetch',
  'head-request': 'Link check (HEAD request)',
  'link-scanner': 'Link scanner',
  bot: 'Bot',
  flood: 'Flood (more than a person can do)',
};

// Why a row is left out by default. A test is the marketer's, not a machine's: said per activity.
export function machineLabel(reason: string, activity: ReportRecord['activity'] = 'view'): string {
  if (reason === 'test') return activity === 'click' ? 'Test click (merge tag not filled in)' : 'Test open (merge tag not filled in)';
  return MACHINE_LABELS[reason] ?? 'Machine';
}

// The badge of a row left out by default.
export function machineBadge(reason: string): string {
  return reason === 'test' ? 'Test' : 'Machine';
}

// How soon the report reads itself again while hits are still being counted.
export const PENDING_REFRESH_MS = 2_000;

// The notice of hits answered but not counted yet (a burst of traffic still being loaded).
export function pendingNotice(pending: number): string {
  const n = pending.toLocaleString('en-US');
  return pending === 1
    ? '1 recent open, click or visit is still being counted after a burst of traffic. These figures take it in by themselves in a moment.'
    : `${n} recent opens, clicks and visits are still being counted after a burst of traffic. These figures take them in by themselves in a moment.`;
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

// What each of the spec's totals is made of, in the report's other metrics: "8 opens + 2 plays
// without a click", "of 9 clicks: 1 to the web view with 1 s or less played".
export function totalsNotes(s: Pick<ReportSummary, 'uniqueViews' | 'opens' | 'playsWithoutClick' | 'clicks' | 'totalClicks'>): Record<'totalViews' | 'totalClicks' | 'averageViewTime', string[]> {
  const uncounted = s.clicks - s.totalClicks;
  return {
    totalViews: [`${count(s.opens, 'open', 'opens')} + ${count(s.playsWithoutClick, 'play', 'plays')} without a click`, `${s.uniqueViews.toLocaleString('en-US')} unique`],
    totalClicks: uncounted > 0 ? [`of ${count(s.clicks, 'click', 'clicks')}: ${uncounted.toLocaleString('en-US')} to the web view with 1 s or less played`] : [],
    averageViewTime: ['per person who played more than 1 s'],
  };
}
