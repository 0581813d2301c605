import { describe, expect, it } from '@jest/globals';
import { formatDate, formatDateTime, formatDayAndTime, formatDayMonth, formatDayRange } from './date-format';

// Intl puts narrow and thin no-break spaces in some formats; compared with plain spaces.
const plain = (s: string) => s.replace(/[\u202f\u2009\u00a0]/g, ' ');

describe('the dashboard date format follows the locale', () => {
  const instant = '2026-11-25T14:05:09.000Z';
  it('writes a date in the locale’s own medium style', () => {
    expect(formatDate(instant, 'en-US')).toBe('Nov 25, 2026');
    expect(formatDate(instant, 'en-GB')).toBe('25 Nov 2026');
    expect(formatDate(instant, 'de-DE')).toBe('25.11.2026');
  });
  it('keeps a calendar day on its day whatever the time zone', () => {
    expect(formatDate('2026-11-25', 'en-US')).toBe('Nov 25, 2026');
    expect(formatDate('2026-01-01', 'en-GB')).toBe('1 Jan 2026');
  });
  it('says nothing for a missing or unreadable date', () => {
    expect(formatDate(null, 'en-US')).toBe('');
    expect(formatDate('', 'en-US')).toBe('');
    expect(formatDate('not a date', 'en-US')).toBe('');
    expect(formatDateTime(undefined, 'en-US')).toBe('');
    expect(formatDayAndTime('yesterday', '10:00', 'en-US')).toBe('');
  });
  it('takes a Date or a time stamp as well', () => {
    expect(formatDate(new Date(2026, 10, 25, 12), 'en-US')).toBe('Nov 25, 2026');
    expect(formatDate(new Date(2026, 10, 25, 12).getTime(), 'en-GB')).toBe('25 Nov 2026');
  });
  it('adds the time in the locale’s clock', () => {
    const local = new Date(2026, 10, 25, 14, 5);
    expect(plain(formatDateTime(local, 'en-US'))).toBe('Nov 25, 2026, 2:05 PM');
    expect(plain(formatDateTime(local, 'en-GB'))).toBe('25 Nov 2026, 14:05');
  });
  it('writes a report row’s day and wall-clock time as given, without moving them', () => {
    expect(plain(formatDayAndTime('2026-11-25', '23:59:30', 'en-US'))).toBe('Nov 25, 2026, 11:59 PM');
    expect(plain(formatDayAndTime('2026-11-25', '00:05:00', 'en-GB'))).toBe('25 Nov 2026, 00:05');
    expect(formatDayAndTime('2026-11-25', null, 'en-US')).toBe('Nov 25, 2026');
  });
  it('writes a chart day and a week range', () => {
    expect(formatDayMonth('2026-11-25', 'en-US')).toBe('Nov 25');
    expect(formatDayMonth('2026-11-25', 'en-GB')).toBe('25 Nov');
    expect(plain(formatDayRange('2026-11-19', '2026-11-25', 'en-US'))).toBe('Nov 19 – 25, 2026');
    expect(plain(formatDayRange('2026-12-29', '2027-01-04', 'en-US'))).toBe('Dec 29, 2026 – Jan 4, 2027');
    expect(plain(formatDayRange('2026-11-19', '2026-11-25', 'en-GB'))).toBe('19 – 25 Nov 2026');
  });
  it('falls back to the browser’s locale for a tag it cannot read', () => {
    expect(formatDate('2026-11-25', 'not a locale!')).not.toBe('');
  });
});
