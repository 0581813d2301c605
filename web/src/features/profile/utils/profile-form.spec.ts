import { describe, expect, it } from '@jest/globals';
import { BLANK_OPTION, browserPlace, countryOptions, formErrorsFromServer, initialCountry, initialTimezone, preselectedFromBrowser, profileFormErrors, timezoneOptions, toProfilePayload } from './profile-form';

const countries = countryOptions([
  { countryId: 75, countryName: 'France', countryCode: 'FR' },
  { countryId: 82, countryName: 'Germany', countryCode: 'DE' },
  { countryId: 236, countryName: 'United States', countryCode: 'US' },
]);
const timezones = timezoneOptions([
  { timezoneId: 3, timezoneName: 'Africa/Abidjan' },
  { timezoneId: 9, timezoneName: 'Europe/Paris' },
  { timezoneId: 12, timezoneName: 'Asia/Kolkata' },
  { timezoneId: 20, timezoneName: 'UTC' },
], new Date('2026-11-25T12:00:00Z'));

describe('option lists', () => {
  it('begin with the blank entry of value 0 and text "-"', () => {
    expect(countries[0]).toEqual({ value: 0, label: '-' });
    expect(timezones[0]).toBe(BLANK_OPTION);
    expect(countries[1]).toEqual({ value: 75, label: 'France', code: 'FR' });
  });
});

describe('initial selection', () => {
  it('keeps a saved country and falls back to the blank entry', () => {
    expect(initialCountry(82, countries)).toBe(82);
    expect(initialCountry(null, countries)).toBe(0);
    expect(initialCountry(999, countries)).toBe(0);
  });
  it('keeps a saved timezone, else preselects the first real option', () => {
    expect(initialTimezone(9, timezones)).toBe(9);
    expect(initialTimezone(null, timezones)).toBe(3);
    expect(initialTimezone(0, timezones)).toBe(3);
    expect(initialTimezone(null, [BLANK_OPTION])).toBe(0);
  });
  it('preselects the browser region for an unset country, never over a saved one', () => {
    expect(initialCountry(null, countries, 'DE')).toBe(82);
    expect(initialCountry(0, countries, 'us')).toBe(236);
    expect(initialCountry(75, countries, 'DE')).toBe(75);
    expect(initialCountry(null, countries, 'ZZ')).toBe(0);
  });
  it('preselects the browser time zone for an unset one, mapping old names', () => {
    expect(initialTimezone(null, timezones, 'Europe/Paris')).toBe(9);
    expect(initialTimezone(null, timezones, 'Asia/Calcutta')).toBe(12);
    expect(initialTimezone(0, timezones, 'Etc/UTC')).toBe(20);
    expect(initialTimezone(9, timezones, 'UTC')).toBe(9);
    expect(initialTimezone(null, timezones, 'Mars/Olympus')).toBe(3);
  });
});

describe('browserPlace', () => {
  it('takes the first language that names a region, else the likely region of the first', () => {
    expect(browserPlace(['fr', 'en-GB', 'de-DE'], 'Europe/London')).toEqual({ timeZone: 'Europe/London', region: 'GB' });
    expect(browserPlace(['de'], 'Europe/Berlin').region).toBe('DE');
    expect(browserPlace(['en'], undefined)).toEqual({ timeZone: null, region: 'US' });
  });
  it('survives nonsense tags and no languages at all', () => {
    expect(browserPlace(['not a tag!'], 'UTC')).toEqual({ timeZone: 'UTC', region: null });
    expect(browserPlace([], '')).toEqual({ timeZone: null, region: null });
  });
});

describe('preselectedFromBrowser', () => {
  it('names what was filled in for unset fields only', () => {
    const place = { region: 'FR', timeZone: 'Europe/Paris' };
    expect(preselectedFromBrowser({ countryId: null, timezoneId: null }, countries, timezones, place)).toEqual({
      country: { value: 75, label: 'France', code: 'FR' },
      timezone: { value: 9, label: 'Paris (UTC+01:00)', zone: 'Europe/Paris' },
    });
    expect(preselectedFromBrowser({ countryId: 82, timezoneId: 12 }, countries, timezones, place)).toEqual({ country: null, timezone: null });
    expect(preselectedFromBrowser({ countryId: null, timezoneId: null }, countries, timezones, { region: null, timeZone: 'Mars/Olympus' })).toEqual({ country: null, timezone: null });
  });
});

describe('profileFormErrors', () => {
  const valid = { firstName: 'Ada', lastName: '', email: 'ada@example.com', country: 75, timezone: 9 };
  it('accepts a complete profile with an empty last name', () => {
    expect(profileFormErrors(valid)).toEqual({});
  });
  it('names every problem with the shared messages', () => {
    expect(profileFormErrors({ firstName: '  ', lastName: 'x'.repeat(91), email: 'ada@', country: 0, timezone: 0 })).toEqual({
      firstName: 'Please enter your first name!',
      lastName: 'Please enter your last name!',
      email: 'Invalid email',
      country: 'Invalid country',
      timezone: 'Invalid timezone',
    });
  });
});

describe('toProfilePayload', () => {
  it('trims text and sends country and timezone 0 as null', () => {
    expect(toProfilePayload({ firstName: ' Ada ', lastName: ' Lovelace ', email: ' ada@example.com ', country: 0, timezone: 9 })).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      country: null,
      timezone: 9,
    });
  });
});

describe('formErrorsFromServer', () => {
  it('maps the server field names onto the form and drops unknown ones', () => {
    expect(formErrorsFromServer({ countryId: 'Invalid country', email: 'Invalid email', other: 'x' })).toEqual({ country: 'Invalid country', email: 'Invalid email' });
    expect(formErrorsFromServer(null)).toEqual({});
  });
});
