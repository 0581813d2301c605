// The profile form's rules (spec 02 sections 4 and 5), pure so they are tested alone.
import { MESSAGES, NAME_MAX, emailError, optionalTextError, requiredTextError, selectionError } from '@shared/account-rules';
import { timezoneChoices } from './timezone-label';
import { serverFieldErrors } from '@/lib/server-field-errors';

export interface Option {
  value: number;
  label: string;
  // ISO 3166-1 alpha-2 code (countries only), used to match the browser's region.
  code?: string;
  // IANA name (time zones only; the label is 'New York (UTC-05:00)'), used to match the browser's zone.
  zone?: string;
}

// Option lists begin with a blank entry of value 0 and text '-'.
export const BLANK_OPTION: Option = { value: 0, label: '-' };

export function countryOptions(list: { countryId: number; countryName: string; countryCode?: string }[]): Option[] {
  return [BLANK_OPTION, ...list.map((c) => (c.countryCode ? { value: c.countryId, label: c.countryName, code: c.countryCode } : { value: c.countryId, label: c.countryName }))];
}

// Each zone named by its city and offset at `at` ('New York (UTC-05:00)'), west to east.
export function timezoneOptions(list: { timezoneId: number; timezoneName: string }[], at: Date = new Date()): Option[] {
  return [BLANK_OPTION, ...timezoneChoices(list, at)];
}

function listed(value: number | null | undefined, options: Option[]): value is number {
  return typeof value === 'number' && value !== 0 && options.some((o) => o.value === value);
}

// What the browser says about where the user is: its IANA time zone and its locale's region.
export interface BrowserPlace {
  timeZone: string | null;
  region: string | null;
}

// Old IANA names some browsers still report, mapped to the current names our list uses.
const ZONE_ALIASES: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Rangoon': 'Asia/Yangon',
  'Europe/Kiev': 'Europe/Kyiv',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Etc/UTC': 'UTC',
  'Etc/GMT': 'UTC',
  'Etc/Universal': 'UTC',
  'Etc/Zulu': 'UTC',
  GMT: 'UTC',
};

// Reads the browser's place; any part it cannot tell is null. `languages` is navigator.languages.
export function browserPlace(languages: readonly string[] = [], timeZone?: string): BrowserPlace {
  let region: string | null = null;
  // The first language tag that names a region (en-GB) wins; else the likely region of the first.
  for (const tag of languages) {
    try {
      const r = new Intl.Locale(tag).region;
      if (r && /^[A-Z]{2}$/.test(r)) {
        region = r;
        break;
      }
    } catch {
      // not a valid tag
    }
  }
  if (!region && languages[0]) {
    try {
      const r = new Intl.Locale(languages[0]).maximize().region;
      if (r && /^[A-Z]{2}$/.test(r)) region = r;
    } catch {
      // not a valid tag
    }
  }
  return { timeZone: timeZone || null, region };
}

// The saved country; when none is set, the browser's region if listed; else the blank entry.
export function initialCountry(saved: number | null | undefined, options: Option[], region?: string | null): number {
  if (listed(saved, options)) return saved;
  if (!region) return 0;
  return options.find((o) => o.value !== 0 && o.code?.toUpperCase() === region.toUpperCase())?.value ?? 0;
}

// The saved timezone; when none is set, the browser's zone if listed (old names mapped); else the
// first real option (spec 02), which the page then asks the user to check.
export function initialTimezone(saved: number | null | undefined, options: Option[], timeZone?: string | null): number {
  if (listed(saved, options)) return saved;
  const name = timeZone ? (ZONE_ALIASES[timeZone] ?? timeZone) : null;
  const fromBrowser = name ? options.find((o) => o.value !== 0 && (o.zone ?? o.label) === name) : undefined;
  return fromBrowser?.value ?? options.find((o) => o.value !== 0)?.value ?? 0;
}

// Which unset fields the page filled in from the browser, for the notice that says so.
export function preselectedFromBrowser(
  profile: { countryId: number | null; timezoneId: number | null },
  countries: Option[],
  timezones: Option[],
  place: BrowserPlace,
): { country: Option | null; timezone: Option | null } {
  const country = listed(profile.countryId, countries) ? 0 : initialCountry(null, countries, place.region);
  const zoneName = place.timeZone ? (ZONE_ALIASES[place.timeZone] ?? place.timeZone) : null;
  const zone = listed(profile.timezoneId, timezones) ? undefined : timezones.find((o) => o.value !== 0 && (o.zone ?? o.label) === zoneName);
  return { country: countries.find((o) => o.value === country && country !== 0) ?? null, timezone: zone ?? null };
}

export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  email: string;
  country: number;
  timezone: number;
}

export function profileFormErrors(values: ProfileFormValues): Partial<Record<keyof ProfileFormValues, string>> {
  const errors: Partial<Record<keyof ProfileFormValues, string>> = {};
  const checks: [keyof ProfileFormValues, string | null][] = [
    ['firstName', requiredTextError(values.firstName, MESSAGES.firstName, NAME_MAX)],
    ['lastName', optionalTextError(values.lastName, MESSAGES.lastName, NAME_MAX)],
    ['email', emailError(values.email)],
    ['country', selectionError(values.country, MESSAGES.country)],
    ['timezone', selectionError(values.timezone, MESSAGES.timezone)],
  ];
  for (const [field, message] of checks) if (message) errors[field] = message;
  return errors;
}

// What PUT users/profile receives: trimmed text; country and timezone 0 or empty sent as null.
export function toProfilePayload(values: ProfileFormValues) {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    country: values.country ? values.country : null,
    timezone: values.timezone ? values.timezone : null,
  };
}

// Server field names (country, timezone) and form field names match; anything else is dropped.
const SERVER_FIELDS: Record<string, keyof ProfileFormValues> = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  country: 'country',
  countryId: 'country',
  timezone: 'timezone',
  timezoneId: 'timezone',
};

export function formErrorsFromServer(errors: Record<string, string> | null): Partial<Record<keyof ProfileFormValues, string>> {
  return serverFieldErrors(errors, SERVER_FIELDS);
}
