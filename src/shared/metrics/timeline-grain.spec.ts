import { daysBetween, timelineGrain, timelineRange, timelineSteps } from './timeline-grain.js';

describe('the timeline', () => {
  it('is hourly up to 2 days, daily beyond', () => {
    expect(daysBetween('2026-03-01', '2026-03-01')).toBe(1);
    expect(timelineGrain('2026-03-01', '2026-03-01')).toBe('hour');
    expect(timelineGrain('2026-03-01', '2026-03-02')).toBe('hour');
    expect(timelineGrain('2026-03-01', '2026-03-03')).toBe('day');
    // across the change to summer time: still whole days
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(3);
  });

  it('covers the filter\'s dates, else the 7 days ending weekEnding, else the last 7 days', () => {
    expect(timelineRange('2026-01-01', '2026-01-31', null, '2026-03-10')).toEqual({ from: '2026-01-01', till: '2026-01-31' });
    expect(timelineRange(null, null, '2026-02-01', '2026-03-10')).toEqual({ from: '2026-01-26', till: '2026-02-01' });
    expect(timelineRange(null, null, null, '2026-03-10')).toEqual({ from: '2026-03-04', till: '2026-03-10' });
    expect(timelineRange(null, '2026-01-10', null, '2026-03-10')).toEqual({ from: '2026-01-04', till: '2026-01-10' });
    expect(timelineRange('2026-03-08', null, null, '2026-03-10')).toEqual({ from: '2026-03-08', till: '2026-03-10' });
  });

  it('steps back and forth by its own length, never past today', () => {
    // a week: the week before; next only while the window ends before today, and cut at today
    expect(timelineSteps('2026-03-04', '2026-03-10', '2026-03-10')).toEqual({ previous: { from: '2026-02-25', till: '2026-03-03' }, next: null });
    expect(timelineSteps('2026-02-25', '2026-03-03', '2026-03-10')).toEqual({ previous: { from: '2026-02-18', till: '2026-02-24' }, next: { from: '2026-03-04', till: '2026-03-10' } });
    expect(timelineSteps('2026-02-18', '2026-02-24', '2026-02-27')).toMatchObject({ next: { from: '2026-02-21', till: '2026-02-27' } });
    // a day (Today) steps a day; 30 days step 30
    expect(timelineSteps('2026-03-10', '2026-03-10', '2026-03-10')).toEqual({ previous: { from: '2026-03-09', till: '2026-03-09' }, next: null });
    expect(timelineSteps('2026-02-09', '2026-03-10', '2026-03-10').previous).toEqual({ from: '2026-01-10', till: '2026-02-08' });
  });
});
