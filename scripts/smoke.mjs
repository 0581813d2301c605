// `node scripts/smoke.mjs`: starts the app the way a person would (`npm start`, embedded
// defaults: no DATABASE_URL, REDIS_URL or SMTP_URL, a fresh temporary DATA_DIR and a free port),
// then signs up, signs out and signs in again through the API like the dashboard does (session
// cookie, XSRF-TOKEN cookie echoed in X-XSRF-TOKEN). Always stops the server it started.
// Exits 0 when every step passed, 1 otherwise (with the server's last log lines).
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { spawn } from 'node:child_process';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const STARTUP_TIMEOUT_MS = 3 * 60 * 1000; // the first run may build the server and the dashboard
const STOP_TIMEOUT_MS = 10_000;

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-smoke-'));
// mkdtemp makes it 700; run as root (CI), the embedded PostgreSQL runs as another account
// (PostgreSQL refuses root), which must be able to enter the folder, as under any usual DATA_DIR.
fs.chmodSync(dataDir, 0o755);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;

const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' };
for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'GCS_BUCKET', 'PUBLIC_BASE_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'SESSION_SECRET']) delete env[name];

const logs = [];
const keep = (chunk) => {
  logs.push(...chunk.toString().split('\n').filter(Boolean));
  if (logs.length > 400) logs.splice(0, logs.length - 400);
};

// Its own process group, so npm, the start script and the server are stopped together.
let server;
let exited = null;
let exitedPromise;
function startServer() {
  server = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout.on('data', keep);
  server.stderr.on('data', keep);
  exited = null;
  exitedPromise = new Promise((resolve) => server.on('exit', (code, signal) => resolve((exited = { code, signal }))));
}
startServer();

function killGroup(signal) {
  try {
    process.kill(-server.pid, signal);
  } catch {
    // already gone
  }
}

const groupAlive = () => {
  try {
    process.kill(-server.pid, 0);
    return true;
  } catch {
    return false;
  }
};

// SIGTERM to the group (npm, the start script, the app), as a terminal's Ctrl+C would send SIGINT;
// then the app is given its time to stop (npm may end first), and what is left is killed.
async function stopServer() {
  if (!server || !groupAlive()) return;
  killGroup('SIGTERM');
  const until = Date.now() + STOP_TIMEOUT_MS;
  while (groupAlive() && Date.now() < until) await sleep(100);
  if (groupAlive()) {
    console.log('  (the app did not stop within 10 s of SIGTERM: killed)');
    killGroup('SIGKILL');
    await Promise.race([exitedPromise, sleep(2000)]);
  }
}

// A server the app could not stop (the app killed): stopped here, so no run leaves one behind.
function stopLeftDatabase() {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (pid > 0) process.kill(pid, 'SIGQUIT');
  } catch {
    // none
  }
}

// Stop the server whatever happens to this script.
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, async () => {
    await stopServer();
    process.exit(1);
  });
}
process.on('exit', () => {
  killGroup('SIGKILL');
  stopLeftDatabase();
});

// A minimal cookie jar: what a browser would keep for this one host.
const jar = new Map();
async function call(method, url, { body, xsrf = true } = {}) {
  const headers = { Accept: 'application/json' };
  if (jar.size) headers.Cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  if (xsrf && jar.has('XSRF-TOKEN')) headers['X-XSRF-TOKEN'] = decodeURIComponent(jar.get('XSRF-TOKEN'));
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(base + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), redirect: 'manual' });
  for (const c of res.headers.getSetCookie()) {
    const [pair, ...attrs] = c.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attrs.some((a) => /^\s*expires=/i.test(a) && new Date(a.split('=')[1]).getTime() < Date.now());
    if (!value || expired) jar.delete(name);
    else jar.set(name, value);
  }
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, json, text };
}

const results = [];
async function step(name, fn) {
  try {
    await fn();
    results.push({ name, ok: true });
    console.log(`  ok   ${name}`);
  } catch (e) {
    results.push({ name, ok: false });
    console.log(`  FAIL ${name}: ${e.message}`);
    throw e;
  }
}

