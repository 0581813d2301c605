import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createApp } from '../../src/app.factory.js';
import { loadConfig, type AppConfig } from '../../src/config/config.js';
import { deleteRedisPrefix, uniqueQueuePrefix } from './redis.js';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  http: ReturnType<typeof request>;
  close(): Promise<void>;
}

// Each test file gets a fresh database: a new schema-free database on the real Postgres when
// DATABASE_URL is set (created from it and dropped afterwards), else a fresh embedded PGlite.
export async function freshDatabaseUrl(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return { url: undefined, drop: async () => undefined };
  const name = `eyemail_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function startTestApp(env: Record<string, string | undefined> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-test-'));
  const db = await freshDatabaseUrl();
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
  const app = await createApp(config);
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
