import { jest } from '@jest/globals';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.js';
import { alive } from './postgres-cluster.js';

// The embedded default database, started as the app starts it: the real PostgreSQL binaries as a
// child process, in a data folder of the test's own. Run as root (CI), the server runs as the
// `postgres` or `nobody` account, which is what these tests then check too.
jest.setTimeout(120_000);

async function query<T extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

describe('the embedded PostgreSQL', () => {
  let base: string;
  let dataDir: string;
  const started: EmbeddedPostgres[] = [];
  const start = async (log: (m: string) => void = () => undefined) => {
    const db = await startEmbeddedPostgres(dataDir, log);
    started.push(db);
    return db;
  };

  beforeEach(() => {
    // mkdtemp makes a 700 folder, which the server's account (as root) could not enter
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-embedded-'));
    fs.chmodSync(base, 0o755);
    dataDir = path.join(base, 'data');
  });

  afterEach(async () => {
    await Promise.all(started.splice(0).map((db) => db.stop()));
    fs.rmSync(base, { recursive: true, force: true });
  });

  it('is a real PostgreSQL server: created on the first start, its data kept across a stop and a start', async () => {
    const messages: string[] = [];
    const db = await start((m) => messages.push(m));
    expect(messages.join('\n')).toContain(`Created the embedded PostgreSQL database in ${path.join(dataDir, 'postgres')}`);
    const [{ version }] = await query<{ version: string }>(db.url, 'select version()');
    expect(version).toMatch(/^PostgreSQL 18\./);
    expect(new URL(db.url).hostname).toBe('127.0.0.1');
    // PostgreSQL refuses root: started by root, the server runs as another account.
    if (process.getuid?.() === 0) expect(fs.statSync(`/proc/${db.pid}`).uid).not.toBe(0);
    await query(db.url, 'create table kept (n int); insert into kept values (42)');

    await db.stop();
    expect(alive(db.pid)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'postgres.owner'))).toBe(false);

    const again = await start((m) => messages.push(m));
    expect(messages.filter((m) => m.startsWith('Created'))).toHaveLength(1);
    expect(await query(again.url, 'select n from kept')).toEqual([{ n: 42 }]);
  });

  it('takes connections only with its password, and runs a named prepared statement on several connections (as production does)', async () => {
    const db = await start();
    const wrong = new URL(db.url);
    wrong.password = 'guess';
    await expect(query(wrong.toString(), 'select 1')).rejects.toThrow(/password authentication failed/);

    // Clients of their own, each ended (its socket closed) before the server stops: a pool's end()
    // resolves before its clients' sockets are gone.
    const clients = [0, 1, 2].map(() => new pg.Client({ connectionString: db.url }));
    try {
      await Promise.all(clients.map((c) => c.connect()));
      const answers = await Promise.all(clients.map((c, i) => c.query({ name: 'same-name', text: 'select $1::int as n', values: [i] })));
      expect(answers.map((a) => a.rows[0].n)).toEqual([0, 1, 2]);
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
  });

  it('stops a server left running by an app that was killed, then starts its own', async () => {
    const first = await start();
    // The app that started it is gone: its pid in postgres.owner no longer runs.
    const gone = spawnSync(process.execPath, ['-e', 'process.pid']).pid!;
    fs.writeFileSync(path.join(dataDir, 'postgres.owner'), String(gone));
    const messages: string[] = [];
    const second = await start((m) => messages.push(m));
    expect(messages).toContain(`Stopping the embedded PostgreSQL (pid ${first.pid}) left running by an earlier start`);
    expect(alive(first.pid)).toBe(false);
    expect(await query(second.url, 'select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('refuses to start beside another app process running on the same data folder, and leaves its server alone', async () => {
    const first = await start();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(path.join(dataDir, 'postgres.owner'), String(other.pid));
      await expect(startEmbeddedPostgres(dataDir)).rejects.toThrow(`Another EyeMail process (pid ${other.pid}) is running on the embedded database in ${dataDir}`);
      expect(await query(first.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      other.kill();
    }
  });

  it('starts cleanly after a first start that was stopped halfway, and refuses a folder that is not a cluster', async () => {
    fs.mkdirSync(path.join(dataDir, 'postgres.init'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'postgres.init', 'PG_VERSION'), '18\n');
    const db = await start();
    expect(await query(db.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    expect(fs.existsSync(path.join(dataDir, 'postgres.init'))).toBe(false);
    await db.stop();

    const elsewhere = path.join(base, 'other');
    fs.mkdirSync(path.join(elsewhere, 'postgres'), { recursive: true });
    fs.writeFileSync(path.join(elsewhere, 'postgres', 'notes.txt'), 'mine');
    await expect(startEmbeddedPostgres(elsewhere)).rejects.toThrow(`${path.join(elsewhere, 'postgres')} is not empty and holds no PostgreSQL cluster`);
    expect(fs.readFileSync(path.join(elsewhere, 'postgres', 'notes.txt'), 'utf8')).toBe('mine');
  });

  const asRoot = process.getuid?.() === 0 ? it : it.skip;
  asRoot('as root, says which folder its account cannot enter instead of failing inside initdb', async () => {
    const closed = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-closed-')); // 700, root's
    try {
      await expect(startEmbeddedPostgres(path.join(closed, 'data'))).rejects.toThrow(`cannot enter ${closed} (mode 700)`);
      expect(fs.existsSync(path.join(closed, 'data', 'postgres'))).toBe(false);
      expect(fs.existsSync(path.join(closed, 'data', 'postgres.owner'))).toBe(false);
    } finally {
      fs.rmSync(closed, { recursive: true, force: true });
    }
  });
});
