import { daysBetween, timelineGrain, timelineRange } from './timeline-grain.js';

describe('the timeline', () => {
  it('is hourly up to 2 days, daily beyond', () => {
    expect(daysBetween('2026-03-01', '2026-03-01')).toBe(1);
    expect(timelineGrain('2026-03-01', '2026-03-01')).toBe('hour');
    expect(timelineGrain('2026-03-01', '2026-03-02')).toBe('hour');
    expect(timelineGrain('2026-03-01', '2026-03-03')).toBe('day');
    // across the change to summer time: still whole days
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(3);
  });

  it('covers the filter, else from the first event, else the last 7 days, to today', () => {
    expect(timelineRange('2026-01-01', '2026-01-31', '2025-12-01', '2026-03-10')).toEqual({ from: '2026-01-01', till: '2026-01-31' });
    expect(timelineRange(null, null, '2026-02-01', '2026-03-10')).toEqual({ from: '2026-02-01', till: '2026-03-10' });
    expect(timelineRange(null, null, null, '2026-03-10')).toEqual({ from: '2026-03-04', till: '2026-03-10' });
    expect(timelineRange(null, '2026-01-10', '2026-02-01', '2026-03-10')).toEqual({ from: '2026-01-04', till: '2026-01-10' });
  });
});
