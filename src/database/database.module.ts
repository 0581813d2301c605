import { Global, Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { migrationsList } from '../../migrations/index.js';
import { DatabaseUrlProvider } from './embedded-database.service.js';
import { MigrationsService } from './migrations.service.js';

@Global()
@Module({ providers: [DatabaseUrlProvider], exports: [DatabaseUrlProvider] })
export class DatabaseUrlModule {}

@Global()
@Module({
  imports: [
    DatabaseUrlModule,
    MikroOrmModule.forRootAsync({
      driver: PostgreSqlDriver,
      imports: [DatabaseUrlModule],
      inject: [APP_CONFIG, DatabaseUrlProvider],
      useFactory: async (config: AppConfig, db: DatabaseUrlProvider) => ({
        driver: PostgreSqlDriver,
        clientUrl: await db.url(),
        autoLoadEntities: true,
        registerRequestContext: true,
        extensions: [Migrator],
        // Each connection is a server process; on the embedded database (one machine, a first try)
        // four keep the app and its database small (docs/performance.md, the embedded database).
        pool: { min: 0, max: db.isEmbedded ? 4 : 10 },
        migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false, tableName: 'mikro_orm_migrations' },
        allowGlobalContext: false,
        debug: config.logLevel === 'trace',
        ensureDatabase: false,
        discovery: { warnWhenNoEntities: false },
      }),
    }),
  ],
  providers: [MigrationsService],
  exports: [MigrationsService],
})
export class DatabaseModule {}
