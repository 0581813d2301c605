import { isStaleOwner, ownerDirName, parseOwnerDirName, safeHostName, STALE_FOREIGN_OWNER_MS } from './job-temp-dirs.js';

describe('scratch folder owners', () => {
  const self = { host: 'web-1', pid: 100, token: 'aaaa' };
  const alive = (pids: number[]) => ({ isAlive: (pid: number) => pids.includes(pid), ageMs: 0 });

  it('round-trips an owner through its folder name', () => {
    expect(parseOwnerDirName(ownerDirName(self))).toEqual(self);
    expect(parseOwnerDirName('random-folder')).toBeNull();
  });

  it('makes host names safe as folder names', () => {
    expect(safeHostName('Web_1.Example.COM')).toBe('web_1.example.com');
    expect(safeHostName('a/b~c')).toBe('a_b_c');
  });

  it('keeps its own folder', () => {
    expect(isStaleOwner(self, self, alive([]))).toBe(false);
  });

  it('removes the folder of a dead process on the same host', () => {
    expect(isStaleOwner({ ...self, pid: 200, token: 'bbbb' }, self, alive([100]))).toBe(true);
  });

  it('keeps the folder of a live process on the same host', () => {
    expect(isStaleOwner({ ...self, pid: 200, token: 'bbbb' }, self, alive([100, 200]))).toBe(false);
  });

  it('removes a previous life with our own pid (a restarted container)', () => {
    expect(isStaleOwner({ ...self, token: 'bbbb' }, self, alive([100]))).toBe(true);
  });

  it('leaves other hosts alone unless untouched for a day', () => {
    const other = { host: 'worker-7', pid: 5, token: 'cccc' };
    expect(isStaleOwner(other, self, { isAlive: () => false, ageMs: 60_000 })).toBe(false);
    expect(isStaleOwner(other, self, { isAlive: () => true, ageMs: STALE_FOREIGN_OWNER_MS + 1 })).toBe(true);
  });
});
