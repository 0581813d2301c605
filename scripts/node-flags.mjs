// The Node flags the app runs with, in one place: `npm start` and `npm run worker`
// (scripts/start.mjs) and the ingest bench (bench/ingest.mjs, which measures the app as it runs);
// the Dockerfile's CMD repeats them. Why each: docs/running.md (memory).
const APP_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=8', '--heap-growing-percent=30'];

// The flags, less those the operator sets in NODE_OPTIONS (e.g. NODE_OPTIONS=--max-old-space-size=2048):
// Node reads NODE_OPTIONS first and lets the command line win, so ours would otherwise override theirs.
export function appNodeFlags(nodeOptions = process.env.NODE_OPTIONS ?? '') {
  const name = (flag) => flag.split('=')[0].replace(/_/g, '-');
  const theirs = new Set(nodeOptions.split(/\s+/).filter(Boolean).map(name));
  return APP_NODE_FLAGS.filter((flag) => !theirs.has(name(flag)));
}
