import { Global, Module } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { WebAppService } from './web-app.service.js';
import { PgSessionStore } from './session-store.js';
import { AppSecretRepository } from './app-secret.repository.js';
import { HealthChecks } from './health-checks.js';

@Global()
@Module({
  providers: [WebAppService, AppSecretRepository, HealthChecks, { provide: PgSessionStore, useFactory: (orm: MikroORM) => new PgSessionStore(orm.em), inject: [MikroORM] }],
  exports: [WebAppService, PgSessionStore, HealthChecks],
})
export class CommonModule {}
