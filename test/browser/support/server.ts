// Starts the BUILT server (dist/server/src/main.js) as its own process on a free port, with a
// fresh data folder, its mail going to a catcher, and - when DATABASE_URL is set - a fresh
// database on that Postgres (dropped afterwards).
import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startMailCatcher, type MailCatcher } from './mail.ts';
import { freshDatabaseUrl } from '../../support/fresh-database.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const ADMIN_EMAIL = 'admin@eyemail.test';
export const ADMIN_PASSWORD = 'AdminPass123';

export interface RunningServer {
  url: string;
  mail: MailCatcher;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

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
  const [port, mail, db] = await Promise.all([freePort(), startMailCatcher(), freshDatabaseUrl('eyemail_browser', { migrated: true })]);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-browser-'));
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
  return { url, mail, stop };
}
