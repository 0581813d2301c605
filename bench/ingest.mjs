// Ingest benchmark (run by people: `npm run bench`, or `node bench/ingest.mjs`).
//
// The open pixel of a real snippet (a row stored per hit by the group-commit writer) against the
// same route with an unknown id (looked up, nothing written), with autocannon at 50 and 400
// connections as fast as the app answers (saturated): the throughput ratio (target >= 0.9x) and
// whether rows stored >= 2xx answered. Latency is judged apart from saturation: a saturated run
// queues (Little's law: 400 requests in flight at ~2,200 req/s is 180 ms on average, for the
// no-write route too), so the p99 target (<= 30 ms at 400 connections) is judged on a run at
// up to 400 connections at a steady rate of half the no-write route's measured capacity (open loop,
// a request every 1/rate s; see paced()), both routes, printing p50/p99 of each and the p99 the
// write adds. First on real PostgreSQL
// (BENCH_DATABASE_URL, else DATABASE_URL, else the local default), then on the embedded default.
// The app runs in its own process (bench/_ingest-server.mjs). Options: BENCH_SECONDS (per run,
// default 10), BENCH_BATCH_SQL=1 to time the batch insert inside PostgreSQL too (batchSql below), BENCH_EMBEDDED=0 to skip the embedded run, BENCH_HOTPATH_ONLY=1 to run only the
// table below (BENCH_ROUTES=pixel,pixel-noagg,pixel-async,nowrite,click,viewer,robots,media,flood,fanout: some of its rows; flood is the pixel of one reader from one address, its every hit after the first few classed as a flood (BENCH_FLOOD_HITS=n: n hits instead of BENCH_SECONDS); pixel-noagg is the stored pixel with the report aggregates' triggers off; pixel-async with INGEST_ASYNC_COMMIT; fanout is the
// pixel with one webhook endpoint and the notifications on, BENCH_RECEIVER=ok|500|hang its receiver), BENCH_APP_NODE_OPTIONS for the app's node ("--cpu-prof --cpu-prof-dir=prof" to profile it).
// Before those, the hot path against its ceiling (real PostgreSQL, 100 connections, saturated): a
// bare Express 5 route and bare node:http answering the same GIF (bench/_baseline-server.mjs,
// forked on this process's Node, the one the app runs on: Express under Node 20 runs at a third of
// its speed on Node 24), then the stored pixel, the click redirect, the public viewer page and
// /robots.txt through the app, each with its ratio to bare Express (targets: pixel >= 0.5x, click
// and viewer >= 0.4x), p99, the app's CPU per request and PostgreSQL's (its backends serving the
// bench's database, read from /proc when it runs on this machine), the writer's rows a batch and
// PostgreSQL's CPU a batch, and the app's resident memory after start, at its peak during the pixel
// load (its warm-up included; sampled every 50 ms in the app) and after it, with the V8 heap's
// spaces and the memory outside the heap after it.
// A "TimeoutNegativeWarning: -4 is a negative number" printed by this process (mostly in the
// embedded run, where the app takes more of the CPU) is autocannon's: its per-request timeout
// timers (the retimer package) re-arm with the time left, which is negative when a timer fires a
// few ms late. Harmless (the timer fires at once); not the app's.
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureServerBuilt, root } from './_build.mjs';
import { appNodeFlags } from '../scripts/node-flags.mjs';

const SECONDS = Math.max(2, Number(process.env.BENCH_SECONDS ?? 10));
const BASE_URL = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

ensureServerBuilt();

