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

function parseFamilies(field: string, raw: unknown, families: Family[], errors: Record<string, string>): FamilyMatch | null {
  const v = text(raw);
  if (v === null) return null;
  if (v === undefined) {
    errors[field] = FILTER_MESSAGES.unknownKey(field, '?');
    return null;
  }
  const keys = v
    .split(',')
    .map((k) => k.trim().toLowerCase())
    .filter(Boolean);
  if (!keys.length) return null;
  const match: FamilyMatch = { names: [], other: false, known: families.flatMap((f) => f.names), unknown: false };
  for (const key of keys) {
    if (key === OTHER) match.other = true;
    else if (key === UNKNOWN) match.unknown = true;
    else {
      const fam = families.find((f) => f.key === key);
      if (!fam) {
        errors[field] = FILTER_MESSAGES.unknownKey(field, key.slice(0, 40));
        return null;
      }
      match.names.push(...fam.names);
    }
  }
  return match;
}

function parsePositiveInt(raw: unknown): number | null | undefined {
  const v = text(raw);
  if (v === null) return null;
  if (v === undefined || !/^\d{1,9}$/.test(v)) return undefined;
  return Number(v);
}

// Parses the whole query; every bad field gets its own message.
export function parseReportQuery(query: Record<string, unknown>): { value: ParsedReportQuery | null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};

  const date = (field: string): string | null => {
    const v = text(query[field]);
    if (v === null) return null;
    if (v === undefined || !isIsoDate(v)) {
      errors[field] = FILTER_MESSAGES.date(field);
      return null;
    }
    return v;
  };
  const time = (field: string): string | null => {
    const v = text(query[field]);
    if (v === null) return null;
    if (v === undefined || !TIME.test(v)) {
      errors[field] = FILTER_MESSAGES.time(field);
      return null;
    }
    return v;
  };

  const dateFrom = date('dateFrom');
  const dateTill = date('dateTill');
  if (dateFrom && dateTill && dateTill < dateFrom) errors.dateTill = FILTER_MESSAGES.dateOrder;
  const weekEnding = date('weekEnding');
  const timeFrom = time('timeFrom');
  const timeTill = time('timeTill');

  const devices = parseFamilies('devicescsv', query.devicescsv, DEVICE_FAMILIES, errors);
  const platforms = parseFamilies('platformscsv', query.platformscsv, PLATFORM_FAMILIES, errors);
  const clients = parseFamilies('clientscsv', query.clientscsv, CLIENT_FAMILIES, errors);

  let countries: string[] | null = null;
  const c = text(query.country);
  if (c === undefined) errors.country = FILTER_MESSAGES.country;
  else if (c !== null) {
    const codes = c
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (codes.some((s) => !/^[A-Za-z]{2}$/.test(s))) errors.country = FILTER_MESSAGES.country;
    else if (codes.length) countries = [...new Set(codes.map((s) => s.toUpperCase()))];
  }

  let ipAddress: string | null = null;
  const ip = text(query.ipAddress);
  if (ip === undefined || (ip !== null && !isIP(ip))) errors.ipAddress = FILTER_MESSAGES.ipAddress;
  else ipAddress = ip;

  let receiver: string | null = null;
  const r = text(query.receiver);
  if (r === undefined || (r !== null && r.length > RECEIVER_FILTER_MAX)) errors.receiver = FILTER_MESSAGES.receiver;
  else receiver = r;

  let includeMachine = false;
  const im = text(query.includeMachine);
  if (im !== null) {
    if (im === 'true' || im === '1') includeMachine = true;
    else if (im !== 'false' && im !== '0') errors.includeMachine = FILTER_MESSAGES.includeMachine;
  }

  const page = parsePositiveInt(query.page);
  if (page === undefined || page === 0) errors.page = FILTER_MESSAGES.page;
  const size = parsePositiveInt(query.size);
  if (size === undefined || size === 0 || (size !== null && size > MAX_PAGE_SIZE)) errors.size = FILTER_MESSAGES.size;

  const tz = text(query.tz);
  if (tz === undefined || (tz !== null && !isIanaTimeZone(tz))) errors.tz = FILTER_MESSAGES.tz;

  if (Object.keys(errors).length) return { value: null, errors };
  return {
    value: {
      filter: { dateFrom, dateTill, timeFrom, timeTill, devices, platforms, clients, countries, ipAddress, receiver, includeMachine },
      page: { page: page ?? 1, size: size ?? DEFAULT_PAGE_SIZE },
      weekEnding,
      timeZone: tz ?? null,
    },
    errors,
  };
}
