import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { postgresBinaries } from './postgres-binaries.js';
import { clusterPassword, clusterPaths, ensureCluster, releaseOwner, takeOver } from './postgres-cluster.js';
import { spawnServer, type ChildProcess } from './postgres-process.adapter.js';
import { chooseServerAccount, closedFolderMessage, firstClosedFolder, foldersAbove, lookupAccount } from './server-account.js';

// The embedded default database: the real PostgreSQL server (the binaries of the npm package of
// this platform) run as a child process of the app, its cluster in DATA_DIR/postgres, listening on
// 127.0.0.1 at a free port with a password. The same server, SQL and migrations as production;
// its memory is its own processes' and comes back when their connections close
// (docs/performance.md, the embedded database).
export interface EmbeddedPostgres {
  url: string;
  // the postmaster's pid (for tests and benches)
  pid: number;
  stop(): Promise<void>;
}

export const SERVER_SETTINGS = [
  ['listen_addresses', '127.0.0.1'],
  // no Unix socket: its default folder (/var/run/postgresql, /tmp) may be another server's
  ['unix_socket_directories', ''],
  // 16 MB instead of 128 MB: a first-try database is small, and the files stay in the operating
  // system's page cache anyway
  ['shared_buffers', '16MB'],
  ['max_connections', '40'],
  // Fewer processes, each of which maps the shared buffers and the binary: reads and writes done
  // by the backends themselves rather than by three I/O worker processes (PostgreSQL 18's
  // default), no logical replication launcher, no WAL senders (nothing replicates from it).
  ['io_method', 'sync'],
  ['max_logical_replication_workers', '0'],
  ['max_wal_senders', '0'],
  ['wal_level', 'minimal'],
] as const;

const READY_TIMEOUT_MS = 60_000;

export async function startEmbeddedPostgres(dataDir: string, log: (message: string) => void = () => undefined): Promise<EmbeddedPostgres> {
  const bins = await postgresBinaries();
  const account = chooseServerAccount(process.getuid?.(), lookupAccount);
  fs.mkdirSync(dataDir, { recursive: true });
  if (account) {
    const closed = firstClosedFolder(foldersAbove(dataDir), account);
    if (closed) throw new Error(closedFolderMessage(closed, account, path.resolve(dataDir)));
  }
  const p = clusterPaths(dataDir);
  await takeOver(dataDir, log);
  try {
    const { created } = await ensureCluster(dataDir, bins.initdb, account);
    if (created) log(`Created the embedded PostgreSQL database in ${p.cluster}`);
    const password = clusterPassword(dataDir);
    // A free port can be taken between the look-up and the server's bind: one more try then.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      try {
        const server = await launch(bins.postgres, p, port, account, password);
        if (fs.existsSync(path.join(path.resolve(dataDir), 'pg'))) {
          log(`${path.join(dataDir, 'pg')} holds the database of an earlier version (PGlite), not carried over: the embedded database is now ${p.cluster}`);
        }
        return server;
      } catch (e) {
        if (attempt >= 2 || !/could not (bind|create listen)/i.test((e as Error).message)) throw e;
      }
    }
  } catch (e) {
    releaseOwner(dataDir);
    throw e;
  }
}

async function launch(bin: string, p: ReturnType<typeof clusterPaths>, port: number, account: ReturnType<typeof chooseServerAccount>, password: string): Promise<EmbeddedPostgres> {
  if (fs.existsSync(p.log)) fs.renameSync(p.log, `${p.log}.1`);
  const logFd = fs.openSync(p.log, 'a', 0o600);
  const args = ['-D', p.cluster, '-p', String(port), ...SERVER_SETTINGS.flatMap(([k, v]) => ['-c', `${k}=${v}`])];
  const child = spawnServer(bin, args, logFd, account);
  fs.closeSync(logFd);
  // Ended, or never started (a binary that cannot run: 'error' without 'exit').
  let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => resolve(void (exited = { code, signal })));
    child.once('error', (e) => {
      fs.appendFileSync(p.log, `could not run ${bin}: ${e.message}\n`);
      resolve(void (exited ??= { code: null, signal: null }));
    });
  });
  // An app that ends without its shutdown (an uncaught error, process.exit) still stops the server.
  const onExit = () => child.kill('SIGINT');
  process.once('exit', onExit);
  const url = `postgresql://postgres:${password}@127.0.0.1:${port}/postgres`;
  try {
    await ready(url, () => exited, p.log);
  } catch (e) {
    process.removeListener('exit', onExit);
    await stopChild(child, exit, () => exited !== null);
    throw e;
  }
  let stopping: Promise<void> | null = null;
  return {
    url,
    pid: child.pid!,
    stop: () =>
      (stopping ??= stopChild(child, exit, () => exited !== null).finally(() => {
        process.removeListener('exit', onExit);
        releaseOwner(path.dirname(p.cluster));
      })),
  };
}

// Ready when a query is answered; a server that ends first fails the start with its log's reason.
async function ready(url: string, exited: () => unknown, logFile: string): Promise<void> {
  const end = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (exited()) throw new Error(`The embedded PostgreSQL stopped while starting: ${logTail(logFile)}`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (e) {
      if (Date.now() > end) throw new Error(`The embedded PostgreSQL did not accept connections within ${READY_TIMEOUT_MS / 1000} s (${(e as Error).message}): ${logTail(logFile)}`);
    } finally {
      await client.end().catch(() => undefined);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

// Fast shutdown (active sessions are ended, the server writes a checkpoint and stops); immediate
// after 10 s; killed after 5 s more.
async function stopChild(child: ChildProcess, exit: Promise<void>, done: () => boolean): Promise<void> {
  for (const [signal, ms] of [['SIGINT', 10_000], ['SIGQUIT', 5_000], ['SIGKILL', 5_000]] as const) {
    if (done()) return;
    child.kill(signal);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exit, new Promise((r) => (timer = setTimeout(r, ms)))]);
    clearTimeout(timer);
  }
}

const logTail = (file: string): string => {
  try {
    return fs.readFileSync(file, 'utf8').trim().split('\n').slice(-5).join(' | ');
  } catch {
    return '(no log)';
  }
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