function startServer(env) {
  // As the product runs (scripts/start.mjs, Dockerfile): the same V8 flags (scripts/node-flags.mjs),
  // same malloc setting (BENCH_APP_NODE_OPTIONS flags come after, so they win; MALLOC_ARENA_MAX from
  // the environment too).
  const child = fork(path.join(root, 'bench/_ingest-server.mjs'), [], {
    env: { MALLOC_ARENA_MAX: '2', ...process.env, ...env },
    execArgv: [...appNodeFlags(), ...(process.env.BENCH_APP_NODE_OPTIONS ?? '').split(' ').filter(Boolean)],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = (msg, key) =>
    new Promise((resolve, reject) => {
      const exit = (code) => reject(new Error(`the app exited with ${code}`));
      const on = (m) => {
        if (m && key in m) {
          child.off('message', on);
          child.off('exit', exit);
          resolve(m);
        }
      };
      child.on('message', on);
      child.once('exit', exit);
      if (msg) child.send(msg);
    });
  return {
    ready: ask(null, 'port'),
    count: async () => (await ask('count', 'count')).count,
    fanout: async () => (await ask('fanout', 'fanout')).fanout,
    cpu: async () => (await ask('cpu', 'cpu')).cpu,
    asyncCommit: async (on) => ask({ asyncCommit: on }, 'asyncCommit'),
    writer: async () => (await ask('writer', 'writer')).writer,
    journal: async () => (await ask('journal', 'journal')).journal,
    memory: async () => ask('rss', 'rss'),
    stop: () => new Promise((resolve) => (child.once('exit', resolve), child.send('stop'))),
  };
}

// Open-loop load at a steady rate (autocannon's overallRate sends each second's quota in a burst at
// the start of the second, so its latency is the burst draining, not the app's): a request every
// 1/rate s, sent in 5 ms slots, over at most `connections` keep-alive connections. Each latency is
// counted from the moment the request was due, so a stalled app cannot hide behind a generator
// that waited for it (no coordinated omission).
async function paced(port, pathFor, connections, seconds, rate) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let errors = 0;
  let sent = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  const inFlight = new Set();
  const one = (due) =>
    new Promise((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: pathFor(sent), agent, headers: { 'user-agent': UA } }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode >= 200 && res.statusCode < 300) latencies.push(performance.now() - due);
          else errors++;
          resolve();
        });
      });
      req.on('error', () => (errors++, resolve()));
    });
  while (performance.now() < end) {
    const now = performance.now();
    const due = Math.floor(((now - start) / 1000) * rate);
    while (sent < due) {
      const at = start + (sent / rate) * 1000;
      const p = one(at);
      sent++;
      inFlight.add(p);
      p.then(() => inFlight.delete(p));
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN);
  return { rate: latencies.length / seconds, p50: at(0.5), p99: at(0.99), ok: latencies.length, errors };
}

// overallRate: requests a second from all connections together (none: as fast as answered).
// addressFor: an X-Forwarded-For per request (the app trusting one proxy hop), so hits come from
// public addresses and the geo look-up (and its database) is exercised.
// Request numbers run on across every load of the run, so each hit is another recipient, as in a
// campaign: numbers restarting at 0 made every run's readers open again within a minute of the
// last run, which the flood check (src/ingest/flood.ts) then looks at again after the commit.
let n = 0;
// amount: that many requests in all instead of a duration.
function load(port, pathFor, connections, duration, overallRate, addressFor, amount) {
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    ...(amount ? { amount } : { duration }),
    ...(overallRate ? { overallRate } : {}),
    headers: { 'user-agent': UA },
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          const i = n++;
          return { ...req, path: pathFor(i), ...(addressFor ? { headers: { ...req.headers, 'x-forwarded-for': addressFor(i) } } : {}) };
        },
      },
    ],
  });
}

