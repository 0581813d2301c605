import fs from 'node:fs';
import path from 'node:path';
import { accountIds } from './postgres-process.adapter.js';

// Who runs the embedded PostgreSQL server. PostgreSQL refuses to run as root: started by root (a
// container, a CI machine), the server runs as the `postgres` account when the machine has one (a
// machine with PostgreSQL installed does), else as `nobody`. No system account is ever added.
export interface ServerAccount {
  name: string;
  uid: number;
  gid: number;
  groups: number[];
}

// null: the server runs as the app's own user (anyone but root).
export function chooseServerAccount(appUid: number | undefined, lookup: (name: string) => ServerAccount | null): ServerAccount | null {
  if (appUid !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    const account = lookup(name);
    if (account && account.uid !== 0) return account;
  }
  throw new Error(
    'PostgreSQL does not run as root, and this machine has neither a `postgres` nor a `nobody` account to run the embedded database as: run EyeMail as a normal user, or set DATABASE_URL.',
  );
}

// The account's ids from the system, null when there is no such account.
export function lookupAccount(name: string): ServerAccount | null {
  const ids = accountIds(name);
  return ids && { name, ...ids };
}

export interface FolderMode {
  path: string;
  uid: number;
  gid: number;
  mode: number;
}

// The first folder the account cannot enter (no search permission for it), or null. The server
// opens its data folder by its full path, so every folder above it must let the account through.
export function firstClosedFolder(folders: readonly FolderMode[], account: Pick<ServerAccount, 'uid' | 'gid' | 'groups'>): FolderMode | null {
  for (const folder of folders) {
    const bits = folder.uid === account.uid ? 0o100 : account.gid === folder.gid || account.groups.includes(folder.gid) ? 0o010 : 0o001;
    if (!(folder.mode & bits)) return folder;
  }
  return null;
}

// Every existing folder from the root of the file system down to `dir` (included when it exists).
export function foldersAbove(dir: string): FolderMode[] {
  const out: FolderMode[] = [];
  let current = path.resolve(dir);
  for (;;) {
    try {
      const st = fs.statSync(current);
      out.unshift({ path: current, uid: st.uid, gid: st.gid, mode: st.mode & 0o7777 });
    } catch {
      // not created yet: the app creates it
    }
    const parent = path.dirname(current);
    if (parent === current) return out;
    current = parent;
  }
}

// The refusal when the account cannot reach the data folder: which folder, and what to do.
export function closedFolderMessage(folder: FolderMode, account: ServerAccount, dataDir: string): string {
  return (
    `The embedded database cannot start: PostgreSQL does not run as root, so it runs as the \`${account.name}\` account, ` +
    `which cannot enter ${folder.path} (mode ${folder.mode.toString(8)}), above DATA_DIR ${dataDir}. ` +
    'Set DATA_DIR to a folder it can reach (for example /var/lib/eyemail), run EyeMail as a normal user, or set DATABASE_URL.'
  );
}
