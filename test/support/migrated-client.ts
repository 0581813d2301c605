import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createApp } from '../../src/app.factory.js';
import { loadConfig } from '../../src/config/config.js';
import { freshDatabaseUrl } from './fresh-database.js';

// A database of its own on the real PostgreSQL, migrated by the app as in production (started once
// and closed), and a plain pg client on it: for tests of what the migrations' SQL does by itself.
export async function migratedDatabaseClient(prefix: string): Promise<{ c: pg.Client; url: string; close: () => Promise<void> }> {
  const db = await freshDatabaseUrl(prefix);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  await (await createApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'error', DATA_DIR: dir, DATABASE_URL: db.url! }))).close();
  const c = new pg.Client({ connectionString: db.url! });
  await c.connect();
  return {
    c,
    url: db.url!,
    close: async () => {
      await c.end();
      await db.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// A snippet row alone, without its owner and video (the engagement tables only need its id).
export async function bareSnippet(c: pg.Client, title: string): Promise<string> {
  const id = (await c.query('select gen_random_uuid()::text as id')).rows[0].id as string;
  await c.query('set session_replication_role = replica');
  await c.query(`insert into snippet (id, owner_id, workspace_id, title, video_file_id, encoding_id) values ($1, $1, $1, $2, $1, $1)`, [id, title]);
  await c.query('set session_replication_role = origin');
  return id;
}
