import type { Query } from '@/lib/api-client';

// The periods of the workspace overview: all time, or the last days ending today (the browser's
// local dates; the server reads them in the caller's time zone, as an EyeMail's report does).
export type WorkspacePeriod = 'all' | '7' | '30';

export const WORKSPACE_PERIODS: { value: WorkspacePeriod; label: string }[] = [
  { value: 'all', label: 'All time' },
  { value: '30', label: 'Last 30 days' },
  { value: '7', label: 'Last 7 days' },
];

const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

// The query of GET reports/workspace for a period: dateFrom and dateTill (both included), the
// browser's zone.
export function workspaceQuery(period: WorkspacePeriod, timeZone: string | null, now = new Date(), includeMachine = false): Query {
  const q: Query = {};
  if (includeMachine) q.includeMachine = 'true';
  if (period !== 'all') {
    const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (Number(period) - 1));
    q.dateFrom = iso(from);
    q.dateTill = iso(now);
  }
  if (timeZone) q.tz = timeZone;
  return q;
}
