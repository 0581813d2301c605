import { isIP } from 'node:net';
import { isIsoDate } from '../shared/report-rules.js';
import { isIanaTimeZone } from '../shared/time-zone.js';
import type { FilterMap } from '../shared/report-types.js';

// The report filter (spec 02 section 3 "Report filter", section 7 "Reports and feeds"): the query
// of GET reports/{snippetId} and its summary, CSV and feeds, parsed and checked. Pure.

export const DEFAULT_PAGE_SIZE = 1000;
export const MAX_PAGE_SIZE = 10_000;
const RECEIVER_FILTER_MAX = 320;

// A filter family: the key the *csv query takes, its label, and the names the ingest stores for
// it (compared case-insensitively). 'other' is any other name, 'unknown' no name at all.
interface Family {
  key: string;
  label: string;
  names: string[];
}

const OTHER = 'other';
const UNKNOWN = 'unknown';

export const DEVICE_FAMILIES: Family[] = [
  { key: 'desktop', label: 'Desktop', names: ['desktop'] },
  { key: 'smartphone', label: 'Smartphone', names: ['smartphone', 'phablet', 'feature phone', 'mobile'] },
  { key: 'tablet', label: 'Tablet', names: ['tablet'] },
  { key: 'tv', label: 'TV', names: ['tv', 'smart display'] },
  { key: 'wearable', label: 'Wearable', names: ['wearable'] },
];

export const PLATFORM_FAMILIES: Family[] = [
  { key: 'windows', label: 'Windows', names: ['windows'] },
  { key: 'mac', label: 'Mac', names: ['mac', 'macos', 'mac os', 'os x'] },
  { key: 'ios', label: 'iOS', names: ['ios', 'ipados'] },
  { key: 'android', label: 'Android', names: ['android'] },
  { key: 'linux', label: 'Linux', names: ['gnu/linux', 'linux', 'ubuntu', 'debian', 'fedora'] },
  { key: 'chromeos', label: 'Chrome OS', names: ['chrome os', 'chromeos'] },
];

export const CLIENT_FAMILIES: Family[] = [
  { key: 'apple-mail', label: 'Apple Mail', names: ['apple mail'] },
  { key: 'gmail', label: 'Gmail', names: ['gmail'] },
  { key: 'outlook', label: 'Outlook', names: ['outlook', 'microsoft outlook', 'outlook.com', 'outlook express', 'windows mail'] },
  { key: 'yahoo', label: 'Yahoo Mail', names: ['yahoo mail', 'yahoo! mail', 'yahoo'] },
  { key: 'thunderbird', label: 'Thunderbird', names: ['thunderbird'] },
  { key: 'samsung-email', label: 'Samsung Email', names: ['samsung email'] },
  { key: 'chrome', label: 'Chrome', names: ['chrome', 'chrome mobile', 'chrome mobile ios', 'chrome webview'] },
  { key: 'safari', label: 'Safari', names: ['safari', 'mobile safari'] },
  { key: 'firefox', label: 'Firefox', names: ['firefox', 'firefox mobile', 'firefox ios'] },
  { key: 'edge', label: 'Microsoft Edge', names: ['microsoft edge', 'edge'] },
  { key: 'samsung-internet', label: 'Samsung Internet', names: ['samsung browser', 'samsung internet'] },
  { key: 'opera', label: 'Opera', names: ['opera', 'opera mobile'] },
];

// The key/value maps of GET reports/filter/{devices,platforms,clients}.
export function filterMap(families: Family[]): FilterMap {
  const map: FilterMap = {};
  for (const f of families) map[f.key] = f.label;
  map[OTHER] = 'Other';
  map[UNKNOWN] = 'Unknown';
  return map;
}

// What a *csv filter matches, ready for SQL: stored names (lower case), plus "any other name"
// and "no name" switches. null = no filter.
export interface FamilyMatch {
  names: string[];
  other: boolean;
  // every known name, for "other" (not any of these)
  known: string[];
  unknown: boolean;
}

export interface ReportFilter {
  dateFrom: string | null;
  dateTill: string | null;
  timeFrom: string | null;
  timeTill: string | null;
  devices: FamilyMatch | null;
  platforms: FamilyMatch | null;
  clients: FamilyMatch | null;
  // upper-case ISO 3166-1 alpha-2 codes
  countries: string[] | null;
  ipAddress: string | null;
  // part of the receiver, any case
  receiver: string | null;
  includeMachine: boolean;
}

