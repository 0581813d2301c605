// The machine-readable feed (GET reports/{snippetId}/feed/json and /feed/xml; its shape:
// ReportFeed, shared/report-types.ts): its file name, the owner's today and time zone. Pure.

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
