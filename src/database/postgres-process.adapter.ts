import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';

export type { ChildProcess };
import { promisify } from 'node:util';

// The embedded database's one adapter to the operating system's processes: initdb, the PostgreSQL
// server, and the `id` look-up of the account it runs as when the app runs as root.
export interface RunAs {
  uid: number;
  gid: number;
}

const run = promisify(execFile);
const as = (account: RunAs | null) => (account ? { uid: account.uid, gid: account.gid } : {});

// The server's environment: the app's, without the PG* variables that would point the server or
// initdb elsewhere, and with English messages (a failure's reason reaches the app's log).
function serverEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('PG')) env[k] = v;
  env.LC_MESSAGES = 'C';
  return env;
}

// Resolves when initdb succeeded; rejects with its last lines of output otherwise.
export async function runInitdb(initdb: string, args: string[], account: RunAs | null): Promise<void> {
  await run(initdb, args, { ...as(account), env: serverEnv(), maxBuffer: 1 << 20 }).catch((e: Error & { stderr?: string }) => {
    throw new Error((e.stderr || e.message).trim().split('\n').slice(-5).join(' '));
  });
}

// The server, its output into `logFd`, in a process group of its own: a Ctrl+C in the terminal
// reaches the app, which writes what it holds into the database before it stops the server, not
// the server at the same time.
export function spawnServer(postgres: string, args: string[], logFd: number, account: RunAs | null): ChildProcess {
  return spawn(postgres, args, { stdio: ['ignore', logFd, logFd], detached: true, env: serverEnv(), ...as(account) });
}

// `id -u/-g/-G name`: the account's ids, null when there is no such account.
export function accountIds(name: string): { uid: number; gid: number; groups: number[] } | null {
  try {
    const read = (flag: string) => execFileSync('id', [flag, name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return { uid: Number(read('-u')), gid: Number(read('-g')), groups: read('-G').split(/\s+/).map(Number) };
  } catch {
    return null;
  }
}