// A filter that keeps every event (machine traffic aside): what the ingest's aggregates answer.
export function isWholeReport(f: ReportFilter): boolean {
  return [f.dateFrom, f.dateTill, f.timeFrom, f.timeTill, f.devices, f.platforms, f.clients, f.countries, f.ipAddress, f.receiver].every((v) => v === null);
}

// A filter the 15-minute counters answer exactly (migration 0018): dates at most, whose local
// midnights fall on quarter hours in every zone; not a time of day (minutes), nor anything about
// who, where or on what (the counters keep only machine or not).
export function countersServe(f: ReportFilter): boolean {
  return [f.timeFrom, f.timeTill, f.devices, f.platforms, f.clients, f.countries, f.ipAddress, f.receiver].every((v) => v === null);
}

export interface ReportPage {
  page: number;
  size: number;
}

export interface ParsedReportQuery {
  filter: ReportFilter;
  page: ReportPage;
  weekEnding: string | null;
  // the zone the caller asked for (its browser's), used when the owner's profile names none
  timeZone: string | null;
}

export const FILTER_MESSAGES = {
  date: (field: string) => `${field} must be a date written YYYY-MM-DD.`,
  dateOrder: 'dateTill must not be before dateFrom.',
  time: (field: string) => `${field} must be a time written HH:mm (00:00 to 23:59).`,
  unknownKey: (field: string, key: string) => `${field} has an unknown value: ${key}.`,
  country: 'country must be a comma list of two-letter country codes (ISO 3166-1).',
  ipAddress: 'ipAddress must be an IPv4 or IPv6 address.',
  receiver: `receiver must be at most ${RECEIVER_FILTER_MAX} characters.`,
  includeMachine: 'includeMachine must be true or false.',
  page: 'page must be a whole number from 1.',
  size: `size must be a whole number from 1 to ${MAX_PAGE_SIZE}.`,
  tz: 'tz must be an IANA time zone name, such as Europe/London or America/Los_Angeles.',
  invalid: 'Please correct the report filters.',
} as const;

function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

