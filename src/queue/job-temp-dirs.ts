import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

// Per-attempt scratch folders under DATA_DIR/tmp/jobs/<owner>/, where <owner> names the process
// (host, pid, random token). An attempt's folder is removed when it ends; folders of processes
// that died (killed mid-encode) are swept when the next worker on that host starts.

export interface TempOwner {
  host: string;
  pid: number;
  token: string;
}

export const STALE_FOREIGN_OWNER_MS = 24 * 60 * 60 * 1000;

export function ownerDirName(o: TempOwner): string {
  return `${o.host}~${o.pid}~${o.token}`;
}

export function parseOwnerDirName(name: string): TempOwner | null {
  const m = /^([a-z0-9._-]+)~(\d+)~([a-z0-9]+)$/.exec(name);
  return m ? { host: m[1], pid: Number(m[2]), token: m[3] } : null;
}

export function safeHostName(host: string): string {
  return host.toLowerCase().replace(/[^a-z0-9.-]/g, '_').slice(0, 64) || 'host';
}

// Pure: whether another owner's folder can be removed. Same host: when its process is gone (or
// it has our pid with another token, i.e. a previous life of this container). Other hosts sharing the folder:
// only when untouched for a day.
export function isStaleOwner(
  owner: TempOwner,
  self: TempOwner,
  facts: { isAlive: (pid: number) => boolean; ageMs: number },
): boolean {
  if (owner.token === self.token && owner.pid === self.pid && owner.host === self.host) return false;
  if (owner.host !== self.host) return facts.ageMs > STALE_FOREIGN_OWNER_MS;
  if (owner.pid === self.pid) return true;
  return !facts.isAlive(owner.pid);
}

function pidIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface AttemptTempDir {
  path(): Promise<string>;
  cleanup(): Promise<void>;
}

// One token per process (not per queue instance), so queues sharing a process share an owner.
const PROCESS_TOKEN = randomBytes(6).toString('hex');

export class JobTempDirs {
  readonly self: TempOwner = { host: safeHostName(os.hostname()), pid: process.pid, token: PROCESS_TOKEN };
  readonly ownerDir: string;

  constructor(readonly root: string) {
    this.ownerDir = path.join(root, ownerDirName(this.self));
  }

  forAttempt(jobId: string, attempt: number): AttemptTempDir {
    const dir = path.join(this.ownerDir, `${jobId.replace(/[^A-Za-z0-9_.-]/g, '_')}-${attempt}-${randomBytes(4).toString('hex')}`);
    let created: Promise<string> | null = null;
    return {
      path: () => (created ??= fs.mkdir(dir, { recursive: true }).then(() => dir)),
      cleanup: async () => {
        if (created) await fs.rm(dir, { recursive: true, force: true });
      },
    };
  }

  async sweepStale(): Promise<string[]> {
    let entries: string[];
    try {
      entries = await fs.readdir(this.root);
    } catch {
      return [];
    }
    const removed: string[] = [];
    for (const name of entries) {
      const owner = parseOwnerDirName(name);
      if (!owner) continue;
      const full = path.join(this.root, name);
      try {
        const { mtimeMs } = await fs.stat(full);
        if (isStaleOwner(owner, this.self, { isAlive: pidIsAlive, ageMs: Date.now() - mtimeMs })) {
          await fs.rm(full, { recursive: true, force: true });
          removed.push(full);
        }
      } catch {
        // Removed by another process meanwhile.
      }
    }
    return removed;
  }

  // Removes this process's folder once every attempt has cleaned up after itself; what a job
  // left running at shutdown still uses is swept by the next start instead.
  async removeOwnIfEmpty(): Promise<void> {
    await fs.rmdir(this.ownerDir).catch(() => undefined);
  }
}
