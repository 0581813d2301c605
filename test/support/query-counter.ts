import { MikroORM } from '@mikro-orm/postgresql';
import type { TestApp } from './app.js';

// Counts the SQL statements the app sends through MikroORM while `fn` runs (every statement
// passes the ORM's query logger, whether or not it prints).
export async function countQueries<T>(t: TestApp, fn: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
  const logger = t.app.get(MikroORM).config.getLogger();
  const original = logger.logQuery;
  const queries: string[] = [];
  logger.logQuery = function (context) {
    queries.push(String(context.query));
    return original.call(this, context);
  };
  try {
    const result = await fn();
    return { result, queries };
  } finally {
    logger.logQuery = original;
  }
}
