import { isIsoDate } from '@shared/report-rules';
import { isIanaTimeZone } from '@shared/time-zone';
import type { Query } from '@/lib/api-client';

// The report page's state as it lives in the address bar (so a filtered report can be reloaded,
// bookmarked and shared), and the query the report calls take. The URL uses the API's own
// parameter names. Pure; anything unreadable in a hand-edited URL is dropped, never sent.

export interface ReportFilterState {
  dateFrom: string | null;
  dateTill: string | null;
  // time of day HH:mm in the owner's profile time zone, both ends inclusive
  timeFrom: string | null;
  timeTill: string | null;
  // ISO 3166-1 alpha-2 codes, upper case; empty = all countries
  countries: string[];
  receiver: string;
  // keys of GET reports/filter/{devices,platforms,clients}; empty = all
  devices: string[];
  platforms: string[];
  clients: string[];
}

export interface ReportView {
  filter: ReportFilterState;
  includeMachine: boolean;
  // the per-viewer table page, from 1
  page: number;
  // the timeline window's last day; null = the server's default (end of the range, else today)
  weekEnding: string | null;
}

export const EMPTY_FILTER: ReportFilterState = { dateFrom: null, dateTill: null, timeFrom: null, timeTill: null, countries: [], receiver: '', devices: [], platforms: [], clients: [] };
export const DEFAULT_VIEW: ReportView = { filter: EMPTY_FILTER, includeMachine: false, page: 1, weekEnding: null };

// The value of the Country multi-select that stands for every country.
export const ALL_COUNTRIES = 'all';
const RECEIVER_MAX = 320;

function list(raw: string | null, valid: RegExp, normalise: (s: string) => string): string[] {
  if (!raw) return [];
  const out: string[] = [];
  for (const part of raw.split(',')) {
    const v = normalise(part.trim());
    if (valid.test(v) && !out.includes(v)) out.push(v);
  }
  return out;
}

function date(raw: string | null): string | null {
  const v = raw?.trim() ?? '';
  return isIsoDate(v) ? v : null;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

// HH:mm as the API takes it; a time input's '' (cleared) or anything else is no time.
export function readTime(raw: string | null | undefined): string | null {
  const v = raw?.trim() ?? '';
  return TIME.test(v) ? v : null;
}

// A window whose From is after its Till runs across midnight (22:00 to 02:00 is the night), as
// the API reads it; the panel says so in words rather than refusing it.
export function timeWindowNote(filter: Pick<ReportFilterState, 'timeFrom' | 'timeTill'>): string | null {
  return filter.timeFrom && filter.timeTill && filter.timeFrom > filter.timeTill
    ? `Across midnight: from ${filter.timeFrom} until ${filter.timeTill} the next day`
    : null;
}

export function readReportView(params: URLSearchParams): ReportView {
  let dateFrom = date(params.get('dateFrom'));
  let dateTill = date(params.get('dateTill'));
  if (dateFrom && dateTill && dateTill < dateFrom) [dateFrom, dateTill] = [dateTill, dateFrom];
  const key = /^[a-z][a-z0-9-]{0,39}$/;
  const page = Number(params.get('page'));
  return {
    filter: {
      dateFrom,
      dateTill,
      // kept as written: the API reads From after Till as a window across midnight
      timeFrom: readTime(params.get('timeFrom')),
      timeTill: readTime(params.get('timeTill')),
      countries: list(params.get('country'), /^[A-Z]{2}$/, (s) => s.toUpperCase()),
      receiver: (params.get('receiver') ?? '').trim().slice(0, RECEIVER_MAX),
      devices: list(params.get('devicescsv'), key, (s) => s.toLowerCase()),
      platforms: list(params.get('platformscsv'), key, (s) => s.toLowerCase()),
      clients: list(params.get('clientscsv'), key, (s) => s.toLowerCase()),
    },
    includeMachine: params.get('includeMachine') === 'true',
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
    weekEnding: date(params.get('weekEnding')),
  };
}

// The filter as the API's query (empty parts left out). Shared by the records, summary, CSV and feeds.
export function filterQuery(filter: ReportFilterState, includeMachine: boolean): Query {
  const q: Query = {};
  if (filter.dateFrom) q.dateFrom = filter.dateFrom;
  if (filter.dateTill) q.dateTill = filter.dateTill;
  if (filter.timeFrom) q.timeFrom = filter.timeFrom;
  if (filter.timeTill) q.timeTill = filter.timeTill;
  if (filter.countries.length) q.country = filter.countries.join(',');
  if (filter.receiver.trim()) q.receiver = filter.receiver.trim();
  if (filter.devices.length) q.devicescsv = filter.devices.join(',');
  if (filter.platforms.length) q.platformscsv = filter.platforms.join(',');
  if (filter.clients.length) q.clientscsv = filter.clients.join(',');
  if (includeMachine) q.includeMachine = 'true';
  return q;
}

// This browser's IANA time zone, which the report is shown in when the owner's profile names none;
// null when the browser does not say.
export function browserTimeZone(): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isIanaTimeZone(zone) ? zone : null;
}

// The query of the report calls (records, summary, engagement, plays, CSV and feeds): the filter
// and the browser's time zone (never in the address bar: a shared link shows the reader's zone).
export function reportQuery(filter: ReportFilterState, includeMachine: boolean, timeZone = browserTimeZone()): Query {
  const q = filterQuery(filter, includeMachine);
  if (timeZone) q.tz = timeZone;
  return q;
}

// The address bar's search params for a view: only what differs from the defaults.
export function writeReportView(view: ReportView): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filterQuery(view.filter, view.includeMachine))) params.set(k, String(v));
  if (view.weekEnding) params.set('weekEnding', view.weekEnding);
  if (view.page > 1) params.set('page', String(view.page));
  return params;
}

export function isFilterActive(filter: ReportFilterState): boolean {
  return !!(filter.dateFrom || filter.dateTill || filter.timeFrom || filter.timeTill || filter.countries.length || filter.receiver.trim() || filter.devices.length || filter.platforms.length || filter.clients.length);
}

// A query string ("?a=b" or "") from a Query.
export function queryString(q: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

// The Country multi-select: 'All' stands alone. Picking 'All' clears the countries; picking a
// country while 'All' is shown drops 'All'. `shown` is what the select displays.
export function countriesShown(countries: string[]): string[] {
  return countries.length ? countries : [ALL_COUNTRIES];
}

export function countriesPicked(previousShown: string[], nextShown: string[]): string[] {
  const added = nextShown.filter((v) => !previousShown.includes(v));
  if (added.includes(ALL_COUNTRIES)) return [];
  return nextShown.filter((v) => v !== ALL_COUNTRIES);
}
