// The ingest journal's insert alone (run by people: `npm run bench -- journal`, or
// `node bench/journal-insert.mjs`): what PostgreSQL spends on one group-commit batch, for the
// statements the app sends (src/ingest/ingest-journal.repository.ts), against the floor of an
// empty row's insert and commit and a bare `select 1`, in the same run, interleaved.
//
// Each case sends BENCH_INSERTS (3,000) inserts of one batch of BENCH_BATCH (57) opens as the hot
// path journals them (toFactsTuple, snippetCounts), one after another on one connection, into a
// scratch database migrated by the built app's migrations (so its own ingest_journal: lz4, storage
// main), dropped at the end. PostgreSQL's CPU is its backend's user + system time from
// /proc (when the server runs on this machine; wall time otherwise). Options: BENCH_DATABASE_URL
// (else DATABASE_URL, else the local default), BENCH_INSERTS, BENCH_BATCH, BENCH_ROUNDS (3).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ensureServerBuilt, root } from './_build.mjs';
import { migrateWithBuiltApp } from '../scripts/migrate-built.mjs';

ensureServerBuilt();
const { APPEND_SQL, APPEND_ASYNC_SQL } = await import(path.join(root, 'dist/server/src/ingest/ingest-journal.repository.js'));
const { toFactsTuple, snippetCounts } = await import(path.join(root, 'dist/server/src/ingest/ingest-journal.js'));

const URL_ = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
const INSERTS = Number(process.env.BENCH_INSERTS ?? 3_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 57);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const AGENT = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0';

const dbName = `eyemail_bench_journal_${crypto.randomBytes(4).toString('hex')}`;
const snippet = crypto.randomUUID();
const events = Array.from({ length: BATCH }, (_, i) =>
  toFactsTuple({
    snippetId: snippet, kind: 'open', occurredAt: new Date(), receiver: `reader-${i}@example.com`, ip: `203.0.113.${(i % 250) + 1}`, userAgent: AGENT, method: 'GET',
    target: null, destination: null, destinationLabel: null, durationSecs: null, videoDurationSecs: null, playId: null,
  }),
);
const bytes = Buffer.from(JSON.stringify(events));
const counts = JSON.stringify(snippetCounts(events));

// A scratch database with the app's schema, as the app's start migrates it.
const admin = new pg.Client({ connectionString: URL_ });
await admin.connect();
await admin.query(`create database ${dbName}`);
const dbUrl = new URL(URL_);
dbUrl.pathname = `/${dbName}`;
const dropDatabase = async () => {
  await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
  await admin.end();
};
const client = new pg.Client({ connectionString: dbUrl.toString() });
try {
  await migrateWithBuiltApp(root, dbUrl.toString());
  await client.connect();
} catch (e) {
  await dropDatabase();
  throw e;
}
const { rows: [{ pid }] } = await client.query('select pg_backend_pid() as pid');
// The backend's CPU in ms (user + system), or null when its /proc entry is not ours to read.
const cpuMs = () => {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return null;
  }
};

const cases = [
  ['unnamed statement (as the query builder sends it)', () => ({ text: APPEND_SQL, values: ['engagement', bytes, BATCH, counts] })],
  ['prepared statement (the app, durable commit)', () => ({ name: 'bench-append', text: APPEND_SQL, values: ['engagement', bytes, BATCH, counts] })],
  ['prepared, INGEST_ASYNC_COMMIT', () => ({ name: 'bench-append-async', text: APPEND_ASYNC_SQL, values: ['engagement', bytes, BATCH, counts] })],
  ['floor: an empty row, durable commit', () => ({ name: 'bench-empty', text: APPEND_SQL, values: ['engagement', Buffer.alloc(0), 0, '{}'] })],
  ['floor: select 1', () => ({ name: 'bench-select', text: 'select $1::int', values: [1] })],
];

try {
  const results = new Map(cases.map(([label]) => [label, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [label, query] of cases) {
      const c0 = cpuMs();
      const t0 = performance.now();
      for (let i = 0; i < INSERTS; i++) await client.query(query());
      const wall = (performance.now() - t0) / INSERTS;
      const c1 = cpuMs();
      results.get(label).push({ cpu: c0 === null || c1 === null ? null : (c1 - c0) / INSERTS, wall });
    }
    await client.query('truncate ingest_journal');
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const cpuOf = (label) => {
    const xs = results.get(label).map((r) => r.cpu);
    return xs.includes(null) ? null : median(xs);
  };
  const floor = cpuOf(cases[3][0]);
  console.log(`\nOne journal row of ${BATCH} opens (${bytes.length} bytes of JSON), ${INSERTS} inserts a case, ${ROUNDS} rounds interleaved (median)`);
  console.log('case                                               | PostgreSQL CPU ms an insert | vs the empty row | wall ms an insert');
  for (const [label] of cases) {
    const cpu = cpuOf(label);
    const wall = median(results.get(label).map((r) => r.wall));
    console.log(`${label.padEnd(50)} | ${(cpu === null ? 'n/a' : cpu.toFixed(3)).padStart(27)} | ${(cpu === null || !floor ? '' : `${(cpu / floor).toFixed(2)}x`).padStart(16)} | ${wall.toFixed(3).padStart(17)}`);
  }
  if (floor === null) console.log('(PostgreSQL is not on this machine, or its backend is not readable here: wall times only)');
} finally {
  await client.end();
  await dropDatabase();
}
