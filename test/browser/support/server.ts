// Starts the BUILT server (dist/server/src/main.js) as its own process on a free port, with a
// fresh data folder, its mail going to a catcher, and - when DATABASE_URL is set - a fresh
// database on that Postgres (dropped afterwards).
import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startMailCatcher, type MailCatcher } from './mail.ts';
import { freshDatabaseUrl } from '../../support/fresh-database.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const ADMIN_EMAIL = 'admin@eyemail.test';
export const ADMIN_PASSWORD = 'AdminPass123';

export interface RunningServer {
  url: string;
  mail: MailCatcher;
  // The server's own PostgreSQL database, when DATABASE_URL is set (else the embedded one).
  databaseUrl: string | null;
  // The server's DATA_DIR (the embedded database lives in it when DATABASE_URL is not set).
  dataDir: string;
  stop(): Promise<void>;
}

// Runs one statement on the server's database, whichever it is: DATABASE_URL's copy, or the
// embedded PostgreSQL in its DATA_DIR (its port from postmaster.pid, its password from the file
// the app keeps beside it). For what no route can do yet (e.g. adding a member to a company).
export async function sql(server: RunningServer, text: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  let url = server.databaseUrl;
  if (!url) {
    const cluster = path.join(server.dataDir, 'postgres');
    const port = fs.readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8').split('\n')[3]?.trim();
    const password = fs.readFileSync(path.join(cluster, 'eyemail.password'), 'utf8').trim();
    url = `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

// A port no other process is about to take: chosen below the range the system hands out for
// outgoing connections and port-0 listeners (a port taken from that range and freed again could be
// given to a database client's connection before the server binds it: EADDRINUSE under load), and
// free when tried. Several files start servers side by side; a random pick keeps them apart.
function freePort(): Promise<number> {
  const [ephemeralFrom] = fs.existsSync(EPHEMERAL_RANGE) ? fs.readFileSync(EPHEMERAL_RANGE, 'utf8').trim().split(/\s+/).map(Number) : [32768];
  const low = 10_000;
  const high = Math.max(low + 1_000, ephemeralFrom - 1);
  const tryPort = (port: number) =>
    new Promise<boolean>((resolve) => {
      const srv = net.createServer();
      srv.unref();
      srv.once('error', () => resolve(false));
      srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
    });
  return (async () => {
    for (let i = 0; i < 100; i++) {
      const port = low + Math.floor(Math.random() * (high - low));
      if (await tryPort(port)) return port;
    }
    throw new Error(`No free port between ${low} and ${high}`);
  })();
}
const EPHEMERAL_RANGE = '/proc/sys/net/ipv4/ip_local_port_range';

async function waitUntilUp(url: string, child: ChildProcess, output: () => string, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not come up within ${timeoutMs} ms:\n${output()}`);
}

// `publicHost`: the host name in PUBLIC_BASE_URL (default the address the tests browse, 127.0.0.1),
// to try the app reached by another address than its public one. `env`: extra settings (e.g.
// TRUST_PROXY, so X-Forwarded-For can stand for a recipient's address).
export async function startServer(opts: { publicHost?: string; env?: Record<string, string> } = {}): Promise<RunningServer> {
  const entry = path.join(ROOT, 'dist', 'server', 'src', 'main.js');
  if (!fs.existsSync(entry)) throw new Error('Build first: npm run build (dist/server/src/main.js is missing)');
  if (!fs.existsSync(path.join(ROOT, 'dist', 'web', 'index.html'))) throw new Error('Build first: npm run build:web');
  // What started is let go again when another part fails (an open mail catcher would keep the
  // file's process alive).
  const steps = [freePort(), startMailCatcher(), freshDatabaseUrl('eyemail_browser', { migrated: true })] as const;
  try {
    await allStarted([...steps]);
  } catch (e) {
    await Promise.allSettled([steps[1].then((m) => m.close()), steps[2].then((d) => d.drop())]);
    throw e;
  }
  const [port, mail, db] = await Promise.all(steps);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-browser-'));
  // mkdtemp makes it 700: as root, the embedded PostgreSQL's account could not enter it.
  fs.chmodSync(dataDir, 0o755);
  const url = `http://127.0.0.1:${port}`;
  const publicUrl = `http://${opts.publicHost ?? '127.0.0.1'}:${port}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.homedir(),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_BASE_URL: publicUrl,
    SMTP_URL: mail.url,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    ...opts.env,
  };
  if (db.url) env.DATABASE_URL = db.url;
  let log = '';
  const child = spawn(process.execPath, ['--enable-source-maps', entry], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  // The whole run (warnings and errors) also goes to the file `npm test` names, which it prints
  // when a test of this file fails.
  const logFile = process.env.TEST_SERVER_LOG;
  const keep = (b: Buffer) => {
    log = (log + b.toString()).slice(-20_000);
    if (logFile) fs.appendFileSync(logFile, b);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await mail.close();
    await db.drop().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilUp(url, child, () => log);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, mail, stop, databaseUrl: db.url ?? null, dataDir };
}

// Like Promise.all for a file's start (its server, its browser, its fixtures), but fails only once
// every step has ended: what did start has been kept by its `.then` for the file's `after` to
// close (a browser still launching when the server failed would otherwise be left open, and keep
// the file's process alive).
export async function allStarted(steps: Promise<unknown>[]): Promise<void> {
  const failed = (await Promise.allSettled(steps)).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}