// A trimmed string, or null when missing or blank; non-strings (nested objects) are "bad".
function text(value: unknown): string | null | undefined {
  const v = first(value);
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  return t === '' ? null : t;
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

// A field of the query read from what was sent: its value, or the message that refuses it.
interface Read<T> {
  value: T;
  error: string | null;
}
type Query = Record<string, unknown>;

const ok = <T>(value: T): Read<T> => ({ value, error: null });
const bad = <T>(value: T, error: string): Read<T> => ({ value, error });

function readDate(field: string, raw: unknown): Read<string | null> {
  const v = text(raw);
  if (v === null) return ok(null);
  return v === undefined || !isIsoDate(v) ? bad(null, FILTER_MESSAGES.date(field)) : ok(v);
}

function readTime(field: string, raw: unknown): Read<string | null> {
  const v = text(raw);
  if (v === null) return ok(null);
  return v === undefined || !TIME.test(v) ? bad(null, FILTER_MESSAGES.time(field)) : ok(v);
}

function readFamilies(field: string, raw: unknown, families: Family[]): Read<FamilyMatch | null> {
  const v = text(raw);
  if (v === null) return ok(null);
  if (v === undefined) return bad(null, FILTER_MESSAGES.unknownKey(field, '?'));
  const keys = v
    .split(',')
    .map((k) => k.trim().toLowerCase())
    .filter(Boolean);
  if (!keys.length) return ok(null);
  const match: FamilyMatch = { names: [], other: false, known: families.flatMap((f) => f.names), unknown: false };
  for (const key of keys) {
    if (key === OTHER) match.other = true;
    else if (key === UNKNOWN) match.unknown = true;
    else {
      const fam = families.find((f) => f.key === key);
      if (!fam) return bad(null, FILTER_MESSAGES.unknownKey(field, key.slice(0, 40)));
      match.names.push(...fam.names);
    }
  }
  return ok(match);
}

function readCountries(raw: unknown): Read<string[] | null> {
  const c = text(raw);
  if (c === undefined) return bad(null, FILTER_MESSAGES.country);
  if (c === null) return ok(null);
  const codes = c
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (codes.some((s) => !/^[A-Za-z]{2}$/.test(s))) return bad(null, FILTER_MESSAGES.country);
  return ok(codes.length ? [...new Set(codes.map((s) => s.toUpperCase()))] : null);
}

function readIncludeMachine(raw: unknown): Read<boolean> {
  const im = text(raw);
  if (im === null || im === 'false' || im === '0') return ok(false);
  return im === 'true' || im === '1' ? ok(true) : bad(false, FILTER_MESSAGES.includeMachine);
}

// A whole number from 1 (at most `max`), or null when not sent.
function readPositiveInt(raw: unknown, max: number, message: string): Read<number | null> {
  const v = text(raw);
  if (v === null) return ok(null);
  if (v === undefined || !/^\d{1,9}$/.test(v) || Number(v) === 0 || Number(v) > max) return bad(null, message);
  return ok(Number(v));
}

// The report query's fields, in the order their messages are given (dto/report-query.dto.ts
// declares them in this order, each checked by its reader here). Pure.
export const REPORT_QUERY_FIELDS = {
  dateFrom: (q: Query) => readDate('dateFrom', q.dateFrom),
  dateTill: (q: Query) => {
    const till = readDate('dateTill', q.dateTill);
    const from = readDate('dateFrom', q.dateFrom).value;
    return from && till.value && till.value < from ? bad(till.value, FILTER_MESSAGES.dateOrder) : till;
  },
  weekEnding: (q: Query) => readDate('weekEnding', q.weekEnding),
  timeFrom: (q: Query) => readTime('timeFrom', q.timeFrom),
  timeTill: (q: Query) => readTime('timeTill', q.timeTill),
  devicescsv: (q: Query) => readFamilies('devicescsv', q.devicescsv, DEVICE_FAMILIES),
  platformscsv: (q: Query) => readFamilies('platformscsv', q.platformscsv, PLATFORM_FAMILIES),
  clientscsv: (q: Query) => readFamilies('clientscsv', q.clientscsv, CLIENT_FAMILIES),
  country: (q: Query) => readCountries(q.country),
  ipAddress: (q: Query) => {
    const ip = text(q.ipAddress);
    return ip === undefined || (ip !== null && !isIP(ip)) ? bad(null, FILTER_MESSAGES.ipAddress) : ok(ip);
  },
  receiver: (q: Query) => {
    const r = text(q.receiver);
    return r === undefined || (r !== null && r.length > RECEIVER_FILTER_MAX) ? bad(null, FILTER_MESSAGES.receiver) : ok(r);
  },
  includeMachine: (q: Query) => readIncludeMachine(q.includeMachine),
  page: (q: Query) => readPositiveInt(q.page, Number.MAX_SAFE_INTEGER, FILTER_MESSAGES.page),
  size: (q: Query) => readPositiveInt(q.size, MAX_PAGE_SIZE, FILTER_MESSAGES.size),
  tz: (q: Query) => {
    const tz = text(q.tz);
    return tz === undefined || (tz !== null && !isIanaTimeZone(tz)) ? bad(null, FILTER_MESSAGES.tz) : ok(tz);
  },
} satisfies Record<string, (q: Query) => Read<unknown>>;

export type ReportQueryField = keyof typeof REPORT_QUERY_FIELDS;

// The message refusing this field of the query, or null: the DTO's rule for the field.
export function reportQueryError(field: ReportQueryField, query: Query): string | null {
  return REPORT_QUERY_FIELDS[field](query).error;
}

// The message of a refused query: the field's own when one field is wrong, else one for them all.
export function reportQueryMessage(errors: Record<string, string>): string {
  const messages = Object.values(errors);
  return messages.length === 1 ? messages[0] : FILTER_MESSAGES.invalid;
}

// Parses the whole query; every bad field gets its own message.
export function parseReportQuery(query: Query): { value: ParsedReportQuery | null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  for (const [field, read] of Object.entries(REPORT_QUERY_FIELDS)) {
    const { error } = read(query);
    if (error) errors[field] = error;
  }
  return { value: Object.keys(errors).length ? null : readReportQuery(query), errors };
}

// A query the DTO checked, read: the filter, the page, the week and the time zone asked for.
export function readReportQuery(checked: object): ParsedReportQuery {
  const query = checked as Query;
  const v = <F extends ReportQueryField>(field: F) => REPORT_QUERY_FIELDS[field](query).value as ReturnType<(typeof REPORT_QUERY_FIELDS)[F]>['value'];
  return {
    filter: {
      dateFrom: v('dateFrom'),
      dateTill: v('dateTill'),
      timeFrom: v('timeFrom'),
      timeTill: v('timeTill'),
      devices: v('devicescsv'),
      platforms: v('platformscsv'),
      clients: v('clientscsv'),
      countries: v('country'),
      ipAddress: v('ipAddress'),
      receiver: v('receiver'),
      includeMachine: v('includeMachine'),
    },
    page: { page: v('page') ?? 1, size: v('size') ?? DEFAULT_PAGE_SIZE },
    weekEnding: v('weekEnding'),
    timeZone: v('tz'),
  };
}
