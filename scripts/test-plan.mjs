// The decisions of `npm test`'s scheduling, as pure functions (scripts/test.mjs does the running).

// Longest first, so no long file starts last and holds the run up alone: by the duration the
// last run measured; a file with no measure yet (new, or the first run) counts as longest, the
// biggest of those first (size stands in for duration). Ties keep the name order, so a run's
// order is the same every time.
export function longestFirst(files, measuredMs, sizeOf) {
  const key = (f) => (Number.isFinite(measuredMs[f]) ? measuredMs[f] : Infinity);
  return [...files].sort((a, b) => key(b) - key(a) || sizeOf(b) - sizeOf(a) || (a < b ? -1 : a > b ? 1 : 0));
}

// How many browser files run at a time. A browser file uses about half a core on average (it
// waits on its server, on Chromium drawing, on an encoding), so while jest keeps every core busy
// `whileJest` files fit beside it, and once jest is done `perCore` per core.
export function browserSlots({ cores, jestRunning, whileJest = 1, perCore = 2 }) {
  return jestRunning ? whileJest : Math.max(1, cores * perCore);
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
