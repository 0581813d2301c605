import { describe, expect, it } from '@jest/globals';
import { activePreset, bucketLabel, clock, duration, percent, presetRange, runWidth, stripRuns, stripSummary, timelineNav } from './engagement-display';

describe('engagement display', () => {
  it('shows rates as whole percentages, none as a dash', () => {
    expect(percent(0.4778)).toBe('48%');
    expect(percent(1)).toBe('100%');
    expect(percent(null)).toBe('–');
  });

  it('shows durations and video positions as people read them', () => {
    expect(duration(43)).toBe('43 s');
    expect(duration(125)).toBe('2 min 5 s');
    expect(duration(3780)).toBe('1 h 3 min');
    expect(clock(7)).toBe('0:07');
    expect(clock(65)).toBe('1:05');
  });

  it('draws a strip as runs, and says it in words', () => {
    const seconds = [1, 1, 1, 1, 2, 2, 2, 2, 1, 1, 0, 0];
    expect(stripRuns(seconds)).toEqual([
      { kind: 'watched', from: 0, length: 4 },
      { kind: 'rewatched', from: 4, length: 4 },
      { kind: 'watched', from: 8, length: 2 },
      { kind: 'skipped', from: 10, length: 2 },
    ]);
    expect(stripSummary(seconds)).toBe('Watched 0:00-0:04, rewatched 0:04-0:08, watched 0:08-0:10');
    expect(stripSummary([0, 0])).toBe('Nothing watched');
  });

  it('labels hourly and daily buckets', () => {
    expect(bucketLabel('2026-01-10T09:00', 'hour')).toBe('Jan 10, 09:00');
    expect(bucketLabel('2026-01-10T00:00', 'day')).toBe('Jan 10');
  });

  it('turns a quick range into dates ending today, and knows a filter that is one', () => {
    expect(presetRange('today', '2026-03-10')).toEqual({ dateFrom: '2026-03-10', dateTill: '2026-03-10' });
    expect(presetRange('7', '2026-03-10')).toEqual({ dateFrom: '2026-03-04', dateTill: '2026-03-10' });
    expect(presetRange('90', '2026-03-10')).toEqual({ dateFrom: '2025-12-11', dateTill: '2026-03-10' });
    expect(presetRange('all', '2026-03-10')).toEqual({ dateFrom: null, dateTill: null });
    expect(activePreset('2026-02-09', '2026-03-10', '2026-03-10')).toBe('30');
    expect(activePreset(null, null, '2026-03-10')).toBe('all');
    expect(activePreset('2026-03-01', '2026-03-05', '2026-03-10')).toBeNull();
  });

  it('draws a strip as long as the video: the last part-second only its part', () => {
    // 8.5 s watched to the end: 9 seconds watched, the whole bar
    expect(runWidth({ from: 0, length: 9 }, 8.5)).toBeCloseTo(1);
    expect(runWidth({ from: 8, length: 1 }, 8.5)).toBeCloseTo(0.5 / 8.5);
    expect(runWidth({ from: 0, length: 4 }, 20)).toBeCloseTo(0.2);
  });

  it('names the timeline\'s steps by its length and never steps past today', () => {
    const week = timelineNav({ from: '2026-03-04', till: '2026-03-10' }, '2026-03-10', 'en-US');
    expect(week).toMatchObject({ previousLabel: 'Previous week', nextLabel: 'Next week', previous: { from: '2026-02-25', till: '2026-03-03' }, next: null });
    expect(timelineNav({ from: '2026-03-09', till: '2026-03-09' }, '2026-03-10', 'en-US')).toMatchObject({ previousLabel: 'Previous day', next: { from: '2026-03-10', till: '2026-03-10' } });
    expect(timelineNav({ from: '2026-01-01', till: '2026-01-30' }, '2026-03-10', 'en-US').nextLabel).toBe('Next 30 days');
  });
});