function expectStatus(res, status, what) {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${res.text.slice(0, 300)}`);
}

let failed = false;
try {
  console.log(`Starting EyeMail with npm start on ${base} (DATA_DIR ${dataDir})`);
  const healthy = async () => {
    const until = Date.now() + STARTUP_TIMEOUT_MS;
    for (;;) {
      if (exited) throw new Error(`the server exited early (code ${exited.code}, signal ${exited.signal})`);
      try {
        const res = await call('GET', '/api/health');
        if (res.status === 200 && res.json?.body?.status === 'up') return;
      } catch {
        // not listening yet
      }
      if (Date.now() > until) throw new Error('no healthy answer within 3 minutes');
      await sleep(1000);
    }
  };
  await step('the server answers /api/health', healthy);

  const email = `smoke.${crypto.randomBytes(4).toString('hex')}@example.com`;
  const password = 'Smoke1234';
  let userId;

  await step('sign-up creates the account and signs it in', async () => {
    const res = await call('POST', '/api/accounts/signup', { body: { fullName: 'Smoke Test', email, password, confirmPassword: password, tier: 'standard' } });
    expectStatus(res, 201, 'sign-up');
    if (res.json?.body?.email !== email) throw new Error(`unexpected body ${res.text.slice(0, 300)}`);
    if (!jar.has('eyemail.sid')) throw new Error('no session cookie');
    userId = res.json.body.id;
  });

  await step('the verification email is written to DATA_DIR/outbox', async () => {
    const dir = path.join(dataDir, 'outbox');
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
    const mail = files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).find((m) => m.includes(email));
    if (!mail || !mail.includes('/emailverification?token=')) throw new Error('no verification mail with a link');
  });

  await step('trysignin returns the signed-in user', async () => {
    const res = await call('POST', '/api/accounts/trysignin');
    expectStatus(res, 200, 'trysignin');
    if (res.json?.body?.id !== userId) throw new Error('another user');
  });

  await step('sign-out without the X-XSRF-TOKEN header is refused', async () => {
    expectStatus(await call('POST', '/api/accounts/signout', { xsrf: false }), 403, 'sign-out without CSRF header');
  });

  await step('sign-out ends the session', async () => {
    expectStatus(await call('POST', '/api/accounts/signout'), 200, 'sign-out');
    if (jar.has('eyemail.sid')) throw new Error('the session cookie was not cleared');
    // no session is a normal answer: 200 with result false and no user
    const after = await call('POST', '/api/accounts/trysignin');
    expectStatus(after, 200, 'trysignin after sign-out');
    if (after.json?.result !== false || after.json?.body !== null) throw new Error(`trysignin after sign-out still answers a user: ${after.text.slice(0, 300)}`);
  });

  await step('sign-in with the same credentials', async () => {
    const res = await call('POST', '/api/accounts/signin', { body: { email, password, rememberMe: false } });
    expectStatus(res, 200, 'sign-in');
    if (res.json?.body?.id !== userId) throw new Error('another user');
  });

  await step('trysignin sees the new session', async () => {
    const res = await call('POST', '/api/accounts/trysignin');
    expectStatus(res, 200, 'trysignin');
    if (res.json?.body?.email !== email) throw new Error('another user');
  });

  // The embedded database is a PostgreSQL server the app runs as a child process (in a process
  // group of its own): a stopped app stops it, and a new start finds the account.
  await step('stopping the app (SIGTERM) stops its embedded PostgreSQL', async () => {
    const pid = Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    await stopServer();
    let running = true;
    try {
      process.kill(pid, 0);
    } catch {
      running = false;
    }
    if (running) throw new Error(`the embedded PostgreSQL (pid ${pid}) still runs`);
    if (fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))) throw new Error('postmaster.pid left behind');
  });

  await step('started again, the app signs the same account in', async () => {
    jar.clear();
    startServer();
    await healthy();
    const res = await call('POST', '/api/accounts/signin', { body: { email, password, rememberMe: false } });
    expectStatus(res, 200, 'sign-in after a restart');
    if (res.json?.body?.id !== userId) throw new Error('another user');
  });
} catch {
  failed = true;
} finally {
  await stopServer();
  stopLeftDatabase();
  if (failed || results.some((r) => !r.ok)) {
    console.log('\nLast server log lines:');
    for (const line of logs.slice(-60)) console.log(`  | ${line}`);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const passed = results.filter((r) => r.ok).length;
console.log(`\nsmoke: ${passed} passed, ${results.length - passed} failed`);
process.exit(failed ? 1 : 0);
