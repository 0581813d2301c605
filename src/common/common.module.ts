import { Global, Logger, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { HitLog } from './hit-log.js';
import { logsHeaders } from './request-log.js';
import { MikroORM } from '@mikro-orm/postgresql';
import { WebAppService } from './web-app.service.js';
import { PgSessionStore } from './session-store.js';
import { AppSecretRepository } from './app-secret.repository.js';
import { HealthChecks } from './health-checks.js';
import { AppSecretsService } from './app-secrets.service.js';

@Global()
@Module({
  providers: [
    WebAppService,
    AppSecretRepository,
    AppSecretsService,
    HealthChecks,
    { provide: PgSessionStore, useFactory: (orm: MikroORM) => new PgSessionStore(orm.em), inject: [MikroORM] },
    // The public hits' summary (app.factory.ts); a line per hit too at debug.
    {
      provide: HitLog,
      useFactory: (config: AppConfig) => {
        const logger = new Logger('PublicHits');
        return new HitLog({ log: (line) => logger.log(line), ...(logsHeaders(config.logLevel) ? { debug: (line: string) => logger.debug(line) } : {}) });
      },
      inject: [APP_CONFIG],
    },
  ],
  exports: [HitLog, WebAppService, PgSessionStore, AppSecretsService, HealthChecks],
})
export class CommonModule {}
