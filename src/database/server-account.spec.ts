import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chooseServerAccount, closedFolderMessage, firstClosedFolder, foldersAbove, type ServerAccount } from './server-account.js';
import { restoreLinks } from './postgres-binaries.js';

const postgres: ServerAccount = { name: 'postgres', uid: 101, gid: 104, groups: [104, 103] };
const nobody: ServerAccount = { name: 'nobody', uid: 65534, gid: 65534, groups: [65534] };

describe('the account the embedded PostgreSQL runs as', () => {
  it('is the app’s own user unless the app runs as root', () => {
    expect(chooseServerAccount(1000, () => postgres)).toBeNull();
    expect(chooseServerAccount(undefined, () => postgres)).toBeNull(); // no uids (Windows)
  });

  it('is `postgres` for root when the machine has one, else `nobody`, never root, never a new account', () => {
    expect(chooseServerAccount(0, (n) => (n === 'postgres' ? postgres : nobody))).toBe(postgres);
    expect(chooseServerAccount(0, (n) => (n === 'nobody' ? nobody : null))).toBe(nobody);
    expect(chooseServerAccount(0, (n) => (n === 'postgres' ? { ...postgres, uid: 0 } : nobody))).toBe(nobody);
    expect(() => chooseServerAccount(0, () => null)).toThrow(/neither a `postgres` nor a `nobody` account.*DATABASE_URL/);
  });
});

describe('whether that account can reach the data folder', () => {
  const folder = (p: string, uid: number, gid: number, mode: number) => ({ path: p, uid, gid, mode });

  it.each([
    ['root-owned 755 folders', [folder('/', 0, 0, 0o755), folder('/srv', 0, 0, 0o755)], null],
    ['a 700 home folder of root', [folder('/', 0, 0, 0o755), folder('/root', 0, 0, 0o700), folder('/root/app', 0, 0, 0o755)], '/root'],
    ['a 750 folder of a group the account is in', [folder('/', 0, 0, 0o755), folder('/srv', 0, 103, 0o750)], null],
    ['a 750 folder of another group', [folder('/', 0, 0, 0o755), folder('/srv', 0, 5, 0o750)], '/srv'],
    ['a 700 folder the account owns', [folder('/', 0, 0, 0o755), folder('/var/lib/pg', 101, 104, 0o700)], null],
    ['a 711 folder (search without listing)', [folder('/', 0, 0, 0o755), folder('/home', 0, 0, 0o711)], null],
    ['a 644 folder (listing without search)', [folder('/', 0, 0, 0o755), folder('/odd', 0, 0, 0o644)], '/odd'],
    ['the world-writable temporary folder', [folder('/', 0, 0, 0o755), folder('/tmp', 0, 0, 0o1777)], null],
  ])('%s', (_name, folders, closed) => {
    expect(firstClosedFolder(folders, postgres)?.path ?? null).toBe(closed);
  });

  it('names the folder, the account and what to do', () => {
    const message = closedFolderMessage(folder('/root', 0, 0, 0o700), postgres, '/root/app/data');
    expect(message).toContain('runs as the `postgres` account, which cannot enter /root (mode 700), above DATA_DIR /root/app/data');
    expect(message).toMatch(/Set DATA_DIR to a folder it can reach.*run EyeMail as a normal user, or set DATABASE_URL/);
  });

  it('reads every existing folder from the root down, the missing ones left to be made', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-folders-'));
    try {
      const chain = foldersAbove(path.join(dir, 'not', 'yet'));
      expect(chain[0].path).toBe('/');
      expect(chain.at(-1)).toMatchObject({ path: dir, mode: 0o700 });
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });
});

describe('the PostgreSQL libraries’ links (made by the package’s install script, or here when scripts were off)', () => {
  it('makes the missing links, relative, and leaves existing ones', () => {
    const native = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-native-'));
    try {
      fs.mkdirSync(path.join(native, 'lib'));
      fs.writeFileSync(path.join(native, 'lib', 'libpq.so.5.18'), 'library');
      fs.symlinkSync('libpq.so.5.18', path.join(native, 'lib', 'libpq.so'));
      fs.writeFileSync(
        path.join(native, 'pg-symlinks.json'),
        JSON.stringify([
          { source: 'native/lib/libpq.so.5.18', target: 'native/lib/libpq.so.5' },
          { source: 'native/lib/libpq.so.5.18', target: 'native/lib/libpq.so' },
        ]),
      );
      restoreLinks(native);
      expect(fs.readlinkSync(path.join(native, 'lib', 'libpq.so.5'))).toBe('libpq.so.5.18');
      expect(fs.readFileSync(path.join(native, 'lib', 'libpq.so.5'), 'utf8')).toBe('library');
      restoreLinks(native); // again: nothing to do, no error
    } finally {
      fs.rmSync(native, { recursive: true });
    }
  });
});
