// Webhooks under ingest load (run by people: `npm run bench`, or `node bench/webhooks.mjs`).
//
// The stored open pixel, saturated with autocannon at 50 connections, on a fresh app each time:
// without any webhook endpoint (the baseline of this run), then with one endpoint that wants
// every open, its receiver (in this process) answering 200, answering 500, or never answering.
// Prints each run's throughput and its ratio to the baseline (target >= 0.9x), the app's CPU time
// per request, the rows stored, and the webhook tries made during the run; for the 200 receiver,
// how long the deliveries then take to catch up with the rows. The app runs in its own process
// (bench/_webhook-server.mjs) on real PostgreSQL (BENCH_DATABASE_URL, else DATABASE_URL, else the
// local default) with the in-process queue, or BullMQ with BENCH_REDIS_URL; with BENCH_WORKER=1
// too, the app only enqueues (PROCESS_JOBS=false) and a `npm run worker` process delivers.
// BENCH_SECONDS per run (default 10).
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureServerBuilt, root } from './_build.mjs';

const SECONDS = Math.max(2, Number(process.env.BENCH_SECONDS ?? 10));
const BASE_URL = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? '';
const WORKER = process.env.BENCH_WORKER === '1' && !!REDIS_URL;
const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

ensureServerBuilt();

function startApp(env) {
  const child = fork(path.join(root, 'bench/_webhook-server.mjs'), [], { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
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
    endpoint: (url) => ask({ endpoint: url }, 'endpointId'),
    count: () => ask('count', 'count'),
    cpu: async () => (await ask('cpu', 'cpu')).cpu,
    stop: () => new Promise((resolve) => (child.once('exit', resolve), child.send('stop'))),
  };
}

// The receiver: 200, 500, or hold the request open.
async function startReceiver() {
  const held = new Set();
  const r = { mode: 'ok', received: 0 };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      r.received++;
      if (r.mode === 'hang') {
        held.add(res);
        res.on('close', () => held.delete(res));
      } else res.writeHead(r.mode === 'ok' ? 200 : 500).end(r.mode === 'ok' ? 'ok' : 'down');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  r.url = `http://127.0.0.1:${server.address().port}/hook`;
  r.close = () => {
    for (const res of held) res.destroy();
    return new Promise((resolve) => server.close(resolve));
  };
  return r;
}

let n = 0;
const load = (port, snippet) =>
  autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: 50,
    duration: SECONDS,
    headers: { 'user-agent': UA },
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/t/o/${snippet}.gif?v=reader${n++}@example.com` }) }],
  });

const name = `eyemail_bench_${crypto.randomBytes(5).toString('hex')}`;
const admin = new pg.Client({ connectionString: BASE_URL });
await admin.connect();
await admin.query(`create database ${name}`);
const dbUrl = new URL(BASE_URL);
dbUrl.pathname = `/${name}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-bench-webhooks-'));
const receiver = await startReceiver();

async function run(label, mode) {
  const env = { DATABASE_URL: dbUrl.toString(), DATA_DIR: dataDir, REDIS_URL, QUEUE_PREFIX: `bench${crypto.randomBytes(3).toString('hex')}` };
  const app = startApp({ ...env, ...(WORKER ? { PROCESS_JOBS: 'false' } : {}) });
  const worker = WORKER
    ? fork(path.join(root, 'dist/server/src/worker.js'), [], { env: { ...process.env, ...env, NODE_ENV: 'production', LOG_LEVEL: 'error', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }, stdio: 'inherit' })
    : null;
  const { port, snippet } = await app.ready;
  if (mode) {
    receiver.mode = mode;
    await app.endpoint(receiver.url);
  }
  await load(port, snippet).then(() => undefined); // warm-up run of a second is not enough under load: one full run, discarded
  const before = await app.count();
  const cpu0 = await app.cpu();
  const r = await load(port, snippet);
  const cpu = (await app.cpu()) - cpu0;
  const after = await app.count();
  let catchUp = '';
  if (mode === 'ok') {
    const t0 = performance.now();
    let c = after;
    while (c.delivered < c.count && performance.now() - t0 < 120_000) {
      await new Promise((res) => setTimeout(res, 500));
      c = await app.count();
    }
    catchUp = `${c.delivered} of ${c.count} delivered ${((performance.now() - t0) / 1000).toFixed(1)} s after the load`;
  }
  await app.stop();
  if (worker) await new Promise((resolve) => (worker.once('exit', resolve), worker.kill('SIGTERM')));
  return { label, rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx, stored: after.count - before.count, tries: after.tries - before.tries, cpuPerReq: cpu / Math.max(1, r.requests.total), catchUp };
}

try {
  console.log(`Webhooks under ingest load: ${os.cpus().length} CPUs, ${SECONDS} s per run, 50 connections, queue ${REDIS_URL ? 'BullMQ' : 'in-process'}${WORKER ? ', deliveries in a worker process' : ''}`);
  const rows = [await run('no endpoint (baseline)', null), await run('1 endpoint, receiver 200', 'ok'), await run('1 endpoint, receiver 500', 'fail'), await run('1 endpoint, receiver hangs', 'hang')];
  const base = rows[0].rps;
  console.log('run                        |  req/s | ratio | p99 ms | app CPU us/req | rows stored | webhook tries | errors');
  for (const x of rows) {
    console.log(
      `${x.label.padEnd(26)} | ${x.rps.toFixed(0).padStart(6)} | ${(x.rps / base).toFixed(2)}x | ${String(x.p99).padStart(6)} | ${x.cpuPerReq.toFixed(0).padStart(14)} | ${String(x.stored).padStart(11)} | ${String(x.tries).padStart(13)} | ${x.errors}${x.catchUp ? `  (${x.catchUp})` : ''}`,
    );
  }
  const worst = Math.min(...rows.slice(1).map((x) => x.rps / base));
  console.log(`target: every run with an endpoint >= 0.9x the baseline: ${worst >= 0.9 ? 'met' : 'MISSED'} (worst ${worst.toFixed(2)}x)`);
} finally {
  await receiver.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
