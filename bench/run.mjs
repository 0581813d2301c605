// `npm run bench`: runs every benchmark script in bench/ (each measures its own baseline in the
// same run and prints the ratios), one after another so they do not compete for the CPU:
// bundle.mjs (the dashboard's initial JavaScript against its budget), encode.mjs (encoding),
// first-load.mjs (a deep page's first load and its request waterfall against the sign-in page),
// ingest.mjs (open pixel with and without its row stored), report.mjs (summary and records against
// their SQL, the CSV of 1 M rows and the memory it takes), and the rest.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const dir = path.dirname(new URL(import.meta.url).pathname);
const only = process.argv.slice(2);
const scripts = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.mjs') && f !== 'run.mjs' && !f.startsWith('_'))
  .filter((f) => !only.length || only.some((o) => f.startsWith(o)))
  .sort();

let failed = 0;
for (const f of scripts) {
  console.log(`\n=== bench/${f} ===`);
  const r = spawnSync(process.execPath, [path.join(dir, f)], { stdio: 'inherit' });
  if (r.status !== 0) {
    failed++;
    console.error(`bench/${f} exited with ${r.status ?? r.signal}`);
  }
}
process.exit(failed ? 1 : 0);
