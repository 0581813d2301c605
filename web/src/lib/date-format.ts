// The one way the dashboard writes dates: the browser's own locale in its medium style ('Nov 25,
// 2026' in the United States, '25 Nov 2026' in Britain, '25.11.2026' in Germany) and its short
// clock. Pure: the locale is a parameter, left out it is the browser's.

type DateLike = string | number | Date | null | undefined;

const DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
const TIME: Intl.DateTimeFormatOptions = { timeStyle: 'short' };
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK = /^(\d{2}):(\d{2})/;

// Formatters are costly to build and a table formats hundreds of dates: kept per locale and kind.
const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string | undefined, kind: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${kind}`;
  let f = cache.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(locale, options);
    } catch {
      // a locale tag the browser does not take: its default locale instead
      f = new Intl.DateTimeFormat(undefined, options);
    }
    cache.set(key, f);
  }
  return f;
}

// A plain 'YYYY-MM-DD' is a calendar day (already in the owner's time zone): read as UTC midnight
// and written in UTC, so no time zone moves it to the day before. Anything else is an instant.
function toDate(value: DateLike): { date: Date; calendar: boolean } | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    const day = CALENDAR_DAY.exec(value);
    if (day) {
      const date = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
      return Number.isNaN(date.getTime()) ? null : { date, calendar: true };
    }
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : { date, calendar: false };
}

// 'Nov 25, 2026' (en-US) from an ISO instant (in the viewer's time zone) or a calendar day;
// '' when there is no readable date.
export function formatDate(value: DateLike, locale?: string): string {
  const d = toDate(value);
  if (!d) return '';
  return formatter(locale, d.calendar ? 'date-utc' : 'date', d.calendar ? { ...DATE, timeZone: 'UTC' } : DATE).format(d.date);
}

// 'Nov 25, 2026, 2:05 PM' (en-US), '25 Nov 2026, 14:05' (en-GB) from an ISO instant; '' when unreadable.
export function formatDateTime(value: DateLike, locale?: string): string {
  const d = toDate(value);
  if (!d) return '';
  return formatter(locale, 'date-time', { ...DATE, ...TIME }).format(d.date);
}

// A calendar day and a wall-clock time as the server wrote them in the owner's zone ('2026-11-25',
// '14:05:09'): 'Nov 25, 2026, 2:05 PM' (en-US). A time it cannot read leaves just the date.
export function formatDayAndTime(day: string, time: string | null | undefined, locale?: string): string {
  const d = CALENDAR_DAY.exec(day);
  const t = time ? CLOCK.exec(time) : null;
  if (!d) return '';
  if (!t) return formatDate(day, locale);
  const at = new Date(Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2])));
  return formatter(locale, 'date-time-utc', { ...DATE, ...TIME, timeZone: 'UTC' }).format(at);
}

// 'Nov 25' (en-US), '25 Nov' (en-GB) of a calendar day: the chart's axis, where the year is shown once.
export function formatDayMonth(day: string, locale?: string): string {
  const d = toDate(day);
  if (!d) return '';
  return formatter(locale, 'day-month-utc', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(d.date);
}

// 'Nov 19 – 25, 2026' (en-US), '19–25 Nov 2026' (en-GB): two calendar days as one range.
export function formatDayRange(from: string, till: string, locale?: string): string {
  const a = toDate(from);
  const b = toDate(till);
  if (!a || !b) return '';
  return formatter(locale, 'date-utc', { ...DATE, timeZone: 'UTC' }).formatRange(a.date, b.date);
}
