import { describe, expect, it } from '@jest/globals';
import { breakdownSlices, deviceOf, locationOf, machineBadge, machineLabel, pendingNotice, secondsOf, shortDay, viewerOf, weekNavigation, wholePercents, totalsNotes } from './report-display';

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

  it('names a test (v= an unfilled merge tag) as a test, never by its address', () => {
    expect(viewerOf({ receiver: null, ipAddress: '127.0.0.1', machineReason: 'test' })).toEqual({ label: 'Test (merge tag not filled in)', byIp: false });
  });
});

describe('wholePercents: the largest remainder method', () => {
  it('adds up to exactly 100 (1/3 each is 34, 33, 33, not 33, 33, 33)', () => {
    expect(wholePercents([1, 1, 1])).toEqual([34, 33, 33]);
    expect(wholePercents([10, 1])).toEqual([91, 9]);
    expect(wholePercents([2, 1, 4])).toEqual([29, 14, 57]);
  });

  it('gives the missing points to the largest remainders, not the largest parts', () => {
    // 66.67, 16.67, 16.67 ... of 6: floored 66 + 16 + 16 = 98, the two 0.67 remainders get one each
    expect(wholePercents([4, 1, 1])).toEqual([67, 17, 16]);
    // 99.5 and 0.5: one point missing, it goes to the first of the equal remainders
    expect(wholePercents([199, 1])).toEqual([100, 0]);
  });

  it('sums to 100 over many splits', () => {
    for (let a = 0; a <= 30; a++) for (let b = 0; b <= 30; b++) for (const c of [0, 1, 7]) {
      const p = wholePercents([a, b, c]);
      if (a + b + c > 0) expect(p.reduce((x, y) => x + y, 0)).toBe(100);
      p.forEach((v, i) => expect(Math.abs(v - ([a, b, c][i] * 100) / (a + b + c || 1))).toBeLessThan(1));
    }
  });

  it('is all 0 when there is nothing', () => {
    expect(wholePercents([0, 0])).toEqual([0, 0]);
    expect(wholePercents([])).toEqual([]);
  });
});

describe('breakdownSlices', () => {
  it('shares views alone, unique and repeat, adding up to 100', () => {
    const s = breakdownSlices({ uniqueViews: 10, repeatViews: 1 });
    expect(s.map((x) => [x.name, x.value, x.percent])).toEqual([
      ['Unique views', 10, 91],
      ['Repeat views', 1, 9],
    ]);
  });

  it('never puts clicks in the views pie', () => {
    const s = breakdownSlices({ uniqueViews: 2, repeatViews: 1, clicks: 4 } as { uniqueViews: number; repeatViews: number });
    expect(s.map((x) => x.name)).toEqual(['Unique views', 'Repeat views']);
    expect(s.map((x) => x.percent)).toEqual([67, 33]);
  });

  it('is empty when there are no views', () => {
    expect(breakdownSlices({ uniqueViews: 0, repeatViews: 0 })).toEqual([]);
  });
});

// Intl puts thin and narrow no-break spaces around a range's dash.
const plain = (s: string) => s.replace(/[\u202f\u2009\u00a0]/g, ' ');

describe('weekNavigation', () => {
  it('disables next when the window ends today', () => {
    const w = weekNavigation('2026-11-23', '2026-11-23', 'en-US');
    expect(w.next).toBeNull();
    expect(w.previous).toBe('2026-11-16');
    expect(plain(w.label)).toBe('Nov 17 – 23, 2026');
    expect(plain(weekNavigation('2026-11-23', '2026-11-23', 'en-GB').label)).toBe('17 – 23 Nov 2026');
  });

  it('allows next before today, and never past today', () => {
    expect(weekNavigation('2026-11-16', '2026-11-23').next).toBe('2026-11-23');
    expect(weekNavigation('2026-11-20', '2026-11-23').next).toBe('2026-11-23');
    expect(weekNavigation('2026-11-02', '2026-11-23').next).toBe('2026-11-09');
  });

  it('names both years when the window spans new year', () => {
    expect(plain(weekNavigation('2026-01-03', '2026-02-01', 'en-US').label)).toBe('Dec 28, 2025 – Jan 3, 2026');
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
    expect(machineLabel('test', 'view')).toBe('Test open (merge tag not filled in)');
    expect(machineLabel('test', 'click')).toBe('Test click (merge tag not filled in)');
    expect([machineBadge('test'), machineBadge('bot')]).toEqual(['Test', 'Machine']);
    expect(shortDay('2026-01-05', 'en-US')).toBe('Jan 5');
    expect(shortDay('2026-01-05', 'en-GB')).toBe('5 Jan');
  });
});

describe('pendingNotice: the hits still being counted', () => {
  it('says how many, in the singular for one', () => {
    expect(pendingNotice(1)).toBe('1 recent open, click or visit is still being counted after a burst of traffic. These figures take it in by themselves in a moment.');
    expect(pendingNotice(12480)).toBe('12,480 recent opens, clicks and visits are still being counted after a burst of traffic. These figures take them in by themselves in a moment.');
  });
});

describe('what the spec\'s totals are made of', () => {
  it('Total Views as opens and plays without a click; Total Clicks said only when some are not counted', () => {
    const notes = totalsNotes({ uniqueViews: 5, opens: 5, playsWithoutClick: 1, clicks: 4, totalClicks: 3 });
    expect(notes.totalViews).toEqual(['5 opens + 1 play without a click', '5 unique']);
    expect(notes.totalClicks).toEqual(['of 4 clicks: 1 to the web view with 1 s or less played']);
    expect(totalsNotes({ uniqueViews: 1, opens: 1, playsWithoutClick: 0, clicks: 2, totalClicks: 2 }).totalClicks).toEqual([]);
  });
});
