import { isIanaTimeZone, localBucket, localDay, reportTimeZone, todayIn } from './time-zone.js';

describe('report time zones', () => {
  it('take IANA names, not offsets, abbreviations of nothing or junk', () => {
    for (const ok of ['UTC', 'Europe/London', 'Pacific/Auckland', 'America/Los_Angeles', 'America/Argentina/Buenos_Aires', 'Asia/Kolkata', 'Etc/GMT+5']) expect(isIanaTimeZone(ok)).toBe(true);
    for (const bad of ['', '+05:00', 'UTC+5', 'Mars/Olympus_Mons', 'Europe/London; drop table', '../etc/passwd', 'x'.repeat(80)]) expect(isIanaTimeZone(bad)).toBe(false);
  });

  it('are the profile\'s when set, else the browser\'s, else UTC', () => {
    expect(reportTimeZone('Europe/Paris', 'America/Los_Angeles')).toBe('Europe/Paris');
    expect(reportTimeZone(null, 'America/Los_Angeles')).toBe('America/Los_Angeles');
    expect(reportTimeZone(null, null)).toBe('UTC');
    // a profile zone nothing knows is as none
    expect(reportTimeZone('Mars/Olympus', 'America/Los_Angeles')).toBe('America/Los_Angeles');
    expect(reportTimeZone('Mars/Olympus', null)).toBe('UTC');
  });

  it('give today in a zone: the local day of now', () => {
    const now = new Date('2026-01-11T07:30:00Z');
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-01-10');
    expect(todayIn('Asia/Kolkata', now)).toBe('2026-01-11');
  });

  it('put an instant on its own local day: one UTC moment is three different days', () => {
    // 11:30 UTC on 10 January: already the 11th in Auckland (UTC+13, summer), still the 10th in
    // Los Angeles (UTC-8); 23:30 UTC on the 10th is the 11th in Auckland, the 10th in LA
    const noon = new Date('2026-01-10T11:30:00Z');
    expect(localDay(noon, 'UTC')).toBe('2026-01-10');
    expect(localDay(noon, 'Pacific/Auckland')).toBe('2026-01-11');
    expect(localDay(noon, 'America/Los_Angeles')).toBe('2026-01-10');
    // 05:00 UTC on the 11th is still the 10th in Los Angeles (21:00)
    expect(localDay(new Date('2026-01-11T05:00:00Z'), 'America/Los_Angeles')).toBe('2026-01-10');
    expect(localBucket(noon, 'Pacific/Auckland', 'hour')).toBe('2026-01-11T00:00');
    expect(localBucket(noon, 'America/Los_Angeles', 'day')).toBe('2026-01-10T00:00');
  });

  it('follow daylight saving time: the offset of the date, not of today', () => {
    // Los Angeles springs forward on 8 March 2026 (02:00 PST -> 03:00 PDT): 09:30 UTC is 01:30,
    // 10:30 UTC already 03:30; there is no 02:00 hour that day
    expect(localBucket(new Date('2026-03-08T09:30:00Z'), 'America/Los_Angeles', 'hour')).toBe('2026-03-08T01:00');
    expect(localBucket(new Date('2026-03-08T10:30:00Z'), 'America/Los_Angeles', 'hour')).toBe('2026-03-08T03:00');
    // in July Los Angeles is UTC-7: 06:30 UTC is 23:30 the day before
    expect(localDay(new Date('2026-07-01T06:30:00Z'), 'America/Los_Angeles')).toBe('2026-06-30');
    // Auckland falls back on 5 April 2026 (03:00 NZDT -> 02:00 NZST): 13:30 and 14:30 UTC on the
    // 4th are both 02:30 local, the same hour twice
    expect(localBucket(new Date('2026-04-04T13:30:00Z'), 'Pacific/Auckland', 'hour')).toBe('2026-04-05T02:00');
    expect(localBucket(new Date('2026-04-04T14:30:00Z'), 'Pacific/Auckland', 'hour')).toBe('2026-04-05T02:00');
    // in June Auckland is UTC+12: 12:30 UTC is 00:30 the next day
    expect(localDay(new Date('2026-06-10T12:30:00Z'), 'Pacific/Auckland')).toBe('2026-06-11');
  });
});
