import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createApp } from '../../src/app.factory.js';
import { loadConfig } from '../../src/config/config.js';
import { migrationsList } from '../../migrations/index.js';
import { freshDatabaseUrl } from '../support/fresh-database.js';

const base = process.env.DATABASE_URL;
const describeWithPostgres = base ? describe : describe.skip;

// Several instances booting at once against one empty database must apply each migration once
// and all come up.
describeWithPostgres('start-up migrations against a shared PostgreSQL', () => {
  let url: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const db = await freshDatabaseUrl('eyemail_mig');
    url = db.url!;
    drop = db.drop;
  });

  afterAll(async () => {
    await drop();
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
      // The engagement table's columns are a contract between the ingest and report sides.
      const cols = await c.query(
        `select column_name, data_type from information_schema.columns where table_name = 'engagement' order by ordinal_position`,
      );
      await c.end();
      expect(rows.map((r) => r.name)).toEqual(migrationsList.map((m) => m.name));
      expect(cols.rows.map((r) => `${r.column_name}:${r.data_type}`)).toEqual([
        'id:bigint', 'snippet_id:uuid', 'kind:text', 'occurred_at:timestamp with time zone', 'receiver:text', 'ip:inet',
        'country_code:text', 'country_name:text', 'region:text', 'city:text', 'device_type:text', 'platform:text',
        'client:text', 'user_agent:text', 'target:text', 'duration_secs:double precision',
        'video_duration_secs:double precision', 'click_id:bigint', 'machine_reason:text',
      ]);
    } finally {
      await Promise.all(apps.map((a) => a.close()));
      dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
    }
  });
});

// A database made before the tiers were stored by their own names upgrades in place: its users
// keep their tier, and the legacy names can no longer be stored.
describeWithPostgres('upgrading the stored tier names', () => {
  let url: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const db = await freshDatabaseUrl('eyemail_tier');
    url = db.url!;
    drop = db.drop;
  });

  afterAll(async () => {
    await drop();
  });

  it('rewrites standard and enterprise as premium and express', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-tier-'));
    const start = () => createApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'error', DATA_DIR: dir, DATABASE_URL: url }));
    const c = new pg.Client({ connectionString: url });
    try {
      // The schema as it was before 0009-tier-names, with an account of each tier.
      await (await start()).close();
      await c.connect();
      await c.query('alter table app_user drop constraint app_user_tier_check');
      await c.query(`alter table app_user add constraint app_user_tier_check check (tier in ('standard', 'enterprise'))`);
      await c.query(`delete from mikro_orm_migrations where name = '0009-tier-names'`);
      await c.query(
        `insert into app_user (id, email, password_hash, first_name, tier) values
           ('00000000-0000-4000-8000-000000000001', 'old.premium@example.com', 'x', 'Pre', 'standard'),
           ('00000000-0000-4000-8000-000000000002', 'old.express@example.com', 'x', 'Exp', 'enterprise')`,
      );

      const app = await start();
      try {
        const { rows } = await c.query(`select email, tier from app_user where email like 'old.%' order by email`);
        expect(rows).toEqual([
          { email: 'old.express@example.com', tier: 'express' },
          { email: 'old.premium@example.com', tier: 'premium' },
        ]);
        await expect(c.query(`update app_user set tier = 'enterprise' where email = 'old.express@example.com'`)).rejects.toThrow(/app_user_tier_check/);
      } finally {
        await app.close();
      }
    } finally {
      await c.end();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
