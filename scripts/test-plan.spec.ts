// npm test's scheduling decisions: which browser file starts first, how many run at a time, what
// is kept for the next run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { browserSlots, longestFirst, mergeDurations, readDurations } from './test-plan.mjs';

describe('longestFirst', () => {
  const size = (f: string) => ({ 'a.ts': 100, 'b.ts': 900, 'c.ts': 500, 'd.ts': 500 })[f] ?? 0;

  it('starts the file the last run measured longest first', () => {
    expect(longestFirst(['a.ts', 'b.ts', 'c.ts'], { 'a.ts': 90_000, 'b.ts': 10_000, 'c.ts': 40_000 }, size)).toEqual(['a.ts', 'c.ts', 'b.ts']);
  });

  it('puts files without a measure first, the biggest of them first', () => {
    expect(longestFirst(['a.ts', 'b.ts', 'c.ts'], { 'b.ts': 10_000 }, size)).toEqual(['c.ts', 'a.ts', 'b.ts']);
  });

  it('orders by size alone on a first run, and by name between equals', () => {
    expect(longestFirst(['d.ts', 'a.ts', 'c.ts', 'b.ts'], {}, size)).toEqual(['b.ts', 'c.ts', 'd.ts', 'a.ts']);
  });

  it('leaves the list it was given as it was', () => {
    const files = ['a.ts', 'b.ts'];
    longestFirst(files, {}, size);
    expect(files).toEqual(['a.ts', 'b.ts']);
  });
});

describe('browserSlots', () => {
  it('runs none beside jest until it is down to its last files, then one per core', () => {
    expect(browserSlots({ cores: 2, jestRunning: true, jestFilesLeft: 150, jestWorkers: 3 })).toBe(0);
    expect(browserSlots({ cores: 2, jestRunning: true, jestFilesLeft: 3, jestWorkers: 3 })).toBe(0);
    expect(browserSlots({ cores: 2, jestRunning: true, jestFilesLeft: 2, jestWorkers: 3 })).toBe(1);
    expect(browserSlots({ cores: 2, jestRunning: true, jestFilesLeft: 0, jestWorkers: 3 })).toBe(3);
    expect(browserSlots({ cores: 2, jestRunning: false })).toBe(2);
    expect(browserSlots({ cores: 8, jestRunning: false })).toBe(8);
  });

  it('keeps them apart while jest runs when its files left are not known', () => {
    expect(browserSlots({ cores: 2, jestRunning: true })).toBe(0);
  });

  it('takes other numbers when told', () => {
    expect(browserSlots({ cores: 2, jestRunning: true, jestFilesLeft: 0, jestWorkers: 1, perCore: 3 })).toBe(3);
    expect(browserSlots({ cores: 2, jestRunning: false, perCore: 2 })).toBe(4);
  });

  it('always runs at least one once jest is done', () => {
    expect(browserSlots({ cores: 0, jestRunning: false })).toBe(1);
  });
});

describe('mergeDurations', () => {
  it("takes this run's measures over the last ones and keeps the others", () => {
    expect(mergeDurations({ 'a.ts': 1000, 'b.ts': 2000 }, { 'a.ts': 1500.4 }, ['a.ts', 'b.ts'])).toEqual({ 'a.ts': 1500, 'b.ts': 2000 });
  });

  it('forgets files that no longer exist', () => {
    expect(mergeDurations({ 'gone.ts': 1000 }, { 'a.ts': 10 }, ['a.ts'])).toEqual({ 'a.ts': 10 });
  });
});

describe('readDurations', () => {
  const write = (root: string, rel: string, v: unknown) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), JSON.stringify(v));
  };

  it("takes the last run's measures, else the committed ones, else none", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'durations-'));
    try {
      expect(readDurations(root)).toEqual({});
      write(root, 'test/durations.json', { 'a.ts': 1 });
      expect(readDurations(root)).toEqual({ 'a.ts': 1 });
      write(root, 'test/.artifacts/test-durations.json', { 'a.ts': 2 });
      expect(readDurations(root)).toEqual({ 'a.ts': 2 });
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
