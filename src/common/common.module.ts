import { Global, Module } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { WebAppService } from './web-app.service.js';
import { PgSessionStore } from './session-store.js';
import { AppSecretRepository } from './app-secret.repository.js';
import { HealthChecks } from './health-checks.js';
import { AppSecretsService } from './app-secrets.service.js';
import { EngagementEvents } from './engagement-events.js';
import { EngagementOutbox } from './engagement-outbox.js';
import { EngagementOutboxRepository } from './engagement-outbox.repository.js';

@Global()
@Module({
  providers: [
    WebAppService,
    AppSecretRepository,
    AppSecretsService,
    EngagementEvents,
    EngagementOutbox,
    EngagementOutboxRepository,
    HealthChecks,
    { provide: PgSessionStore, useFactory: (orm: MikroORM) => new PgSessionStore(orm.em), inject: [MikroORM] },
  ],
  exports: [WebAppService, PgSessionStore, AppSecretsService, EngagementEvents, EngagementOutbox, HealthChecks],
})
export class CommonModule {}
