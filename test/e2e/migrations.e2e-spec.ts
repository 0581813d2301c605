import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { createApp } from '../../src/app.factory.js';
import { loadConfig } from '../../src/config/config.js';
import { migrationsList } from '../../migrations/index.js';

const base = process.env.DATABASE_URL;
const describeWithPostgres = base ? describe : describe.skip;

// Several instances booting at once against one empty database must apply each migration once
// and all come up.
describeWithPostgres('start-up migrations against a shared PostgreSQL', () => {
  const name = `eyemail_mig_${crypto.randomBytes(5).toString('hex')}`;
  let url: string;

  beforeAll(async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    const u = new URL(base!);
    u.pathname = `/${name}`;
    url = u.toString();
  });

  afterAll(async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });

  it('applies pending migrations exactly once when three instances start together', async () => {
    const dirs = [0, 1, 2].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-mig-')));
    const apps = await Promise.all(
      dirs.map((dir) => createApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'error', DATA_DIR: dir, DATABASE_URL: url }))),
    );
    try {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const { rows } = await c.query('select name from mikro_orm_migrations order by id');
      await c.end();
      expect(rows.map((r) => r.name)).toEqual(migrationsList.map((m) => m.name));
    } finally {
      await Promise.all(apps.map((a) => a.close()));
      dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
    }
  });
});
