import { addDays, canGoToNextWeek, flooredPercents, isPlaceholderReceiver, nextWeekEnding, weekWindow } from '@shared/report-rules';
import type { ReportBreakdown, ReportRecord } from '@shared/report-types';

// How the report page shows the numbers the API returns. Pure.

// Who a row of 'Per Viewer Analysis' names: the receiver, or the IP address when the receiver is
// empty or a merge tag the sending platform never filled in (*|EMAIL|*, {{email}}, ...).
export function viewerOf(r: Pick<ReportRecord, 'receiver' | 'ipAddress'>): { label: string; byIp: boolean } {
  if (!isPlaceholderReceiver(r.receiver)) return { label: r.receiver!.trim(), byIp: false };
  return { label: r.ipAddress ?? 'Unknown viewer', byIp: true };
}

export interface PieSlice {
  name: string;
  value: number;
  percent: number;
  color: string;
}

// The Engagement Breakdown pie: unique views, repeat views and clicks with floored whole
// percentages (so they may add up to less than 100, never more). Empty when there is nothing.
export function breakdownSlices(b: Pick<ReportBreakdown, 'uniqueViews' | 'repeatViews' | 'clicks'>): PieSlice[] {
  const parts = [
    { name: 'Unique views', value: b.uniqueViews, color: 'indigo.6' },
    { name: 'Repeat views', value: b.repeatViews, color: 'cyan.5' },
    { name: 'Clicks', value: b.clicks, color: 'orange.6' },
  ];
  const percents = flooredPercents(parts.map((p) => p.value));
  if (!parts.some((p) => p.value > 0)) return [];
  return parts.map((p, i) => ({ ...p, percent: percents[i] }));
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

// 'Jan 5' from 2026-01-05 (calendar date, no time zone involved).
export function shortDay(date: string): string {
  const [, m, d] = date.split('-').map(Number);
  return `${MONTHS[m - 1]} ${d}`;
}

// The timeline's week paging: the window, where previous and next lead, and whether next is
// allowed (not once the window ends today).
export function weekNavigation(weekEnding: string, today: string) {
  const { weekStart } = weekWindow(weekEnding);
  const [y1] = weekStart.split('-');
  const [y2] = weekEnding.split('-');
  return {
    label: `${shortDay(weekStart)}${y1 !== y2 ? `, ${y1}` : ''} – ${shortDay(weekEnding)}, ${y2}`,
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

export function machineLabel(reason: string): string {
  return MACHINE_LABELS[reason] ?? 'Machine';
}
