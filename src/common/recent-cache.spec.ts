import { RecentCache } from './recent-cache.js';

describe('RecentCache', () => {
  it('forgets the least recently used first, keeps what is used again, and never holds more than its bound', () => {
    const c = new RecentCache<string, number>(4);
    for (const [i, k] of ['a', 'b', 'c', 'd', 'e', 'f'].entries()) c.set(k, i);
    expect([c.get('a'), c.get('b')]).toEqual([undefined, undefined]);
    expect([c.get('e'), c.get('f')]).toEqual([4, 5]);

    const used = new RecentCache<string, number>(4);
    used.set('a', 1);
    used.set('b', 2);
    used.set('c', 3);
    // 'a' is used again, 'b' is not
    expect(used.get('a')).toBe(1);
    used.set('d', 4);
    used.set('e', 5);
    expect(used.get('b')).toBeUndefined();
    expect(used.get('a')).toBe(1);

    for (let i = 0; i < 1000; i++) {
      used.set(`k${i}`, i);
      expect(used.size).toBeLessThanOrEqual(4);
    }
    expect(used.get('k999')).toBe(999);
  });

  it('updates a value in place, and the newer value wins over one left in the older generation', () => {
    const c = new RecentCache<string, number>(4);
    c.set('p', 1);
    c.set('q', 1);
    c.set('r', 1);
    c.set('p', 2);
    expect(c.get('p')).toBe(2);
    c.set('p', 3);
    expect(c.get('p')).toBe(3);
  });
});
