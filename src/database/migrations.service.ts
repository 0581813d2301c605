import { Injectable, Logger } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { DatabaseUrlProvider } from './embedded-database.service.js';

// Fixed key for the Postgres advisory lock that serialises migrations when several instances
// start at once against one database.
const MIGRATION_LOCK_KEY = 727_001;

@Injectable()
// Run by createApp before anything else touches the database.
export class MigrationsService {
  private readonly logger = new Logger('Migrations');

  constructor(
    private readonly orm: MikroORM,
    private readonly db: DatabaseUrlProvider,
  ) {}

  async migrate(): Promise<void> {
    // The lock is held by a dedicated session; a second instance blocks here until the first has
    // finished, then finds nothing pending.
    const lock = new pg.Client({ connectionString: await this.db.url() });
    try {
      await lock.connect();
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      const done = await this.orm.migrator.up();
      if (done.length) this.logger.log(`Applied ${done.length} migration(s): ${done.map((m) => m.name).join(', ')}`);
    } finally {
      await lock.end().catch(() => undefined);
    }
  }
}
