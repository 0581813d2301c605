import crypto from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';

// A random secret generated once and kept in the database, so every instance sharing the database
// shares it without extra configuration. SESSION_SECRET overrides it.
export async function loadOrCreateSecret(em: EntityManager, name: string): Promise<string> {
  const conn = em.fork().getConnection();
  await conn.execute('insert into app_secret (name, value) values (?, ?) on conflict (name) do nothing', [
    name,
    crypto.randomBytes(48).toString('base64url'),
  ]);
  const rows = (await conn.execute('select value from app_secret where name = ?', [name], 'all')) as { value: string }[];
  return rows[0].value;
}
