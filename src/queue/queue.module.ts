import path from 'node:path';
import {
  Inject,
  Logger,
  Module,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnModuleInit,
} from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { HealthChecks } from '../common/health-checks.js';
import { InProcessQueue } from './in-process-queue.js';
import { JOB_QUEUE, type JobQueue } from './job-queue.js';
import { rawSql } from '../database/raw-sql.js';

// BullMQ (and ioredis) are loaded only when REDIS_URL is set: unused, they would hold several MB
// of the process's memory (docs/performance-log.md, memory).
export async function createJobQueue(config: AppConfig, orm: MikroORM): Promise<JobQueue> {
  const logger = new Logger('Queue');
  const tempRoot = path.join(config.dataDir, 'tmp', 'jobs');
  if (config.redisUrl) {
    const { BullMqQueue } = await import('./bullmq-queue.js');
    return new BullMqQueue({ redisUrl: config.redisUrl, prefix: config.queuePrefix, tempRoot, processJobs: config.processJobs, logger });
  }
  return new InProcessQueue({
    sql: (sql, params) => rawSql(orm, sql, params),
    tempRoot,
    logger,
  });
}

// The job queue chosen by config (REDIS_URL: BullMQ, else in-process), injected as JOB_QUEUE.
// Modules register handlers in onModuleInit; processing starts once the application has booted
// (after migrations) and stops before the database closes.
@Module({
  providers: [{ provide: JOB_QUEUE, inject: [APP_CONFIG, MikroORM], useFactory: createJobQueue }],
  exports: [JOB_QUEUE],
})
export class QueueModule implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly checks: HealthChecks,
  ) {}

  onModuleInit(): void {
    if (this.queue.kind === 'bullmq') this.checks.register('redis', () => this.queue.healthCheck());
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.queue.stop();
  }
}
