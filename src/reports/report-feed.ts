import type { ReportRecord } from '../shared/report-types.js';

// The machine-readable feed (GET reports/{snippetId}/feed/json and /feed/xml): the snippet, its
// totals for the filters and one page of records. Pure.

export interface ReportFeed {
  snippet: { snippetId: string; title: string; status: boolean };
  generatedAtUtc: string;
  timeZone: string;
  totals: {
    totalViews: number;
    uniqueViews: number;
    totalClicks: number;
    opens: number;
    playsWithoutClick: number;
    clicks: number;
    averageViewTime: number;
    machineExcluded: number;
  };
  page: number;
  size: number;
  totalCount: number;
  records: ReportRecord[];
}

// A file name people recognise: eyemail-report-<title>-<date>.csv, ASCII only.
export function reportFileName(title: string, date: string, ext: 'csv' | 'json' | 'xml'): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return `eyemail-report-${slug || 'eyemail'}-${date}.${ext}`;
}

// The owner's today (YYYY-MM-DD) in an IANA time zone.
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

// A zone both Intl and the database know by this name; anything else reads as UTC.
export function usableTimeZone(name: string | null | undefined): string {
  if (!name) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name;
  } catch {
    return 'UTC';
  }
}
