// First page load of a deep dashboard route (run by people: `npm run bench`, or
// `node bench/first-load.mjs`).
//
// Starts the built app (embedded database, a data folder of its own), signs a user up, then opens
// pages in Debian's Chromium (playwright-core), each in a fresh browser context (cold cache), over
// an emulated network with a round trip of BENCH_RTT ms (default 100) so a chain of requests costs
// what it costs a real visitor. For each page: the time from navigation to its main heading (the
// <h1>), and its waterfall: every document, script, stylesheet and API call started before the
// heading showed, with when it was issued, when it went out on the wire (after any wait for one of
// the six connections a browser opens to a host over HTTP/1.1) and when it ended, and its round:
// the longest chain of requests each sent only after another had ended (1 = the document).
// Baseline, in the same run: the sign-in page signed out (the shell and one small page: the least
// a first visit costs). Prints the median over BENCH_RUNS (default 5) runs of each page, its ratio
// to the baseline, and the waterfall of the last run. Target: a deep signed-in route takes no more
// request rounds than the baseline plus one (the session check it needs before it can show).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildIfStale } from '../scripts/build-if-stale.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const RTT = Math.max(0, Number(process.env.BENCH_RTT ?? 100));

buildIfStale();

// ---- the app -------------------------------------------------------------------------------------

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function startApp() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-first-load-'));
  const env = { PATH: process.env.PATH ?? '', HOME: os.homedir(), NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, PUBLIC_BASE_URL: `http://127.0.0.1:${port}` };
  const child = spawn(process.execPath, [path.join(root, 'dist/server/src/main.js')], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
    if (Date.now() > until) throw new Error('the app did not come up');
    const up = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (up) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = async () => {
    if (child.exitCode === null) await new Promise((r) => (child.once('exit', r), child.kill('SIGTERM')));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, stop };
}

// Signs a new user up through the API; answers the session's cookies for the browser.
async function signUp(url) {
  const jar = new Map();
  const keep = (res) => res.headers.getSetCookie().forEach((c) => { const [pair] = c.split(';'); const i = pair.indexOf('='); jar.set(pair.slice(0, i), pair.slice(i + 1)); });
  keep(await fetch(`${url}/api/health`));
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const password = 'Bench1815x';
  const res = await fetch(`${url}/api/accounts/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie(), 'X-XSRF-TOKEN': decodeURIComponent(jar.get('XSRF-TOKEN') ?? '') },
    body: JSON.stringify({ fullName: 'Bench Reader', email: `bench.${Date.now()}@example.com`, password, confirmPassword: password, tier: 'standard' }),
  });
  if (res.status !== 201) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  keep(res);
  return [...jar].map(([name, value]) => ({ name, value, url }));
}

// ---- one page load -------------------------------------------------------------------------------

async function load(browser, url, pathName, heading, cookies) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (cookies) await context.addCookies(cookies);
  const page = await context.newPage();
  if (RTT) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: RTT, downloadThroughput: -1, uploadThroughput: -1 });
  }
  const requests = [];
  const t0 = Date.now();
  page.on('request', (r) => requests.push(r));
  await page.goto(`${url}${pathName}`, { waitUntil: 'commit' });
  await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 30_000 });
  const ms = Date.now() - t0;
  // Let the calls the page started finish, for their timings.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await context.close();

  // Scripts, styles, the document and API calls (not images or fonts: they do not hold the page),
  // started before the heading showed. `sent`: when the request went out on the wire, after any
  // wait for a free connection (a browser opens six per host over HTTP/1.1), so a queue of
  // chunks shows as the rounds it really costs.
  const rows = requests
    .filter((r) => ['document', 'script', 'stylesheet', 'fetch', 'xhr'].includes(r.resourceType()))
    .map((r) => {
      const t = r.timing();
      const at = (x) => Math.round(t.startTime + x - t0);
      return { name: new URL(r.url()).pathname, type: r.resourceType(), issued: at(0), sent: at(Math.max(0, t.requestStart)), end: t.responseEnd >= 0 ? at(t.responseEnd) : ms };
    })
    .filter((row) => row.issued <= ms)
    .sort((a, b) => a.sent - b.sent);
  for (const row of rows) {
    const before = rows.filter((o) => o !== row && o.end <= row.sent);
    row.round = 1 + Math.max(0, ...before.map((o) => o.round ?? 1));
  }
  return { ms, rows, rounds: Math.max(0, ...rows.map((r) => r.round)) };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// ---- run -----------------------------------------------------------------------------------------

const app = await startApp();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
let failed = false;
try {
  const cookies = await signUp(app.url);
  const unknownId = '00000000-0000-4000-8000-000000000000';
  const pages = [
    { label: 'sign-in (baseline)', path: '/signin', heading: 'Welcome back', cookies: null },
    { label: `/reports/<id>`, path: `/reports/${unknownId}`, heading: 'View Report', cookies },
    { label: '/eyemails', path: '/eyemails', heading: 'My EyeMails', cookies },
  ];
  const results = pages.map(() => []);
  // Interleaved, so a slow moment of the machine falls on every page alike.
  for (let i = 0; i < RUNS; i++) {
    for (const [k, p] of pages.entries()) results[k].push(await load(browser, app.url, p.path, p.heading, p.cookies));
  }
  console.log(`first load to the page's heading, cold cache, ${RTT} ms round trip, median of ${RUNS}:`);
  const base = median(results[0].map((r) => r.ms));
  const baseRounds = median(results[0].map((r) => r.rounds));
  for (const [k, p] of pages.entries()) {
    const ms = median(results[k].map((r) => r.ms));
    const rounds = median(results[k].map((r) => r.rounds));
    const ratio = ms / base;
    const ok = k === 0 || rounds <= baseRounds + 1;
    if (!ok) failed = true;
    console.log(`  ${p.label.padEnd(22)} ${String(ms).padStart(6)} ms  ${ratio.toFixed(2)}x baseline  ${rounds} request rounds  ${k === 0 ? '' : ok ? 'within target' : 'OVER TARGET'}`);
  }
  for (const [k, p] of pages.entries()) {
    const last = results[k].at(-1);
    console.log(`\nwaterfall of ${p.label} (last run, ${last.ms} ms to the heading):`);
    console.log('  round  issued   sent-end    type       path');
    for (const row of last.rows) console.log(`  ${String(row.round).padStart(5)}  ${String(row.issued).padStart(6)}  ${String(row.sent).padStart(5)}-${String(row.end).padEnd(5)}  ${row.type.padEnd(10)} ${row.name}`);
  }
  const outDir = path.join(root, 'bench', '.out');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(
    path.join(outDir, 'first-load-results.json'),
    JSON.stringify({ date: new Date().toISOString(), rttMs: RTT, runs: RUNS, pages: pages.map((p, k) => ({ label: p.label, ms: results[k].map((r) => r.ms), rounds: results[k].map((r) => r.rounds), waterfall: results[k].at(-1).rows })) }, null, 2),
  );
} finally {
  await browser.close();
  await app.stop();
}
process.exit(failed ? 1 : 0);
