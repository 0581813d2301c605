import { describe, expect, it } from '@jest/globals';
import { BLANK_OPTION, countryOptions, formErrorsFromServer, initialCountry, initialTimezone, profileFormErrors, timezoneOptions, toProfilePayload } from './profile-form';

const countries = countryOptions([
  { countryId: 75, countryName: 'France' },
  { countryId: 82, countryName: 'Germany' },
]);
const timezones = timezoneOptions([
  { timezoneId: 3, timezoneName: 'Africa/Abidjan' },
  { timezoneId: 9, timezoneName: 'Europe/Paris' },
]);

describe('option lists', () => {
  it('begin with the blank entry of value 0 and text "-"', () => {
    expect(countries[0]).toEqual({ value: 0, label: '-' });
    expect(timezones[0]).toBe(BLANK_OPTION);
    expect(countries[1]).toEqual({ value: 75, label: 'France' });
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
