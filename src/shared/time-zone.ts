// Time zones of the report (issue 34): which zone a report is shown in, and which local day and
// hour an instant falls in there. Pure; the database buckets the same way (`at time zone`), these
// are the definitions its tests and the dashboard check against.

// An IANA zone name (Europe/London, America/Argentina/Buenos_Aires, UTC, Etc/GMT+5). Never an
// offset such as +05:00: PostgreSQL reads a bare offset the POSIX way, opposite to ISO 8601.
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;
export const TIME_ZONE_MAX = 64;

export function isIanaTimeZone(name: string): boolean {
  if (name.length > TIME_ZONE_MAX || !ZONE_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

// The zone a report is shown in: the owner's profile zone when they chose one, else the zone the
// browser asked for (its own), else UTC.
export function reportTimeZone(profileZone: string | null, requested: string | null): string {
  if (profileZone && isIanaTimeZone(profileZone)) return profileZone;
  if (requested && isIanaTimeZone(requested)) return requested;
  return 'UTC';
}

function parts(instant: Date, timeZone: string): Record<string, string> {
  const fmt = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
  return Object.fromEntries(fmt.formatToParts(instant).map((p) => [p.type, p.value]));
}

// The local day (YYYY-MM-DD) of an instant in a zone.
export function localDay(instant: Date, timeZone: string): string {
  const p = parts(instant, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

// Today (YYYY-MM-DD) in a zone: the local day of now (a report's today, the CSV's file name).
export function todayIn(timeZone: string, now = new Date()): string {
  return localDay(now, timeZone);
}

// The start of the local hour or day an instant falls in, written as the timeline's buckets are
// (YYYY-MM-DDTHH:mm, local).
export function localBucket(instant: Date, timeZone: string, grain: 'hour' | 'day'): string {
  const p = parts(instant, timeZone);
  return `${p.year}-${p.month}-${p.day}T${grain === 'hour' ? p.hour : '00'}:00`;
}
