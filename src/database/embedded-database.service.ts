import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import type { EmbeddedPostgres } from './embedded-postgres.js';

// Resolves the database URL: DATABASE_URL when set, else an embedded PGlite started on demand.
@Injectable()
export class DatabaseUrlProvider implements OnApplicationShutdown {
  private readonly logger = new Logger('Database');
  private embedded: Promise<EmbeddedPostgres> | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get isEmbedded(): boolean {
    return this.config.databaseUrl === null;
  }

  async url(): Promise<string> {
    if (this.config.databaseUrl) return this.config.databaseUrl;
    // PGlite is loaded only here: with DATABASE_URL set it is never imported (memory).
    this.embedded ??= import('./embedded-postgres.js').then(({ startEmbeddedPostgres }) => startEmbeddedPostgres(this.config.dataDir)).then((pg) => {
      this.logger.log(`Embedded PostgreSQL (PGlite) in ${this.config.dataDir}/pg`);
      return pg;
    });
    return (await this.embedded).url;
  }

  async onApplicationShutdown(): Promise<void> {
    // Give the ORM pool a moment to close its sockets before the embedded server goes away.
    if (this.embedded) await (await this.embedded).stop();
  }
}
