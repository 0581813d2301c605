import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import type { EmbeddedPostgres } from './embedded-postgres.js';

// Resolves the database URL: DATABASE_URL when set, else the embedded PostgreSQL started on demand.
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
    this.embedded ??= import('./embedded-postgres.js')
      .then(({ startEmbeddedPostgres }) => startEmbeddedPostgres(this.config.dataDir, (message) => this.logger.log(message)))
      .then((pg) => {
        this.logger.log(`Embedded PostgreSQL in ${this.config.dataDir}/postgres (pid ${pg.pid}, ${new URL(pg.url).host})`);
        return pg;
      });
    return (await this.embedded).url;
  }

  async onApplicationShutdown(): Promise<void> {
    // After every beforeApplicationShutdown hook, where the app writes what it still holds.
    if (this.embedded) await (await this.embedded.catch(() => null))?.stop();
  }
}
