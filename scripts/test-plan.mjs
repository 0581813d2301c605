// The decisions of `npm test`'s scheduling, as pure functions (scripts/test.mjs does the running),
// and readDurations(), the one place that reads the measures they decide by.
import fs from 'node:fs';
import path from 'node:path';

// Longest first, so no long file starts last and holds the run up alone: by the duration the
// last run measured; a file with no measure yet (new, or the first run) counts as longest, the
// biggest of those first (size stands in for duration). Ties keep the name order, so a run's
// order is the same every time.
export function longestFirst(files, measuredMs, sizeOf) {
  const key = (f) => (Number.isFinite(measuredMs[f]) ? measuredMs[f] : Infinity);
  return [...files].sort((a, b) => key(b) - key(a) || sizeOf(b) - sizeOf(a) || (a < b ? -1 : a > b ? 1 : 0));
}

// How many browser files run at a time. While jest runs, none beside it until it is down to its
// last files (fewer left than it has workers): then `perCore` for each worker it no longer needs.
// One per core: two per core (four Chromiums, their servers and the recorder's live encoding on
// two cores) held the CPU at 98% pressure on a slow day (2026-11-29, /proc/pressure/cpu), and
// waits that take a few seconds ran past 15 s: a recording's stop, a 4 s notice already gone.
// Measured on two cores: jest alone 299 s and the browser files alone 279 s, but side by side (one
// browser file beside jest) 628 s: Chromium takes most of a core, jest's waits and polls then run
// longer and cost more, and the browser files, one at a time, become a chain as long as jest. Once
// jest is done, `perCore` per core. `jestFilesLeft` unknown (Infinity) keeps them apart until it ends.
export function browserSlots({ cores, jestRunning, jestFilesLeft = Infinity, jestWorkers = cores, perCore = 1 }) {
  if (jestRunning) return Math.max(0, jestWorkers - jestFilesLeft) * perCore;
  return Math.max(1, cores * perCore);
}

// The durations to keep for the next run: this run's measures over the last ones, files that no
// longer exist dropped.
export function mergeDurations(previous, measured, existing) {
  const next = {};
  for (const f of existing) {
    const ms = measured[f] ?? previous[f];
    if (Number.isFinite(ms)) next[f] = Math.round(ms);
  }
  return next;
}

// The measures to order a run by: the last run's (test/.artifacts/test-durations.json, kept in the
// checkout), else, in a fresh checkout, the ones committed in test/durations.json (a whole run's,
// refreshed by hand now and then: copy the first over the second). Only the order depends on them.
export const DURATIONS_FILE = path.join('test', '.artifacts', 'test-durations.json');
export const COMMITTED_DURATIONS_FILE = path.join('test', 'durations.json');
export function readDurations(root) {
  for (const rel of [DURATIONS_FILE, COMMITTED_DURATIONS_FILE]) {
    try {
      return JSON.parse(fs.readFileSync(path.join(root, rel), 'utf8'));
    } catch {
      // not there (or not readable): the next
    }
  }
  return {};
}
