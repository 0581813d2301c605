import { TtlCache } from './ttl-cache.js';

describe('TtlCache', () => {
  it('answers from the cache until the entry expires, then loads again', async () => {
    let now = 1000;
    const cache = new TtlCache<string>(500, 10, () => now);
    let loads = 0;
    const load = async () => `v${++loads}`;
    expect(await cache.getOrLoad('a', load)).toBe('v1');
    now += 499;
    expect(await cache.getOrLoad('a', load)).toBe('v1');
    now += 1;
    expect(await cache.getOrLoad('a', load)).toBe('v2');
  });

  it('forgets everything on clear, and does not keep a value loaded across a clear', async () => {
    const cache = new TtlCache<string>(10_000, 10);
    await cache.getOrLoad('a', async () => 'old');
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
    let release!: (v: string) => void;
    const loading = cache.getOrLoad('b', () => new Promise<string>((r) => (release = r)));
    cache.clear();
    release('loaded before the change');
    expect(await loading).toBe('loaded before the change');
    expect(cache.get('b')).toBeUndefined();
  });

  it('shares one load among everyone asking for a missing entry at once, and not across a clear', async () => {
    const cache = new TtlCache<string>(10_000, 10);
    let loads = 0;
    let release!: (v: string) => void;
    const load = () => {
      loads++;
      return new Promise<string>((r) => (release = r));
    };
    const asking = [cache.getOrLoad('a', load), cache.getOrLoad('a', load), cache.getOrLoad('a', load)];
    expect(loads).toBe(1);
    release('one');
    expect(await Promise.all(asking)).toEqual(['one', 'one', 'one']);
    const before = cache.getOrLoad('b', load);
    const releaseBefore = release;
    cache.clear();
    const after = cache.getOrLoad('b', load);
    expect(loads).toBe(3);
    releaseBefore('stale');
    release('fresh');
    expect([await before, await after]).toEqual(['stale', 'fresh']);
    expect(cache.get('b')).toBe('fresh');
  });

  it('lets the next caller load again after a failed load', async () => {
    const cache = new TtlCache<string>(10_000, 10);
    await expect(cache.getOrLoad('a', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.getOrLoad('a', async () => 'up')).toBe('up');
  });

  it('holds at most max entries, dropping the oldest', () => {
    const cache = new TtlCache<number>(10_000, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.size]).toEqual([undefined, 2, 3, 2]);
  });
});
