// How the time zone picker names and finds a zone: 'New York (UTC-05:00)', found by its city or
// its IANA name. Pure: the moment the offset is read for is a parameter, so daylight saving time
// shows as it is at that date (New York is UTC-04:00 in July).

// 'UTC-05:00' of `zone` at `at`; null for a zone this browser does not know.
export function utcOffset(zone: string, at: Date = new Date()): string | null {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
    if (!part) return null;
    // 'GMT-05:00', or plain 'GMT' at zero
    const m = /^GMT(?:([+-]\d{2}):?(\d{2}))?$/.exec(part.replace('\u2212', '-'));
    if (!m) return null;
    return m[1] ? `UTC${m[1]}:${m[2]}` : 'UTC+00:00';
  } catch {
    return null;
  }
}

// Minutes east of UTC from 'UTC-05:00' (0 when unknown), for sorting.
function offsetMinutes(offset: string | null): number {
  const m = offset ? /^UTC([+-])(\d{2}):(\d{2})$/.exec(offset) : null;
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

// The place a zone is named after: 'America/New_York' -> 'New York',
// 'America/Indiana/Knox' -> 'Knox, Indiana', 'UTC' -> 'UTC'.
export function zoneCity(zone: string): string {
  const parts = zone.split('/').map((p) => p.replace(/_/g, ' '));
  if (parts.length === 1) return parts[0];
  const city = parts[parts.length - 1];
  return parts.length > 2 ? `${city}, ${parts.slice(1, -1).join(', ')}` : city;
}

// 'New York (UTC-05:00)'; the city alone when the offset cannot be read.
export function timezoneLabel(zone: string, at: Date = new Date()): string {
  const offset = utcOffset(zone, at);
  return offset ? `${zoneCity(zone)} (${offset})` : zoneCity(zone);
}

export interface TimezoneOption {
  value: number;
  label: string;
  // the IANA name ('America/New_York')
  zone: string;
}

// The picker's options: each zone labelled with its city and current offset, west to east, then
// by city.
export function timezoneChoices(list: { timezoneId: number; timezoneName: string }[], at: Date = new Date()): TimezoneOption[] {
  return list
    .map((t) => {
      const offset = utcOffset(t.timezoneName, at);
      return { value: t.timezoneId, label: offset ? `${zoneCity(t.timezoneName)} (${offset})` : zoneCity(t.timezoneName), zone: t.timezoneName, minutes: offsetMinutes(offset) };
    })
    .sort((a, b) => a.minutes - b.minutes || a.label.localeCompare(b.label, 'en'))
    .map(({ value, label, zone }) => ({ value, label, zone }));
}

// Lower case, '_' and runs of spaces as one space: 'America/New_York' and 'america/new york' match.
function normalise(text: string): string {
  return text.toLowerCase().replace(/[_\s]+/g, ' ').trim();
}

// Whether a search typed in the picker finds this zone: by its city ('york', 'new york',
// 'kolkata'), its IANA name ('America/New', 'america/new_york') or its offset ('utc+05:30').
// Every word typed must be found; an empty search finds everything.
export function timezoneMatches(option: { label: string; zone: string }, search: string): boolean {
  const words = normalise(search).split(' ').filter(Boolean);
  if (!words.length) return true;
  const haystack = `${normalise(option.label)} ${normalise(option.zone)}`;
  return words.every((w) => haystack.includes(w));
}
