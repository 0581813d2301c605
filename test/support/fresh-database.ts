import crypto from 'node:crypto';
import pg from 'pg';

// A database of its own for one test file: created on the real PostgreSQL of DATABASE_URL and
// dropped afterwards; without DATABASE_URL the app falls back to a fresh embedded PGlite.
// Plain, erasable TypeScript: the browser tests import it under Node's type stripping too.
export async function freshDatabaseUrl(prefix = 'eyemail_test'): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return { url: undefined, drop: async () => undefined };
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`create database ${name}`);
  const u = new URL(base);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