function startBaseline(kind) {
  const child = fork(path.join(root, 'bench/_baseline-server.mjs'), [], { env: { ...process.env, BASELINE: kind }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return {
    ready: new Promise((resolve) => child.once('message', resolve)),
    cpu: () => new Promise((resolve) => (child.once('message', (m) => resolve(m.cpu)), child.send('cpu'))),
    stop: () => new Promise((resolve) => (child.once('exit', resolve), child.send('stop'))),
  };
}

// PostgreSQL's own CPU time (user + system, ms) in the backends serving the bench's database, read
// from /proc when the server runs on this machine (null otherwise): with the app's CPU per request,
// the steadier measure of the write's cost on a shared machine. Background processes (WAL writer,
// checkpointer) are not counted.
const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux
async function pgCpuMs() {
  const c = new pg.Client({ connectionString: dbUrl.toString() });
  await c.connect();
  try {
    const { rows } = await c.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    const ms = new Map();
    for (const { pid } of rows) {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        ms.set(pid, (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS);
      } catch {
        return null;
      }
    }
    return ms;
  } finally {
    await c.end();
  }
}
// Turns the report aggregates' insert triggers on engagement off or back on (the 'pixel-noagg' row).
async function aggregateTriggers(action) {
  const c = new pg.Client({ connectionString: dbUrl.toString() });
  await c.connect();
  try {
    for (const t of ['engagement_counter_insert', 'engagement_report_insert']) await c.query(`alter table engagement ${action} trigger ${t}`);
  } finally {
    await c.end();
  }
}
// The CPU the backends spent between two readings (a backend that ended in between is not counted).
const pgCpuSince = (before, after) => (before && after ? [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0) : null);

// Before each route of the table: the earlier routes' rows vacuumed and analyzed now, then
// PostgreSQL's backends for this database and the app left idle (under 5% of a core for 300 ms,
// at most 20 s), so no route is measured while the one before it still costs (its autovacuum, its
// queued fan-out): the no-write pixel, run after 120,000 stored hits, once ran at half its rate.
async function settle(server) {
  const c = new pg.Client({ connectionString: dbUrl.toString() });
  await c.connect();
  try {
    await c.query('vacuum (analyze) engagement');
  } finally {
    await c.end();
  }
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    const pg0 = await pgCpuMs();
    const app0 = await server.cpu();
    await new Promise((r) => setTimeout(r, 300));
    const used = (pgCpuSince(pg0, await pgCpuMs()) ?? 0) + ((await server.cpu()) - app0);
    if (used < 15) return;
  }
}

async function hotPath(env) {
  const CONNS = 100;
  const runs = [];
  for (const kind of ['node', 'express']) {
    const b = startBaseline(kind);
    const { port } = await b.ready;
    const gif = () => `/t/o/x.gif?v=reader%40example.com`;
    await load(port, gif, CONNS, 2);
    const cpu0 = await b.cpu();
    const r = await load(port, gif, CONNS, SECONDS);
    runs.push({ label: `bare ${kind === 'node' ? 'node:http' : 'Express 5'} GIF`, kind, r, cpu: (await b.cpu()) - cpu0 });
    await b.stop();
  }
  const server = startServer({ ...env, TRUST_PROXY: 'true' });
  const { port, snippet } = await server.ready;
  // Public IPv4 and IPv6 addresses, spread over the ranges (so both geo databases are read).
  const address = (i) => (i % 4 === 3 ? `2a00:1450:${(i % 65000).toString(16)}::${(i % 9000) + 1}` : `${(i % 200) + 11}.${(i * 7) % 250}.${(i * 13) % 250}.${(i % 250) + 1}`);
  const rss0 = (await server.memory()).rss / 1048576;
  const unknown = crypto.randomUUID();
  const routes = [
    { label: 'stored pixel /t/o/', kind: 'pixel', goal: 0.5, path: (i) => `/t/o/${snippet}.gif?v=${encodeURIComponent(`reader-${i}@example.com`)}` },
    // The stored pixel with the report aggregates' triggers turned off for its run (migrations 0018
    // and 0023): what keeping the aggregates at ingest costs the hot path.
    { label: 'stored, no aggregates', kind: 'pixel-noagg', path: (i) => `/t/o/${snippet}.gif?v=${encodeURIComponent(`reader-${i}@example.com`)}` },
    // The stored pixel with INGEST_ASYNC_COMMIT for its run: the journal's commit does not wait for
    // the WAL's flush (a database server's crash can lose the last 0.6 s of hits).
    { label: 'stored, async commit', kind: 'pixel-async', path: (i) => `/t/o/${snippet}.gif?v=${encodeURIComponent(`reader-${i}@example.com`)}` },
    // The same pixel for an unknown snippet: looked up, nothing written (the stored pixel's target: >= 0.9x this).
    { label: 'no-write pixel (unknown)', kind: 'nowrite', path: (i) => `/t/o/${unknown}.gif?v=${encodeURIComponent(`reader-${i}@example.com`)}` },
    { label: 'click redirect /t/c/', kind: 'click', goal: 0.4, path: (i) => `/t/c/${snippet}?v=${encodeURIComponent(`reader-${i}@example.com`)}` },
    { label: 'viewer page /live/', kind: 'viewer', goal: 0.4, path: (i) => `/live/${snippet}?v=${encodeURIComponent(`reader-${i}@example.com`)}` },
    { label: '/robots.txt', kind: 'robots', path: () => '/robots.txt' },
    // An exported email's GIF at its living address (answered ahead of Express: the EyeMail's state
    // from its 2 s cache, the current file from memory): what each open of a non-Apple mail client
    // asks besides the pixel. The file is the bench's own 43-byte GIF, so the row is the route's cost.
    { label: 'living GIF /m/', kind: 'media', path: () => `/m/${snippet}/gif-600x338.gif` },
    // A flood: every hit the same reader from the same address (the flood check classes all but the
    // first few as machine traffic). Its loading after the load is the row to compare with the
    // stored pixel's burst of people: the same code must load both at the same rate.
    { label: 'flood: one reader', kind: 'flood', path: () => `/t/o/${snippet}.gif?v=flooder%40example.com`, address: () => '198.51.100.7', amount: Number(process.env.BENCH_FLOOD_HITS) || undefined },
  ];
  let rssLoad = 0;
  let rssPeak = 0;
  let rssDrainPeak = 0;
  let rssDrained = 0;
  let memoryDetail = '';
  const only = process.env.BENCH_ROUTES?.split(',');
  for (const route of routes.filter((x) => !only || only.includes(x.kind))) {
    await settle(server);
    if (route.kind === 'pixel-noagg') await aggregateTriggers('disable');
    if (route.kind === 'pixel-async') await server.asyncCommit(true);
    await load(port, route.path, CONNS, 2, undefined, route.address ?? address);
    const before = await server.count();
    const w0 = await server.writer();
    const cpu0 = await server.cpu();
    const pg0 = await pgCpuMs();
    const r = await load(port, route.path, CONNS, SECONDS, undefined, route.address ?? address, route.amount);
    const cpu = (await server.cpu()) - cpu0;
    const pg1 = await pgCpuMs();
    const pgCpu = pgCpuSince(pg0, pg1) === null ? null : pgCpuSince(pg0, pg1) * 1000;
    const w1 = await server.writer();
    const batches = w1.batches - w0.batches;
    // The hits are answered once journaled; the loader moves them into the engagement table once
    // the ingest is quiet. How long that takes after the load, and what it costs.
    const duringLoad = route.kind === 'pixel' ? await server.memory() : null;
    const drain0 = performance.now();
    const journaled = await server.journal();
    while ((await server.journal()) > 0 && performance.now() - drain0 < 300_000) await new Promise((res) => setTimeout(res, 100));
    const drainS = (performance.now() - drain0) / 1000;
    const drainCpu = (await server.cpu()) - cpu0 - cpu;
    const drainPg = pgCpuSince(pg1, await pgCpuMs());
    const stored = (await server.count()) - before;
    if (route.kind === 'pixel') {
      const m = await server.memory();
      rssLoad = duringLoad.rss / 1048576;
      rssPeak = duringLoad.peak / 1048576;
      rssDrainPeak = m.peak / 1048576;
      rssDrained = m.rss / 1048576;
      const MB = (x) => `${(x / 1048576).toFixed(0)} MB`;
      const sp = m.spaces;
      memoryDetail =
        `V8 heap ${MB(m.heapUsed)} used of ${MB(m.heapTotal)} (young generation ${MB(m.young)}, old ${MB(sp.old_space)}, large objects ${MB(sp.large_object_space + sp.new_large_object_space)}, ` +
        `code and other ${MB(m.heapTotal - m.young - sp.old_space - sp.large_object_space - sp.new_large_object_space)}), outside the heap ${MB(m.external)} (of which array buffers ${MB(m.arrayBuffers)})`;
    }
    if (route.kind === 'pixel-noagg') await aggregateTriggers('enable');
    if (route.kind === 'pixel-async') await server.asyncCommit(false);
    runs.push({ ...route, r, stored, cpu, pgCpu, batches, journaled, drainS, drainCpu, drainPg });
  }
  await server.stop();
  const fan = !only || only.includes('fanout') ? await fanoutRun(env, address) : null;
  if (fan) runs.push(fan);
  const express5 = runs.find((x) => x.kind === 'express').r.requests.average;
  console.log(`\nThe hot path against its ceiling (PostgreSQL, ${CONNS} connections, ${SECONDS} s each, load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs)`);
  // CPU time per answered request, the server process's own (user + system): on a machine shared
  // with other work, throughput follows the load; this follows the code.
  const perReq = (x) => x.cpu / Math.max(1, x.r.requests.total);
  const expressCpu = perReq(runs.find((x) => x.kind === 'express'));
  console.log('route                    |  req/s | vs bare Express         | p50 / p99 (ms) | CPU µs/req (x Express) | PG CPU µs/req | non-2xx/3xx | rows stored');
  for (const x of runs) {
    const ratio = x.r.requests.average / express5;
    const ok = (x.r['2xx'] ?? 0) + (x.r['3xx'] ?? 0);
    console.log(
      `${x.label.padEnd(24)} | ${x.r.requests.average.toFixed(0).padStart(6)} | ${`${ratio.toFixed(2)}x`.padStart(6)}${(x.goal ? ` (>= ${x.goal}x ${ratio >= x.goal ? 'met' : 'MISSED'})` : '').padEnd(17)} | ${`${x.r.latency.p50} / ${x.r.latency.p99}`.padStart(14)} | ${`${perReq(x).toFixed(0)} (${(perReq(x) / expressCpu).toFixed(1)}x)`.padStart(22)} | ${(x.pgCpu === undefined || x.pgCpu === null ? '' : (x.pgCpu / Math.max(1, x.r.requests.total)).toFixed(0)).padStart(13)} | ${String(x.r.non2xx - (x.r['3xx'] ?? 0) + x.r.errors).padStart(11)} | ${x.stored === undefined ? '' : `${x.stored} of ${ok} answered${x.kind === 'pixel' || x.kind === 'pixel-noagg' || x.kind === 'pixel-async' || x.kind === 'click' || x.kind === 'viewer' || x.kind === 'fanout' || x.kind === 'flood' ? (x.stored >= ok ? ' (all)' : ' (MISSING)') : ''}`}`,
    );
  }
  // The ingest writer's batches (open pixel and click): rows a batch, and PostgreSQL's CPU a batch
  // (its backends' time for the route over the batches written: the insert with its triggers, the
  // commit and the look-ups around it).
  for (const x of runs.filter((y) => y.batches && y.stored)) {
    const pgMs = x.pgCpu === null || x.pgCpu === undefined ? '' : `, PostgreSQL ${(x.pgCpu / 1000 / x.batches).toFixed(2)} ms of CPU a batch`;
    console.log(`${x.label}: ${x.batches} batches, ${(x.stored / x.batches).toFixed(1)} rows a batch${pgMs}`);
  }
  // The loading the journal left for after each stored route: how long, at what cost, and the rate
  // the route sustains once its loading is counted (answered hits over the run and the drain).
  for (const x of runs.filter((y) => y.journaled)) {
    const ok = (x.r['2xx'] ?? 0) + (x.r['3xx'] ?? 0);
    console.log(
      `${x.label}: ${x.journaled} events still in the journal when the load ended, loaded in ${x.drainS.toFixed(1)} s after it (${(x.journaled / Math.max(0.001, x.drainS)).toFixed(0)} events/s) ` +
        `(app ${(x.drainCpu / Math.max(1, x.journaled)).toFixed(0)} µs and PostgreSQL ${x.drainPg === null ? '?' : ((x.drainPg * 1000) / Math.max(1, x.journaled)).toFixed(0)} µs of CPU an event); ` +
        `sustained with its loading: ${(ok / (SECONDS + x.drainS)).toFixed(0)} hits/s`,
    );
  }
  const ratioTo = (a, b) => (a && b ? a.r.requests.average / b.r.requests.average : NaN);
  const pixel = runs.find((x) => x.kind === 'pixel');
  const nowrite = ratioTo(pixel, runs.find((x) => x.kind === 'nowrite'));
  if (!Number.isNaN(nowrite)) console.log(`stored pixel vs the no-write pixel: ${nowrite.toFixed(2)}x (target >= 0.9x: ${nowrite >= 0.9 ? 'met' : 'MISSED'})`);
  const asyncCommit = ratioTo(runs.find((x) => x.kind === 'pixel-async'), runs.find((x) => x.kind === 'nowrite'));
  if (!Number.isNaN(asyncCommit)) console.log(`stored pixel with INGEST_ASYNC_COMMIT vs the no-write pixel: ${asyncCommit.toFixed(2)}x (target >= 0.9x: ${asyncCommit >= 0.9 ? 'met' : 'MISSED'})`);
  const noagg = ratioTo(pixel, runs.find((x) => x.kind === 'pixel-noagg'));
  if (!Number.isNaN(noagg)) console.log(`stored pixel with the report aggregates kept vs without them: ${noagg.toFixed(2)}x`);
  if (fan) {
    console.log(`pixel + webhook + notify: PostgreSQL CPU ${(fan.pgCpu / Math.max(1, fan.r.requests.total)).toFixed(0)} µs per answered request during the load (its backends for this database)`);
    const f = ratioTo(fan, pixel);
    console.log(
      `stored pixel with one webhook endpoint and notifications on vs without: ${f.toFixed(2)}x (target >= 0.9x: ${f >= 0.9 ? 'met' : 'MISSED'}); receiver ${fan.receiverMode}: ` +
        `${fan.received} messages received, ${fan.fanout.delivered} deliveries delivered and ${fan.fanout.pending} pending ${fan.waitedS} s after the load (of ${fan.all} opens stored, the 2 s warm-up's included: every one delivered once when equal), ${fan.fanout.notified} notification events recorded; ` +
        `${fan.left} jobs the earlier rows' app left queued were cleared before it`,
    );
  }
  console.log(
    `app resident memory: ${rss0.toFixed(0)} MB after start, ${rssPeak.toFixed(0)} MB at its peak during the pixel load, ${rssLoad.toFixed(0)} MB after it (target <= 256 MB), ` +
      `${rssDrainPeak.toFixed(0)} MB at its peak while its journal was loaded, ${rssDrained.toFixed(0)} MB after` +
      `${memoryDetail ? `; once loaded: ${memoryDetail}` : ''}`,
  );
}

// PostgreSQL's own time for the ingest's batch insert (BENCH_BATCH_SQL=1, after the hot-path table):
// the app's INSERT (src/engagement/engagement-sql.ts) of batches of 1, 10, 30 and 100 first opens, each in a
// transaction rolled back, on a table already holding 100,000 opens of the snippet (stored through the
// same statement, so the counters and people are kept), with and without the counters' trigger. Wall
// time (median) and the backend's own CPU a batch (from /proc: the steadier figure on a shared machine);
// the table without the trigger is a copy of it (same rows, indexes and foreign key).
async function batchSql() {
  const server = startServer({ DATABASE_URL: dbUrl.toString(), DATA_DIR: tmpDir(), REDIS_URL: '' });
  const { snippet } = await server.ready; // migrated, with a snippet
  await server.stop();
  const { INSERT_SQL } = await import(path.join(root, 'dist/server/src/engagement/engagement-sql.js'));
  const { jsonRowsParam } = await import(path.join(root, 'dist/server/src/database/json-rows.js'));
  const c = new pg.Client({ connectionString: dbUrl.toString() });
  await c.connect();
  let i = 0;
  const batch = (size) =>
    jsonRowsParam(
      Array.from({ length: size }, () => {
        const k = i++;
        return {
          snippetId: snippet, kind: 'open', occurredAt: new Date(), receiver: `reader-${k}@example.com`, ip: `${(k % 200) + 11}.${(k * 7) % 250}.${(k * 13) % 250}.${(k % 250) + 1}`,
          countryCode: 'US', countryName: 'United States', region: 'California', city: 'San Jose', deviceType: 'smartphone', platform: 'iOS', client: 'Apple Mail', userAgent: UA,
          target: null, destination: null, destinationLabel: null, durationSecs: null, videoDurationSecs: null, clickId: null, machineReason: null, playId: null,
        };
      }),
    );
  try {
    for (let k = 0; k < 100; k++) await c.query(INSERT_SQL, [batch(1000)]);
    // The same table without the trigger: same rows, indexes and foreign key.
    await c.query('create table engagement_bare (like engagement including defaults including constraints including indexes including identity)');
    await c.query('alter table engagement_bare add foreign key (snippet_id) references snippet (id) on delete cascade');
    await c.query('insert into engagement_bare select * from engagement');
    await c.query(`select setval(pg_get_serial_sequence('engagement_bare', 'id'), (select max(id) from engagement_bare))`);
    await c.query('vacuum analyze engagement');
    await c.query('vacuum analyze engagement_bare');
    const pid = (await c.query('select pg_backend_pid() as pid')).rows[0].pid;
    const cpuMs = () => {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
    };
    const measure = async (size, triggers) => {
      const n = Math.round(20_000 / (size + 20));
      const run = async () => {
        await c.query('begin');
        const t0 = performance.now();
        await c.query(triggers ? INSERT_SQL : INSERT_SQL.replace('insert into engagement ', 'insert into engagement_bare '), [batch(size)]);
        const ms = performance.now() - t0;
        await c.query('rollback');
        return ms;
      };
      for (let k = 0; k < 5; k++) await run(); // the session's plans cached, as in the app's pool
      const cpu0 = cpuMs();
      const times = [];
      for (let k = 0; k < n; k++) times.push(await run());
      const cpu = (cpuMs() - cpu0) / n;
      times.sort((a, b) => a - b);
      return { wall: times[Math.floor(n / 2)], cpu };
    };
    console.log(`\nThe batch insert in PostgreSQL (100,000 opens stored; load average ${os.loadavg()[0].toFixed(1)})`);
    console.log('rows a batch | with the counters: wall (median) | CPU a batch | CPU a row | same table without the trigger: wall | CPU a batch');
    for (const size of [1, 10, 30, 100]) {
      const w = await measure(size, true);
      const wo = await measure(size, false);
      console.log(
        `${String(size).padStart(12)} | ${`${w.wall.toFixed(2)} ms`.padStart(31)} | ${`${w.cpu.toFixed(2)} ms`.padStart(11)} | ${`${((w.cpu * 1000) / size).toFixed(0)} µs`.padStart(9)} | ${`${wo.wall.toFixed(2)} ms`.padStart(36)} | ${`${wo.cpu.toFixed(2)} ms`.padStart(11)}`,
      );
    }
  } finally {
    await c.end();
  }
}

// The stored pixel again, on an app whose snippet's owner has one webhook endpoint (opens and
// clicks, to a receiver in this process) and the notifications on; BENCH_RECEIVER=500 or hang makes
// the receiver answer 500 or never answer. After the load, waits (at most 20 s) for the deliveries.
// Also prints PostgreSQL's CPU per request during its load (fanoutPgCpu).
async function fanoutRun(env, address) {
  const mode = process.env.BENCH_RECEIVER ?? 'ok';
  let received = 0;
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      if (mode === 'hang') return;
      res.statusCode = mode === '500' ? 500 : 204;
      res.end();
    });
  });
  await new Promise((r) => receiver.listen(0, '127.0.0.1', r));
  // The app of the earlier rows used this database too and left its deferred fan-out in the job
  // queue (the notifications' fan-out jobs of every hit it stored, about ten a second of load,
  // waiting for a quiet ingest): the app started here would take them over and run them during
  // this row's load, so the row measured the earlier rows' backlog, more the longer they ran
  // (0.95x at 8 s a row, 0.23x at 30 s, 0.06x at 40 s). This row measures its own fan-out only.
  const left = await clearJobQueue();
  const server = startServer({ ...env, TRUST_PROXY: 'true', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', BENCH_FANOUT: `http://127.0.0.1:${receiver.address().port}/hooks` });
  const { port, snippet } = await server.ready;
  const path = (i) => `/t/o/${snippet}.gif?v=${encodeURIComponent(`reader-${i}@example.com`)}`;
  await load(port, path, 100, 2, undefined, address);
  const before = await server.count();
  const cpu0 = await server.cpu();
  const pg0 = await fanoutPgCpu();
  const r = await load(port, path, 100, SECONDS, undefined, address);
  const cpu = (await server.cpu()) - cpu0;
  const pgCpu = (await fanoutPgCpu()) - pg0;
  // The hits are answered once journaled; they are stored, and fanned out, once loaded.
  const t0 = performance.now();
  while ((await server.journal()) > 0 && performance.now() - t0 < 300_000) await new Promise((res) => setTimeout(res, 100));
  const stored = (await server.count()) - before;
  const all = await server.count();
  let fanout = await server.fanout();
  while (mode === 'ok' && fanout.delivered < all && performance.now() - t0 < 120_000) {
    await new Promise((res) => setTimeout(res, 500));
    fanout = await server.fanout();
  }
  const waitedS = ((performance.now() - t0) / 1000).toFixed(0);
  await server.stop();
  receiver.closeAllConnections();
  await new Promise((res) => receiver.close(res));
  return { label: 'pixel + webhook + notify', kind: 'fanout', r, stored, all, cpu, pgCpu, fanout: { ...fanout, delivered: fanout.delivered }, received, receiverMode: mode, waitedS, left };
}

// Deletes the jobs the earlier rows' app left queued in the bench's database; answers how many.
async function clearJobQueue() {
  const c = new pg.Client({ connectionString: dbUrl.toString() });
  await c.connect();
  try {
    return (await c.query(`delete from job where state in ('queued', 'active')`)).rowCount;
  } finally {
    await c.end();
  }
}

// PostgreSQL's CPU time (µs) so far in the backends serving the bench's database, read from /proc
// (PostgreSQL on this machine; 0 otherwise): what the app's statements cost the database, which
// shares the cores. CPU time, so other work on the machine moves it little, unlike throughput.
async function fanoutPgCpu() {
  const { rows } = await admin.query('select pid from pg_stat_activity where datname = $1', [name]);
  let ticks = 0;
  for (const { pid } of rows) {
    try {
      const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // not on this machine, or ended
    }
  }
  return ticks * 10_000; // 100 ticks a second
}

async function scenario(label, env) {
  const server = startServer(env);
  const { port, snippet } = await server.ready;
  const mem0 = await server.memory();
  const unknown = crypto.randomUUID();
  const real = (i) => `/t/o/${snippet}.gif?v=${encodeURIComponent(`reader-${i}@example.com`)}`;
  const none = (i) => `/t/o/${unknown}.gif?v=${encodeURIComponent(`reader-${i}@example.com`)}`;
  // Warm both routes (JIT, the user-agent cache, the connection pool).
  await load(port, real, 50, 2);
  await load(port, none, 50, 2);
  const rows = [];
  for (const connections of [50, 400]) {
    const base = await load(port, none, connections, SECONDS);
    const before = await server.count();
    const write = await load(port, real, connections, SECONDS);
    const stored = (await server.count()) - before;
    rows.push({ connections, base, write, stored });
  }
  // Latency below saturation: 400 connections at half the no-write route's capacity at 400.
  const paceRate = Math.max(1, Math.round(rows.find((r) => r.connections === 400).base.requests.average / 2));
  const paceRuns = { rate: paceRate, base: await paced(port, none, 400, SECONDS, paceRate) };
  const beforePacedWrite = await server.count();
  paceRuns.write = await paced(port, real, 400, SECONDS, paceRate);
  paceRuns.stored = (await server.count()) - beforePacedWrite;
  const mem1 = await server.memory();
  await server.stop();

  console.log(`\n${label}`);
  console.log('conns | unknown id req/s | real snippet req/s | ratio | p99 unknown / real (ms) | 2xx real | rows stored | errors');
  for (const { connections, base, write, stored } of rows) {
    const ratio = write.requests.average / base.requests.average;
    console.log(
      `${String(connections).padStart(5)} | ${base.requests.average.toFixed(0).padStart(16)} | ${write.requests.average.toFixed(0).padStart(18)} | ${ratio.toFixed(2)}x | ${`${base.latency.p99} / ${write.latency.p99}`.padStart(23)} | ${String(write['2xx']).padStart(8)} | ${String(stored).padStart(11)} | ${write.errors + write.non2xx}`,
    );
  }
  const { rate, base: pb, write: pw, stored: ps } = paceRuns;
  console.log(
    `  400 | steady ${rate} req/s (half the unknown id's capacity): unknown id ${pb.rate.toFixed(0)} req/s, p50 / p99 ${pb.p50} / ${pb.p99} ms; ` +
      `real snippet ${pw.rate.toFixed(0)} req/s, p50 / p99 ${pw.p50} / ${pw.p99} ms; the write adds ${pw.p99 - pb.p99} ms to the p99; errors ${pb.errors + pw.errors}; rows stored ${ps} >= 2xx ${pw.ok}: ${ps >= pw.ok ? 'yes' : 'NO'}`,
  );
  const MB = (x) => `${(x / 1048576).toFixed(0)} MB`;
  console.log(`app resident memory: ${MB(mem0.rss)} after start, ${MB(mem1.peak)} at its peak during these runs, ${MB(mem1.rss)} after them`);
  const worst = Math.min(...rows.map((r) => r.write.requests.average / r.base.requests.average));
  console.log(
    `targets: ratio >= 0.9x (saturated): ${worst >= 0.9 ? 'met' : 'MISSED'} (worst ${worst.toFixed(2)}x); p99 <= 30 ms at 400 connections at a steady half-capacity rate: ${pw.p99 <= 30 ? 'met' : 'MISSED'} (${pw.p99} ms); rows >= 2xx: ${rows.every((r) => r.stored >= r.write['2xx']) ? 'met' : 'MISSED'}`,
  );
}

// Real PostgreSQL: a fresh database, dropped afterwards.
const name = `eyemail_bench_${crypto.randomBytes(5).toString('hex')}`;
const admin = new pg.Client({ connectionString: BASE_URL });
await admin.connect();
await admin.query(`create database ${name}`);
const dbUrl = new URL(BASE_URL);
dbUrl.pathname = `/${name}`;
const dataDirs = [];
const tmpDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-bench-ingest-'));
  // An app on the embedded defaults run as root starts its PostgreSQL as another account, which
  // must be able to enter the folder (mkdtemp makes it 700).
  fs.chmodSync(d, 0o755);
  dataDirs.push(d);
  return d;
};
// What one durable commit costs on this server (a batch waits for one): the floor of the write path.
async function commitLatency() {
  const c = new pg.Client({ connectionString: dbUrl.toString() });
  await c.connect();
  await c.query('create table bench_commit (a int)');
  const t0 = performance.now();
  for (let i = 0; i < 50; i++) await c.query('insert into bench_commit values (1)');
  const ms = (performance.now() - t0) / 50;
  await c.query('drop table bench_commit');
  await c.end();
  return ms;
}

try {
  console.log(`one committed insert on this PostgreSQL: ${(await commitLatency()).toFixed(1)} ms (fsync of the WAL)`);
  await hotPath({ DATABASE_URL: dbUrl.toString(), DATA_DIR: tmpDir(), REDIS_URL: '' });
  if (process.env.BENCH_BATCH_SQL === '1') await batchSql();
  if (process.env.BENCH_HOTPATH_ONLY !== '1') await scenario(`PostgreSQL (${os.cpus().length} CPUs, ${SECONDS} s per run)`, { DATABASE_URL: dbUrl.toString(), DATA_DIR: tmpDir(), REDIS_URL: '' });
  if (process.env.BENCH_EMBEDDED !== '0' && process.env.BENCH_HOTPATH_ONLY !== '1') {
    await scenario(`Embedded default (no DATABASE_URL, ${SECONDS} s per run)`, { DATABASE_URL: '', DATA_DIR: tmpDir(), REDIS_URL: '' });
  }
} finally {
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  dataDirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
}
