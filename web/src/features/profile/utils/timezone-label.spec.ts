import { describe, expect, it } from '@jest/globals';
import { timezoneChoices, timezoneLabel, timezoneMatches, utcOffset, zoneCity } from './timezone-label';

const WINTER = new Date('2026-11-25T12:00:00Z');
const SUMMER = new Date('2026-07-01T12:00:00Z');

describe('the time zone label', () => {
  it('names the city and the offset at the date given', () => {
    expect(timezoneLabel('America/New_York', WINTER)).toBe('New York (UTC-05:00)');
    expect(timezoneLabel('Asia/Kolkata', WINTER)).toBe('Kolkata (UTC+05:30)');
    expect(timezoneLabel('UTC', WINTER)).toBe('UTC (UTC+00:00)');
  });

  it('follows daylight saving time', () => {
    expect(timezoneLabel('America/New_York', SUMMER)).toBe('New York (UTC-04:00)');
    expect(utcOffset('Europe/London', WINTER)).toBe('UTC+00:00');
    expect(utcOffset('Europe/London', SUMMER)).toBe('UTC+01:00');
    // the southern hemisphere the other way round; Lord Howe moves half an hour
    expect(utcOffset('Australia/Sydney', WINTER)).toBe('UTC+11:00');
    expect(utcOffset('Australia/Lord_Howe', SUMMER)).toBe('UTC+10:30');
  });

  it('names a city under a region, and a zone it cannot read by its city alone', () => {
    expect(zoneCity('America/Indiana/Knox')).toBe('Knox, Indiana');
    expect(zoneCity('America/Argentina/Buenos_Aires')).toBe('Buenos Aires, Argentina');
    expect(utcOffset('Mars/Olympus_Mons', WINTER)).toBeNull();
    expect(timezoneLabel('Mars/Olympus_Mons', WINTER)).toBe('Olympus Mons');
  });

  it('orders the choices west to east, then by city', () => {
    const choices = timezoneChoices(
      [
        { timezoneId: 1, timezoneName: 'Asia/Kolkata' },
        { timezoneId: 2, timezoneName: 'America/New_York' },
        { timezoneId: 3, timezoneName: 'UTC' },
        { timezoneId: 4, timezoneName: 'Africa/Abidjan' },
      ],
      WINTER,
    );
    expect(choices).toEqual([
      { value: 2, label: 'New York (UTC-05:00)', zone: 'America/New_York' },
      { value: 4, label: 'Abidjan (UTC+00:00)', zone: 'Africa/Abidjan' },
      { value: 3, label: 'UTC (UTC+00:00)', zone: 'UTC' },
      { value: 1, label: 'Kolkata (UTC+05:30)', zone: 'Asia/Kolkata' },
    ]);
  });
});

describe('searching the time zones', () => {
  const ny = { label: 'New York (UTC-05:00)', zone: 'America/New_York' };
  const kolkata = { label: 'Kolkata (UTC+05:30)', zone: 'Asia/Kolkata' };
  const paris = { label: 'Paris (UTC+01:00)', zone: 'Europe/Paris' };

  it('finds a zone by its city, in any case', () => {
    expect(timezoneMatches(ny, 'york')).toBe(true);
    expect(timezoneMatches(ny, 'New York')).toBe(true);
    expect(timezoneMatches(kolkata, 'kolkata')).toBe(true);
    expect(timezoneMatches(paris, 'york')).toBe(false);
  });

  it('finds a zone by its IANA name, with _ or a space', () => {
    expect(timezoneMatches(ny, 'America/New')).toBe(true);
    expect(timezoneMatches(ny, 'america/new_york')).toBe(true);
    expect(timezoneMatches(kolkata, 'Asia/')).toBe(true);
    expect(timezoneMatches(paris, 'America/New')).toBe(false);
  });

  it('finds a zone by its offset, and everything for an empty search', () => {
    expect(timezoneMatches(kolkata, 'utc+05:30')).toBe(true);
    expect(timezoneMatches(ny, '+05:30')).toBe(false);
    expect(timezoneMatches(paris, '  ')).toBe(true);
  });
});
