import path from 'node:path';

// The whole runtime configuration, read from the environment once at start-up.
// Every variable is optional: unset means the embedded default (see docs/configuration.md).
export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  publicBaseUrl: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  gcsBucket: string | null;
  // Another GCS JSON API endpoint (an emulator); requests to it are sent without credentials.
  gcsApiEndpoint: string | null;
  gcsProjectId: string | null;
  // GOOGLE_APPLICATION_CREDENTIALS: a service-account key file; unset means the metadata server.
  gcsKeyFile: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  // Where contact inquiries and feedback are mailed (through the same transport as other mail).
  supportEmail: string;
  sessionSecret: string | null;
  adminEmail: string | null;
  adminPassword: string | null;
  ffmpegPath: string | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  trustProxy: boolean;
  secureCookies: boolean;
  encodeConcurrency: number;
  // Fair use: encodes one account may have queued or running at once (ENCODES_PER_ACCOUNT), and
  // files it may upload per hour (UPLOADS_PER_HOUR).
  encodesPerAccount: number;
  uploadsPerHour: number;
  // false: this instance only enqueues jobs and `npm run worker` processes run them (Redis only).
  processJobs: boolean;
  // Namespaces the BullMQ keys in Redis, so several deployments (or test runs) can share one.
  queuePrefix: string;
  // An upload whose client sends nothing for this long is answered 408 and its connection closed.
  uploadIdleTimeoutMs: number;
  // Unfinished resumable uploads untouched this long are swept (UPLOAD_RESUME_HOURS).
  uploadResumeHours: number;
  // Storage one account may use: its stored files plus the declared lengths of its unfinished
  // uploads (STORAGE_QUOTA_MB, 5120 = 5 GB; MB of 1024 x 1024 bytes, as the 300 MB video limit).
  storageQuotaBytes: number;
  // Webhooks may go to private, loopback and link-local addresses (and over plain http):
  // WEBHOOK_ALLOW_PRIVATE_TARGETS, for self-hosted receivers and tests. Off by default.
  webhookAllowPrivateTargets: boolean;
  // How long a webhook receiver has to answer one try (WEBHOOK_TIMEOUT_SECONDS).
  webhookTimeoutMs: number;
  // Notifications: at most one mail per recipient and EyeMail in this window, a digest at its end
  // (NOTIFY_WINDOW_SECONDS, 3600; shorter in tests).
  notifyWindowMs: number;
  // Notifications: at most this many immediate mails per owner and EyeMail in a cap window, the
  // rest counted in one summary at its end (NOTIFY_CAP, 10; NOTIFY_CAP_WINDOW_SECONDS, 600), so
  // a flood of opens cannot flood the owner's mailbox.
  notifyCap: number;
  notifyCapWindowMs: number;
  // INGEST_ASYNC_COMMIT: the hot path's journal insert commits without waiting for PostgreSQL to
  // flush its WAL (synchronous_commit off for that statement only). Off by default: a hit is
  // answered once its batch is on disk. On, a crash of the database server (not of the app) can
  // lose the hits of its last 0.6 s, for about a tenth more hits a second (bench/ingest.mjs).
  ingestAsyncCommit: boolean;
  // Seats of one company (COMPANY_SEATS, 25): its members plus its pending invitations.
  companySeats: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

export const DEFAULT_SUPPORT_EMAIL = 'support@eyemail.local';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function blank(v: string | undefined): v is undefined {
  return v === undefined || v.trim() === '';
}

function parseUrl(name: string, value: string, protocols: string[], problems: string[]): string | null {
  try {
    const u = new URL(value);
    if (!protocols.includes(u.protocol)) {
      problems.push(`${name} must use ${protocols.join(' or ')} (got "${u.protocol}")`);
      return null;
    }
    return value.trim();
  } catch {
    problems.push(`${name} is not a valid URL`);
    return null;
  }
}

