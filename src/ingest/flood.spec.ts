import { compactKey, FLOOD_LIMITS, floodKey, floodMembers, isFlood, PLAY_SECONDS_SLACK, type FloodPoint } from './flood.js';
import type { EngagementKind } from '../engagement/engagement-kinds.js';

const T0 = 1_700_000_000_000;
let seq = 0;
// A point of one person's run; refs keep the order they were made in (same length).
function at(ms: number, over: Partial<FloodPoint> = {}): FloodPoint {
  seq++;
  return { ref: `e${String(seq).padStart(6, '0')}`, key: 'ann', kind: 'open', at: T0 + ms, durationSecs: null, videoDurationSecs: null, ...over };
}
const run = (n: number, everyMs: number, over: Partial<FloodPoint> = {}) => Array.from({ length: n }, (_, i) => at(i * everyMs, over));
const countOf = (points: FloodPoint[]) => floodMembers(points).size;

describe('floodKey', () => {
  const base = { snippetId: 's1', kind: 'open' as EngagementKind, receiver: 'ann@example.com', ip: '81.2.69.142', client: 'Outlook' };

  it('is one receiver at one address, on one snippet, for one kind of event', () => {
    const k = floodKey(base);
    expect(k).not.toBeNull();
    expect(floodKey({ ...base })).toBe(k);
    for (const other of [{ receiver: 'bob@example.com' }, { ip: '81.2.69.143' }, { snippetId: 's2' }, { kind: 'click' as const }, { receiver: null }]) {
      expect([other, floodKey({ ...base, ...other })]).not.toEqual([other, k]);
    }
  });

  it('is the address alone without a receiver, except a mail proxy that fetches for everybody', () => {
    expect(floodKey({ ...base, receiver: null })).toEqual(expect.any(String));
    expect(floodKey({ ...base, receiver: null, client: 'Gmail' })).toBeNull();
    expect(floodKey({ ...base, receiver: null, client: 'Yahoo Mail' })).toBeNull();
    // A receiver known behind the proxy is one person.
    expect(floodKey({ ...base, client: 'Gmail' })).toEqual(expect.any(String));
  });

  it('is nobody without an address', () => {
    expect(floodKey({ ...base, ip: null })).toBeNull();
  });
});

describe('compactKey', () => {
  it('gives each of 200,000 people of one campaign their own safe integer, the same each time', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 200_000; i++) {
      const n = compactKey(floodKey({ snippetId: '4f7c1e2a-0000-4000-8000-00000000000a', kind: 'open', receiver: `reader-${i}@example.com`, ip: `10.${i % 250}.${(i * 7) % 250}.1` })!);
      expect(Number.isSafeInteger(n) && n >= 0).toBe(true);
      seen.add(n);
    }
    expect(seen.size).toBe(200_000);
    expect(compactKey('s1 open 81.2.69.142 r:ann@example.com')).toBe(compactKey('s1 open 81.2.69.142 r:ann@example.com'));
    expect(compactKey('s1 open 81.2.69.142 r:ann@example.com')).not.toBe(compactKey('s1 open 81.2.69.142 r:anm@example.com'));
  });
});

describe('floodMembers: opens', () => {
  const { perSecond, perMinute } = FLOOD_LIMITS.open;

  it('200 opens in a second: the first ones a person could make count, every other one is a flood', () => {
    const points = run(200, 5);
    const floods = floodMembers(points);
    expect(floods.size).toBe(200 - perSecond);
    // The earliest stay, in the order they came.
    expect(points.slice(0, perSecond).some((p) => floods.has(p.ref))).toBe(false);
  });

  it('a few opens over minutes are a person', () => {
    expect(countOf([at(0), at(40_000), at(3 * 60_000), at(3 * 60_000 + 800), at(10 * 60_000)])).toBe(0);
  });

  it('as many in a second as the limit is a person, one more is a flood', () => {
    expect(countOf(run(perSecond, 100))).toBe(0);
    expect(countOf(run(perSecond + 1, 100))).toBe(1);
  });

  it('beyond the limit of a minute, even spread out', () => {
    // One every 2 s: never too many in a second; more than perMinute within a minute.
    expect(countOf(run(perMinute, 2_000))).toBe(0);
    expect(countOf(run(perMinute + 5, 2_000))).toBe(5);
  });

  it('a run that keeps on stays a flood; a person after a quiet minute counts again', () => {
    const flood = run(600, 100); // ten a second for a minute
    expect(countOf(flood)).toBe(600 - perSecond);
    const later = at(60_000 + 599 * 100 + 60_000);
    expect(floodMembers([...flood, later]).has(later.ref)).toBe(false);
  });

  it('never depends on the order it is given, and keeps people apart', () => {
    const ann = run(10, 10);
    const bob = run(3, 10, { key: 'bob' });
    const forward = floodMembers([...ann, ...bob]);
    const backward = floodMembers([...bob, ...ann].reverse());
    expect(backward).toEqual(forward);
    expect(forward.size).toBe(10 - perSecond);
    expect(bob.some((p) => forward.has(p.ref))).toBe(false);
  });

  it('ties in time go by the order stored', () => {
    const same = run(perSecond + 1, 0);
    expect([...floodMembers(same)]).toEqual([same[perSecond].ref]);
  });
});

