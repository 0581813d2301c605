import { burstMembers, personKey, type ClickPoint } from './bursts.js';

const S = 'snippet-a';
const at = (secs: number) => 1_700_000_000_000 + secs * 1000;
const click = (ref: string, secs: number, who = 'r:ann', snippetId = S): ClickPoint => ({ ref, snippetId, who, at: at(secs) });

describe('personKey', () => {
  it('is the receiver, else the address, else nobody', () => {
    expect(personKey('ann@example.com', '1.2.3.4')).toBe('r:ann@example.com');
    expect(personKey(null, '1.2.3.4')).toBe('ip:1.2.3.4');
    expect(personKey(null, null)).toBeNull();
  });
});

describe('link-scanner bursts', () => {
  it('two clicks within 2 s are a burst, both of them', () => {
    expect(burstMembers([click('a', 0), click('b', 1.9)])).toEqual(new Set(['a', 'b']));
    expect(burstMembers([click('a', 0), click('b', 2)])).toEqual(new Set(['a', 'b']));
  });

  it('two clicks 2.5 s apart are a person', () => {
    expect(burstMembers([click('a', 0), click('b', 2.5)]).size).toBe(0);
  });

  it('three within 10 s are a burst, the earlier ones too', () => {
    expect(burstMembers([click('a', 0), click('b', 4), click('c', 9)])).toEqual(new Set(['a', 'b', 'c']));
    expect(burstMembers([click('a', 0), click('b', 4), click('c', 10.5)]).size).toBe(0);
  });

  it('only within one person and one snippet', () => {
    expect(burstMembers([click('a', 0, 'r:ann'), click('b', 0.5, 'r:bob')]).size).toBe(0);
    expect(burstMembers([click('a', 0, 'r:ann', 's1'), click('b', 0.5, 'r:ann', 's2')]).size).toBe(0);
  });

  it('in any order, leaving out clicks outside the burst', () => {
    const found = burstMembers([click('late', 30), click('b', 1), click('early', -20), click('a', 0)]);
    expect(found).toEqual(new Set(['a', 'b']));
  });
});

// The stored clicks' check (MachineTrafficChecks.markBursts) reads, for one person's clicks of a
// load, only the person's clicks between the load's first and last and the two nearest on each
// side within 10 s (BURST_CLICKS_*_SQL). Loads judged one after another that way, each marking what
// it finds, must end with the marks the rule gives the whole run.
describe('link-scanner bursts judged load by load on the nearest clicks', () => {
  const WINDOW_MS = 10_000;
  function lcg(seed: number): () => number {
    let x = seed;
    return () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32);
  }
  // What the statement reads around one load's clicks (sorted by time, then ref).
  function around(stored: ClickPoint[], load: ClickPoint[]): ClickPoint[] {
    const since = Math.min(...load.map((c) => c.at));
    const until = Math.max(...load.map((c) => c.at));
    const byTime = [...stored].sort((a, b) => a.at - b.at || (a.ref < b.ref ? -1 : 1));
    const within = byTime.filter((c) => c.at >= since && c.at <= until);
    const before = byTime.filter((c) => c.at < since && c.at >= since - WINDOW_MS).slice(-2);
    const after = byTime.filter((c) => c.at > until && c.at <= until + WINDOW_MS).slice(0, 2);
    return [...before, ...within, ...after];
  }

  it('marks what the whole run would, in loads of any size and order', () => {
    for (let round = 0; round < 40; round++) {
      const random = lcg(round + 7);
      let t = 0;
      const all = Array.from({ length: 80 }, (_, i) => {
        const r = random();
        t += r < 0.3 ? Math.floor(random() * 2_500) : r < 0.9 ? Math.floor(random() * 12_000) : 40_000;
        return { ref: `c${String(i).padStart(3, '0')}`, snippetId: S, who: 'r:ann', at: at(0) + t };
      });
      // loads of 1 to 10 clicks, some loaded out of the order they happened (another instance)
      const order = [...all].sort(() => random() - 0.5 + (round % 2 ? 0.4 : 0));
      const stored: ClickPoint[] = [];
      const marked = new Set<string>();
      for (let i = 0; i < order.length; ) {
        const load = order.slice(i, (i += 1 + Math.floor(random() * 10)));
        stored.push(...load);
        for (const ref of burstMembers(around(stored, load))) marked.add(ref);
      }
      expect(marked).toEqual(burstMembers(all));
    }
  });
});
