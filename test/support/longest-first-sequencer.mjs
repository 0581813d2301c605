// Jest's order of test files: longest first, so no long file starts last and keeps one worker
// busy alone at the end. By the times `npm test` kept from its last run, else the committed ones
// (readDurations() in scripts/test-plan.mjs); a file with no time yet counts as longest, the
// biggest of those first. The decision is longestFirst() in scripts/test-plan.mjs.
import fs from 'node:fs';
import path from 'node:path';
import { longestFirst, readDurations } from '../../scripts/test-plan.mjs';

export default class LongestFirstSequencer {
  sort(tests) {
    if (!tests.length) return tests;
    const rootDir = tests[0].context.config.rootDir;
    const byFile = new Map(tests.map((t) => [path.relative(rootDir, t.path), t]));
    const size = (f) => fs.statSync(byFile.get(f).path).size;
    return longestFirst([...byFile.keys()], readDurations(rootDir), size).map((f) => byFile.get(f));
  }

  // --onlyFailures: npm test does not use it; every file then, in the same order.
  allFailedTests(tests) {
    return this.sort(tests);
  }

  cacheResults() {}

  // --shard=i/n: every n-th file of the path order, starting at the i-th.
  shard(tests, { shardIndex, shardCount }) {
    return [...tests].sort((a, b) => (a.path < b.path ? -1 : 1)).filter((_, i) => i % shardCount === shardIndex - 1);
  }
}
