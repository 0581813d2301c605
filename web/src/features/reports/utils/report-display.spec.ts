import { describe, expect, it } from '@jest/globals';
import { breakdownSlices, deviceOf, locationOf, machineLabel, secondsOf, shortDay, viewerOf, weekNavigation } from './report-display';

describe('viewerOf: the receiver, or the IP when there is none worth showing', () => {
  it('shows a real receiver', () => {
    expect(viewerOf({ receiver: ' ann@example.com ', ipAddress: '203.0.113.5' })).toEqual({ label: 'ann@example.com', byIp: false });
  });

  it.each(['*|EMAIL|*', '{{email}}', '{{ contact.email }}', '%%emailaddr%%', '[email]', '', '   ', null])('shows the IP for %p', (receiver) => {
    expect(viewerOf({ receiver, ipAddress: '198.51.100.7' })).toEqual({ label: '198.51.100.7', byIp: true });
  });

  it('says unknown when there is neither', () => {
    expect(viewerOf({ receiver: '*|EMAIL|*', ipAddress: null })).toEqual({ label: 'Unknown viewer', byIp: true });
  });
});

describe('breakdownSlices', () => {
  it('floors each percentage (1/3 each is 33, not 34)', () => {
    expect(breakdownSlices({ uniqueViews: 1, repeatViews: 1, clicks: 1 }).map((s) => s.percent)).toEqual([33, 33, 33]);
  });

  it('keeps the counts as the slice sizes and never adds up past 100', () => {
    const s = breakdownSlices({ uniqueViews: 2, repeatViews: 1, clicks: 4 });
    expect(s.map((x) => [x.name, x.value, x.percent])).toEqual([
      ['Unique views', 2, 28],
      ['Repeat views', 1, 14],
      ['Clicks', 4, 57],
    ]);
    expect(s.reduce((a, x) => a + x.percent, 0)).toBeLessThanOrEqual(100);
  });

  it('is empty when there is nothing to show', () => {
    expect(breakdownSlices({ uniqueViews: 0, repeatViews: 0, clicks: 0 })).toEqual([]);
  });
});

describe('weekNavigation', () => {
  it('disables next when the window ends today', () => {
    const w = weekNavigation('2026-11-23', '2026-11-23');
    expect(w.next).toBeNull();
    expect(w.previous).toBe('2026-11-16');
    expect(w.label).toBe('Nov 17 – Nov 23, 2026');
  });

  it('allows next before today, and never past today', () => {
    expect(weekNavigation('2026-11-16', '2026-11-23').next).toBe('2026-11-23');
    expect(weekNavigation('2026-11-20', '2026-11-23').next).toBe('2026-11-23');
    expect(weekNavigation('2026-11-02', '2026-11-23').next).toBe('2026-11-09');
  });

  it('names both years when the window spans new year', () => {
    expect(weekNavigation('2026-01-03', '2026-02-01').label).toBe('Dec 28, 2025 – Jan 3, 2026');
  });
});

describe('row formatting', () => {
  it('joins what is known of the location, without repeats', () => {
    expect(locationOf({ city: 'Seattle', state: 'Washington', country: 'United States' })).toBe('Seattle, Washington, United States');
    expect(locationOf({ city: 'Berlin', state: 'Berlin', country: 'Germany' })).toBe('Berlin, Germany');
    expect(locationOf({ city: null, state: '', country: null })).toBe('—');
  });

  it('shows seconds to one decimal, a dash for none', () => {
    expect(secondsOf({ durationSecs: 20.25 })).toBe('20.3');
    expect(secondsOf({ durationSecs: 30 })).toBe('30');
    expect(secondsOf({ durationSecs: null })).toBe('—');
  });

  it('names the device, platform and client', () => {
    expect(deviceOf({ device: 'smartphone', platform: 'iOS', client: 'Apple Mail' })).toBe('Smartphone · iOS · Apple Mail');
    expect(deviceOf({ device: null, platform: null, client: null })).toBe('—');
  });

  it('explains machine reasons and short days', () => {
    expect(machineLabel('apple-privacy')).toBe('Apple Mail privacy prefetch');
    expect(machineLabel('flood')).toBe('Flood (more than a person can do)');
    expect(machineLabel('something-new')).toBe('Machine');
    expect(shortDay('2026-01-05')).toBe('Jan 5');
  });
});