describe('floodMembers: clicks and plays', () => {
  it('clicks have their own limits', () => {
    expect(countOf(run(FLOOD_LIMITS.click.perSecond, 50, { kind: 'click' }))).toBe(0);
    expect(countOf(run(FLOOD_LIMITS.click.perSecond + 2, 50, { kind: 'click' }))).toBe(2);
    expect(countOf(run(FLOOD_LIMITS.click.perMinute + 1, 3_000, { kind: 'click' }))).toBe(1);
  });

  it('a person watching a 30 s video again and again is a person', () => {
    // A report at the end of each play, every 30 s, for ten minutes.
    expect(countOf(run(20, 30_000, { kind: 'play', durationSecs: 30, videoDurationSecs: 30 }))).toBe(0);
  });

  it('play reports adding up to more video than the time allows are a flood', () => {
    // Whole plays of a 30 s video reported every 5 s: 6 s of video per second of wall clock.
    const points = run(12, 5_000, { kind: 'play', durationSecs: 30, videoDurationSecs: 30 });
    const allowed = PLAY_SECONDS_SLACK * (60 + 30); // seconds of video within a minute
    expect(countOf(points)).toBe(12 - Math.floor(allowed / 30));
  });

  it('takes the reported seconds as the length when the video length is unknown', () => {
    expect(countOf(run(3, 20_000, { kind: 'play', durationSecs: 45, videoDurationSecs: null }))).toBe(0);
  });

  it('many short reports are a flood by their count', () => {
    expect(countOf(run(FLOOD_LIMITS.play.perSecond + 3, 100, { kind: 'play', durationSecs: 0.1, videoDurationSecs: 30 }))).toBe(3);
  });
});

// What the stored events' check reads from the database for each event (FLOOD_CANDIDATES_SQL):
// the person's events before it, counted within the second and the minute only up to the kind's
// limits, and the seconds of at most that many of the minute's. Judged by isFlood, each event must
// get the verdict floodMembers gives it over the whole run.
describe('isFlood on counts that stop at the limits', () => {
  // A small deterministic generator (no flaky seeds): runs of mixed pace, with ties in time.
  function lcg(seed: number): () => number {
    let x = seed;
    return () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32);
  }
  const factsOf = (points: FloodPoint[], e: FloodPoint) => {
    const { perSecond, perMinute } = FLOOD_LIMITS[e.kind];
    const before = points.filter((p) => p.key === e.key && (p.at < e.at || (p.at === e.at && p.ref < e.ref)));
    const inMinute = before.filter((p) => p.at > e.at - 60_000).slice(0, perMinute);
    return {
      ...e,
      inSecond: Math.min(perSecond, before.filter((p) => p.at > e.at - 1_000).length),
      inMinute: inMinute.length,
      playedInMinute: inMinute.reduce((sum, p) => sum + (p.durationSecs ?? 0), 0),
    };
  };

  it.each(['open', 'click', 'play'] as const)('gives every %s the verdict of the whole run', (kind) => {
    for (let round = 0; round < 20; round++) {
      const random = lcg(round + 1);
      let t = 0;
      const points: FloodPoint[] = [];
      for (let i = 0; i < 150; i++) {
        // bursts of a few ms, pauses of seconds, the odd long gap
        const r = random();
        t += r < 0.6 ? Math.floor(random() * 40) : r < 0.95 ? Math.floor(random() * 5_000) : 70_000;
        const durationSecs = kind === 'play' ? Math.round(random() * 40) : null;
        points.push(at(t, { kind, key: random() < 0.8 ? 'ann' : 'bob', durationSecs, videoDurationSecs: kind === 'play' ? 30 : null }));
      }
      const expected = floodMembers(points);
      const judged = new Set(points.filter((e) => isFlood(factsOf(points, e))).map((e) => e.ref));
      expect(judged).toEqual(expected);
    }
  });
});
