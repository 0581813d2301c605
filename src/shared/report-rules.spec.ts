import { addDays, canGoToNextWeek, flooredPercents, isIsoDate, isPlaceholderReceiver, nextWeekEnding, oneDecimal, viewerLabel, weekWindow } from './report-rules.js';

describe('report rules', () => {
  it('knows real calendar dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('2025-1-01')).toBe(false);
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-01-03', -6)).toBe('2024-12-28');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
  });

  it('makes a 7-day window ending on the given day', () => {
    expect(weekWindow('2026-01-13')).toEqual({ weekStart: '2026-01-07', weekEnding: '2026-01-13' });
  });

  it('offers the next week only while the window ends before today, and never past today', () => {
    expect(canGoToNextWeek('2026-01-13', '2026-01-13')).toBe(false);
    expect(canGoToNextWeek('2026-01-12', '2026-01-13')).toBe(true);
    expect(nextWeekEnding('2026-01-01', '2026-01-13')).toBe('2026-01-08');
    expect(nextWeekEnding('2026-01-10', '2026-01-13')).toBe('2026-01-13');
  });

  it('floors percentages (they may add up to less than 100) and gives 0 for nothing', () => {
    expect(flooredPercents([4, 2, 3])).toEqual([44, 22, 33]);
    expect(flooredPercents([1, 1, 1])).toEqual([33, 33, 33]);
    expect(flooredPercents([0, 0, 0])).toEqual([0, 0, 0]);
    expect(flooredPercents([5, 0])).toEqual([100, 0]);
  });

  it('rounds seconds to one decimal', () => {
    expect(oneDecimal(25.125)).toBe(25.1);
    expect(oneDecimal(20.25)).toBe(20.3);
    expect(oneDecimal(0)).toBe(0);
  });

  it('names a viewer by the receiver, or the IP when the receiver is empty or an unfilled merge tag', () => {
    expect(viewerLabel({ receiver: 'ann@example.com', ipAddress: '1.2.3.4' })).toBe('ann@example.com');
    expect(viewerLabel({ receiver: null, ipAddress: '1.2.3.4' })).toBe('1.2.3.4');
    expect(viewerLabel({ receiver: '  ', ipAddress: '1.2.3.4' })).toBe('1.2.3.4');
    for (const tag of ['*|EMAIL|*', '{{ contact.email }}', '%%emailaddr%%', '[email]', '%EMAIL%', '$[email]$']) {
      expect(isPlaceholderReceiver(tag)).toBe(true);
      expect(viewerLabel({ receiver: tag, ipAddress: '5.6.7.8' })).toBe('5.6.7.8');
    }
    expect(viewerLabel({ receiver: null, ipAddress: null })).toBe('Unknown');
  });
});
