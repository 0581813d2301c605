// Applies every migration of the BUILT app (dist/server) to the database at `url`, with the same
// migration settings as src/database/database.module.ts, so an app started on it finds nothing
// pending (were they to differ, it would try the migrations again and fail loudly). Used by the
// test run's template database (test/support/fresh-database.ts) and the benches' scratch ones.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export async function migrateWithBuiltApp(root, url) {
  const [{ migrationsList }, { MikroORM, PostgreSqlDriver }, { Migrator }] = await Promise.all([
    import(pathToFileURL(path.join(root, 'dist', 'server', 'migrations', 'index.js')).href),
    import('@mikro-orm/postgresql'),
    import('@mikro-orm/migrations'),
  ]);
  const orm = await MikroORM.init({
    driver: PostgreSqlDriver,
    clientUrl: url,
    entities: [],
    extensions: [Migrator],
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false, tableName: 'mikro_orm_migrations', silent: true },
    allowGlobalContext: true,
    ensureDatabase: false,
    discovery: { warnWhenNoEntities: false },
  });
  try {
    await orm.migrator.up();
  } finally {
    await orm.close(true);
  }
}
