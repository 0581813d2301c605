import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { DestinationStream } from 'pino';
import request from 'supertest';
import { freshDatabaseUrl } from './fresh-database.js';
import { createApp } from '../../src/app.factory.js';
import { loadConfig, type AppConfig } from '../../src/config/config.js';
import { deleteRedisPrefix, uniqueQueuePrefix } from './redis.js';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  http: ReturnType<typeof request>;
  close(): Promise<void>;
}

export { freshDatabaseUrl } from './fresh-database.js';

// `logTo`: a stream the app's logs go to instead of stdout (a test that reads them).
export async function startTestApp(env: Record<string, string | undefined> = {}, logTo?: DestinationStream): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-test-'));
  // mkdtemp makes it 700: as root, the embedded PostgreSQL's account could not enter it.
  fs.chmodSync(dataDir, 0o755);
  const db = await freshDatabaseUrl('eyemail_test', { migrated: true });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DATA_DIR: dataDir,
    PUBLIC_BASE_URL: 'http://eyemail.test',
    DATABASE_URL: db.url,
    REDIS_URL: undefined,
    // BullMQ keys of this app only (when a test passes REDIS_URL), removed on close.
    QUEUE_PREFIX: uniqueQueuePrefix(),
    ...env,
  });
  const app = await createApp(config, logTo);
  return {
    app,
    config,
    http: request(app.getHttpServer()),
    async close() {
      await app.close();
      await db.drop();
      if (config.redisUrl) await deleteRedisPrefix(config.redisUrl, config.queuePrefix);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
