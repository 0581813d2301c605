import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { runInitdb } from './postgres-process.adapter.js';
import type { ServerAccount } from './server-account.js';

// The embedded database's files in DATA_DIR:
//   postgres/           the cluster (PostgreSQL's own data folder), with eyemail.password in it
//   postgres.log        the server's log of its last start (postgres.log.1 the one before)
//   postgres.owner      the pid of the app process running it
export const clusterPaths = (dataDir: string) => {
  const base = path.resolve(dataDir);
  return {
    cluster: path.join(base, 'postgres'),
    init: path.join(base, 'postgres.init'),
    password: path.join(base, 'postgres', 'eyemail.password'),
    log: path.join(base, 'postgres.log'),
    owner: path.join(base, 'postgres.owner'),
  };
};

// Creates the cluster on the first start: initdb into postgres.init, renamed to postgres once
// complete, so a first start stopped halfway leaves nothing that looks like a cluster. The
// superuser gets a random password (scram-sha-256, TCP on 127.0.0.1 only), kept in the cluster.
export async function ensureCluster(dataDir: string, initdb: string, account: ServerAccount | null): Promise<{ created: boolean }> {
  const p = clusterPaths(dataDir);
  if (fs.existsSync(path.join(p.cluster, 'PG_VERSION'))) return { created: false };
  if (fs.existsSync(p.cluster) && fs.readdirSync(p.cluster).length) {
    throw new Error(`${p.cluster} is not empty and holds no PostgreSQL cluster: move it away, or set DATA_DIR to another folder.`);
  }
  fs.rmSync(p.init, { recursive: true, force: true });
  fs.mkdirSync(p.init, { recursive: true, mode: 0o700 });
  const password = crypto.randomBytes(24).toString('hex');
  const pwfile = `${p.init}.pw`;
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  try {
    if (account) {
      fs.chownSync(p.init, account.uid, account.gid);
      fs.chownSync(pwfile, account.uid, account.gid);
    }
    const args = ['-D', p.init, '-U', 'postgres', `--pwfile=${pwfile}`, '--auth-host=scram-sha-256', '--auth-local=scram-sha-256', '-E', 'UTF8', '--no-locale', '--no-instructions'];
    await runInitdb(initdb, args, account).catch((e: Error) => {
      throw new Error(`The embedded database could not be created (initdb): ${e.message}`);
    });
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
  fs.writeFileSync(path.join(p.init, 'eyemail.password'), password, { mode: 0o600 });
  fs.rmSync(p.cluster, { recursive: true, force: true });
  fs.renameSync(p.init, p.cluster);
  return { created: true };
}

export function clusterPassword(dataDir: string): string {
  const file = clusterPaths(dataDir).password;
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    throw new Error(`The embedded database's password file ${file} is missing: restore it, or move the postgres folder away to start with an empty database.`);
  }
}

// Whether a process of this id exists (EPERM: it does, but belongs to another account).
export const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const readPid = (file: string): number | null => {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0].trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
};

// Before a start: a server still running on the cluster is either another app process's (refused:
// two apps cannot share one embedded database) or one left behind by an app that was killed (a
// postmaster outlives its parent): that one is stopped (fast shutdown, then immediate).
export async function takeOver(dataDir: string, log: (message: string) => void): Promise<void> {
  const p = clusterPaths(dataDir);
  const postmaster = readPid(path.join(p.cluster, 'postmaster.pid'));
  const owner = readPid(p.owner);
  if (postmaster && alive(postmaster)) {
    if (owner && owner !== process.pid && alive(owner) && isNode(owner)) {
      throw new Error(`Another EyeMail process (pid ${owner}) is running on the embedded database in ${dataDir}: stop it first, or set another DATA_DIR.`);
    }
    log(`Stopping the embedded PostgreSQL (pid ${postmaster}) left running by an earlier start`);
    await stopPid(postmaster);
  }
  fs.writeFileSync(p.owner, String(process.pid));
}

const isNode = (pid: number): boolean => {
  try {
    return /node/.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return !fs.existsSync('/proc/self'); // no /proc (macOS): trust the pid
  }
};

async function stopPid(pid: number): Promise<void> {
  const gone = async (ms: number) => {
    for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (!alive(pid)) return true;
    return !alive(pid);
  };
  for (const [signal, ms] of [['SIGINT', 10_000], ['SIGQUIT', 5_000], ['SIGKILL', 5_000]] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    if (await gone(ms)) return;
  }
  throw new Error(`The embedded PostgreSQL left running by an earlier start (pid ${pid}) does not stop.`);
}

export function releaseOwner(dataDir: string): void {
  const file = clusterPaths(dataDir).owner;
  if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
}