function parseInteger(name: string, value: string | undefined, fallback: number, min: number, max: number, problems: string[]): number {
  if (blank(value)) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max} (got "${value}")`);
    return fallback;
  }
  return n;
}

function parseBool(name: string, value: string | undefined, fallback: boolean, problems: string[]): boolean {
  if (blank(value)) return fallback;
  const v = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  problems.push(`${name} must be true or false (got "${value}")`);
  return fallback;
}

// Pure: the same environment always gives the same config (or the same list of problems).
export function loadConfig(env: Record<string, string | undefined>, cwd = process.cwd()): AppConfig {
  const problems: string[] = [];
  const nodeEnv = blank(env.NODE_ENV) ? 'development' : env.NODE_ENV!.trim();
  if (!['development', 'production', 'test'].includes(nodeEnv)) {
    problems.push(`NODE_ENV must be development, production or test (got "${nodeEnv}")`);
  }
  const port = parseInteger('PORT', env.PORT, 3000, 0, 65535, problems);
  const host = blank(env.HOST) ? '0.0.0.0' : env.HOST!.trim();
  const dataDir = path.resolve(cwd, blank(env.DATA_DIR) ? './data' : env.DATA_DIR!.trim());

  let publicBaseUrl = `http://localhost:${port || 3000}`;
  if (!blank(env.PUBLIC_BASE_URL)) {
    const u = parseUrl('PUBLIC_BASE_URL', env.PUBLIC_BASE_URL, ['http:', 'https:'], problems);
    if (u) publicBaseUrl = u.replace(/\/+$/, '');
  }
  const databaseUrl = blank(env.DATABASE_URL)
    ? null
    : parseUrl('DATABASE_URL', env.DATABASE_URL, ['postgres:', 'postgresql:'], problems);
  const redisUrl = blank(env.REDIS_URL) ? null : parseUrl('REDIS_URL', env.REDIS_URL, ['redis:', 'rediss:'], problems);
  const smtpUrl = blank(env.SMTP_URL) ? null : parseUrl('SMTP_URL', env.SMTP_URL, ['smtp:', 'smtps:'], problems);
  const gcsBucket = blank(env.GCS_BUCKET) ? null : env.GCS_BUCKET!.trim();
  if (gcsBucket && !/^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$/.test(gcsBucket)) {
    problems.push(`GCS_BUCKET "${gcsBucket}" is not a valid bucket name`);
  }
  const gcsApiEndpoint = blank(env.GCS_API_ENDPOINT)
    ? null
    : parseUrl('GCS_API_ENDPOINT', env.GCS_API_ENDPOINT, ['http:', 'https:'], problems)?.replace(/\/+$/, '') ?? null;
  const gcsProjectId = blank(env.GCS_PROJECT_ID) ? null : env.GCS_PROJECT_ID!.trim();
  if (gcsProjectId && !/^[a-z][a-z0-9-]{4,61}[a-z0-9]$/.test(gcsProjectId)) {
    problems.push(`GCS_PROJECT_ID "${gcsProjectId}" is not a valid project id`);
  }
  const gcsKeyFile = blank(env.GOOGLE_APPLICATION_CREDENTIALS) ? null : path.resolve(cwd, env.GOOGLE_APPLICATION_CREDENTIALS!.trim());
  if (!gcsBucket && (gcsApiEndpoint || gcsProjectId)) {
    problems.push('GCS_API_ENDPOINT and GCS_PROJECT_ID need GCS_BUCKET');
  }
  const mailFrom = blank(env.MAIL_FROM) ? 'EyeMail <no-reply@eyemail.local>' : env.MAIL_FROM!.trim();

  const supportEmail = blank(env.SUPPORT_EMAIL) ? DEFAULT_SUPPORT_EMAIL : env.SUPPORT_EMAIL!.trim();
  if (!/^[^\s@<>()",;]+@[^\s@<>()",;]+\.[^\s@<>()",;]+$/.test(supportEmail)) {
    problems.push(`SUPPORT_EMAIL must be one email address such as support@example.com (got "${supportEmail}")`);
  }

  const sessionSecret = blank(env.SESSION_SECRET) ? null : env.SESSION_SECRET!;
  if (sessionSecret !== null && sessionSecret.length < 32) {
    problems.push('SESSION_SECRET must be at least 32 characters long');
  }

  const adminEmail = blank(env.ADMIN_EMAIL) ? null : env.ADMIN_EMAIL!.trim().toLowerCase();
  const adminPassword = blank(env.ADMIN_PASSWORD) ? null : env.ADMIN_PASSWORD!;
  if ((adminEmail === null) !== (adminPassword === null)) {
    problems.push('ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (adminPassword !== null && adminPassword.length < 8) {
    problems.push('ADMIN_PASSWORD must be at least 8 characters long');
  }

  const logLevel = (blank(env.LOG_LEVEL) ? (nodeEnv === 'test' ? 'warn' : 'info') : env.LOG_LEVEL!.trim()) as AppConfig['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const trustProxy = parseBool('TRUST_PROXY', env.TRUST_PROXY, false, problems);
  const secureCookies = parseBool('SECURE_COOKIES', env.SECURE_COOKIES, publicBaseUrl.startsWith('https:'), problems);
  const encodeConcurrency = parseInteger('ENCODE_CONCURRENCY', env.ENCODE_CONCURRENCY, 1, 1, 16, problems);
  const encodesPerAccount = parseInteger('ENCODES_PER_ACCOUNT', env.ENCODES_PER_ACCOUNT, 5, 1, 1000, problems);
  const uploadsPerHour = parseInteger('UPLOADS_PER_HOUR', env.UPLOADS_PER_HOUR, 100, 1, 100_000, problems);

  const processJobs = parseBool('PROCESS_JOBS', env.PROCESS_JOBS, true, problems);
  if (!processJobs && !redisUrl) problems.push('PROCESS_JOBS=false needs REDIS_URL (workers started with `npm run worker` then run the jobs)');
  const queuePrefix = blank(env.QUEUE_PREFIX) ? 'eyemail' : env.QUEUE_PREFIX!.trim();
  if (!/^[a-z0-9][a-z0-9_-]{0,63}$/i.test(queuePrefix)) problems.push(`QUEUE_PREFIX "${queuePrefix}" may use only letters, digits, "_" and "-"`);

  const uploadIdleTimeoutSecs = parseInteger('UPLOAD_IDLE_TIMEOUT_SECONDS', env.UPLOAD_IDLE_TIMEOUT_SECONDS, 30, 1, 3600, problems);
  const uploadResumeHours = parseInteger('UPLOAD_RESUME_HOURS', env.UPLOAD_RESUME_HOURS, 24, 1, 24 * 30, problems);
  const storageQuotaMb = parseInteger('STORAGE_QUOTA_MB', env.STORAGE_QUOTA_MB, 5120, 1, 100_000_000, problems);

  const companySeats = parseInteger('COMPANY_SEATS', env.COMPANY_SEATS, 25, 1, 100_000, problems);
  const ingestAsyncCommit = parseBool('INGEST_ASYNC_COMMIT', env.INGEST_ASYNC_COMMIT, false, problems);
  const webhookAllowPrivateTargets = parseBool('WEBHOOK_ALLOW_PRIVATE_TARGETS', env.WEBHOOK_ALLOW_PRIVATE_TARGETS, false, problems);
  const webhookTimeoutSecs = parseInteger('WEBHOOK_TIMEOUT_SECONDS', env.WEBHOOK_TIMEOUT_SECONDS, 15, 1, 60, problems);
  const notifyWindowSecs = parseInteger('NOTIFY_WINDOW_SECONDS', env.NOTIFY_WINDOW_SECONDS, 3600, 1, 86_400, problems);
  const notifyCap = parseInteger('NOTIFY_CAP', env.NOTIFY_CAP, 10, 1, 1_000, problems);
  const notifyCapWindowSecs = parseInteger('NOTIFY_CAP_WINDOW_SECONDS', env.NOTIFY_CAP_WINDOW_SECONDS, 600, 1, 86_400, problems);

  if (problems.length) throw new ConfigError(problems);
  return {
    env: nodeEnv as AppConfig['env'],
    port,
    host,
    dataDir,
    publicBaseUrl,
    databaseUrl,
    redisUrl,
    gcsBucket,
    gcsApiEndpoint,
    gcsProjectId,
    gcsKeyFile,
    smtpUrl,
    mailFrom,
    supportEmail,
    sessionSecret,
    adminEmail,
    adminPassword,
    ffmpegPath: blank(env.FFMPEG_PATH) ? null : env.FFMPEG_PATH!.trim(),
    logLevel,
    trustProxy,
    secureCookies,
    encodeConcurrency,
    encodesPerAccount,
    uploadsPerHour,
    processJobs,
    queuePrefix,
    uploadIdleTimeoutMs: uploadIdleTimeoutSecs * 1000,
    uploadResumeHours,
    storageQuotaBytes: storageQuotaMb * 1024 * 1024,
    webhookAllowPrivateTargets,
    webhookTimeoutMs: webhookTimeoutSecs * 1000,
    notifyWindowMs: notifyWindowSecs * 1000,
    notifyCap,
    notifyCapWindowMs: notifyCapWindowSecs * 1000,
    ingestAsyncCommit,
    companySeats,
  };
}

// The entry points' (server and worker) reading: a bad setting is printed, and the process ends
// with EX_CONFIG (78) instead of a stack trace.
export function loadConfigOrExit(env: Record<string, string | undefined>): AppConfig {
  try {
    return loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(78); // EX_CONFIG
    }
    throw e;
  }
}

// Injection token for the config object.
export const APP_CONFIG = Symbol('APP_CONFIG');
