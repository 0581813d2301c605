import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';

// One raw statement, for the few places it earns over entity queries (a guarded update, a bulk
// upsert, an aggregate). Runs on a fresh fork of the ORM, or on the given (transactional) entity
// manager; the caller names the row type it selects.
export function rawSql<T = Record<string, unknown>>(db: MikroORM | EntityManager, query: string, params: readonly unknown[] = []): Promise<T[]> {
  const em = 'em' in db ? db.em.fork() : db;
  return em.getConnection().execute(query, params as never[], 'all') as Promise<T[]>;
}
