import crypto from 'node:crypto';
import pg from 'pg';
import { migrateWithBuiltApp } from '../../scripts/migrate-built.mjs';

// A database of its own for one test file: created on the real PostgreSQL of DATABASE_URL and
// dropped afterwards; without DATABASE_URL the app falls back to a fresh embedded PostgreSQL.
// Plain, erasable TypeScript: the browser tests import it under Node's type stripping too.
//
// `migrated: true` (what the apps under test ask for): when the test run has prepared a migrated
// template database (`npm test` does, see createMigratedTemplate), the new database is a copy of
// it (`CREATE DATABASE ... TEMPLATE`), so the app finds no migration pending; otherwise it is
// empty and the app migrates it at start-up as usual. Without `migrated` it is always empty (the
// migration tests start from nothing).
export const TEMPLATE_DATABASE_ENV = 'EYEMAIL_TEST_TEMPLATE_DATABASE';

async function runOn(connectionString: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

function withDatabase(base: string, name: string): string {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

// The test run's id (`npm test` sets it) in each copy's name, so the run can drop the copies of a
// file it had to stop (see dropRunDatabases).
const RUN_ENV = 'EYEMAIL_TEST_RUN';
const runTag = (): string => (/^[0-9a-f]{4,16}$/.test(process.env[RUN_ENV] ?? '') ? `${process.env[RUN_ENV]}_` : '');

// Drops what is left of a run's databases: those of test files stopped before their own clean-up.
export async function dropRunDatabases(run: string): Promise<number> {
  const base = process.env.DATABASE_URL;
  if (!base || !/^[0-9a-f]{4,16}$/.test(run)) return 0;
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    const { rows } = await c.query<{ datname: string }>(`select datname from pg_database where datname ~ $1`, [`^eyemail_[a-z]+_${run}_[0-9a-f]+$`]);
    for (const { datname } of rows) await c.query(`drop database if exists ${datname} with (force)`);
    return rows.length;
  } finally {
    await c.end();
  }
}

export async function freshDatabaseUrl(
  prefix = 'eyemail_test',
  opts: { migrated?: boolean } = {},
): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return { url: undefined, drop: async () => undefined };
  const name = `${prefix}_${runTag()}${crypto.randomBytes(6).toString('hex')}`;
  const template = opts.migrated ? process.env[TEMPLATE_DATABASE_ENV] : undefined;
  await runOn(base, template ? `create database ${name} template ${template}` : `create database ${name}`);
  return { url: withDatabase(base, name), drop: () => runOn(base, `drop database if exists ${name} with (force)`) };
}

// Creates a database on DATABASE_URL, applies every migration of the BUILT app (dist/server) to
// it (scripts/migrate-built.mjs), and returns its name: set it as EYEMAIL_TEST_TEMPLATE_DATABASE
// for the test processes.
export async function createMigratedTemplate(root: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('createMigratedTemplate needs DATABASE_URL');
  const name = `eyemail_template_${crypto.randomBytes(6).toString('hex')}`;
  await runOn(base, `create database ${name}`);
  const drop = () => runOn(base, `drop database if exists ${name} with (force)`);
  try {
    await migrateWithBuiltApp(root, withDatabase(base, name));
  } catch (err) {
    await drop().catch(() => undefined);
    throw err;
  }
  return { name, drop };
}
