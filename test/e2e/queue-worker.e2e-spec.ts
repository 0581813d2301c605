import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { spawn, type ChildProcess } from 'node:child_process';
import { BullMqQueue } from '../../src/queue/bullmq-queue.js';
import { projectRoot } from '../../src/common/paths.js';
import { freshDatabaseUrl } from '../support/app.js';
import { deleteRedisPrefix, uniqueQueuePrefix } from '../support/redis.js';
import { waitFor } from '../support/wait.js';

const REDIS_URL = process.env.REDIS_URL;
const DATABASE_URL = process.env.DATABASE_URL;
const JOB = 'slow-encode'; // registered by test/support/queue-worker-child.ts

interface Child {
  proc: ChildProcess;
  messages: Record<string, unknown>[];
  output: () => string;
  exited: Promise<number | null>;
}

// A TypeScript entry point in a separate Node process (see test/support/ts-hooks.mjs).
function spawnTs(entry: string, env: Record<string, string | undefined>): Child {
  const proc = spawn(process.execPath, ['--import', './test/support/ts-hooks.mjs', entry], {
    cwd: projectRoot,
    env: env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const messages: Record<string, unknown>[] = [];
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  proc.on('message', (m) => messages.push(m as Record<string, unknown>));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { proc, messages, output: () => out, exited };
}

function message(child: Child, event: string, timeoutMs = 30_000) {
  return waitFor(() => child.messages.find((m) => m.event === event), `"${event}" from pid ${child.proc.pid}; output: ${child.output()}`, timeoutMs);
}

// The worker entry refuses to start on embedded defaults: a clear message, nothing started.
describe('npm run worker', () => {
  const baseEnv = { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: path.join(os.tmpdir(), 'eyemail-worker-never-used') };

  it('refuses to start without REDIS_URL, saying why', async () => {
    const worker = spawnTs('src/worker.ts', baseEnv);
    expect(await worker.exited).toBe(78);
    expect(worker.output()).toMatch(/The worker needs REDIS_URL \(the shared job queue\) and DATABASE_URL/);
    expect(fs.existsSync(baseEnv.DATA_DIR)).toBe(false);
  });

  it('refuses to start on the embedded database, which belongs to one process', async () => {
    const worker = spawnTs('src/worker.ts', { ...baseEnv, REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(await worker.exited).toBe(78);
    expect(worker.output()).toMatch(/The worker needs DATABASE_URL/);
    expect(worker.output()).not.toMatch(/REDIS_URL \(the shared/);
  });

  (REDIS_URL && DATABASE_URL ? it : it.skip)('boots on Redis and PostgreSQL, migrates, and stops cleanly on SIGTERM (needs REDIS_URL and DATABASE_URL)', async () => {
    const db = await freshDatabaseUrl();
    const prefix = uniqueQueuePrefix();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-worker-'));
    const worker = spawnTs('src/worker.ts', { ...baseEnv, DATA_DIR: dataDir, REDIS_URL, DATABASE_URL: db.url, QUEUE_PREFIX: prefix, LOG_LEVEL: 'info' });
    try {
      await waitFor(() => worker.output().includes('EyeMail worker ready'), `the worker to start; output: ${worker.output()}`, 60_000);
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const { rows } = await client.query(`select count(*)::int as n from information_schema.tables where table_name = 'job'`);
      await client.end();
      expect(rows[0].n).toBe(1);
      expect(worker.output()).not.toMatch(/listening|Nest application successfully started on/i);
      worker.proc.kill('SIGTERM');
      expect(await worker.exited).toBe(0);
    } finally {
      worker.proc.kill('SIGKILL');
      await db.drop();
      await deleteRedisPrefix(REDIS_URL!, prefix);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

(REDIS_URL ? describe : describe.skip)('BullMQ workers in separate processes (needs REDIS_URL)', () => {
  const prefix = uniqueQueuePrefix();
  const tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-jobs-'));
  const children: Child[] = [];
  let producer: BullMqQueue;
  const spawnWorker = (mode: 'hang' | 'finish') => {
    const child = spawnTs('test/support/queue-worker-child.ts', { ...process.env, REDIS_URL, QUEUE_PREFIX: prefix, TEMP_ROOT: tempRoot, MODE: mode });
    children.push(child);
    return child;
  };

  beforeAll(async () => {
    // Like a web instance with PROCESS_JOBS=false: enqueues and reads status, runs nothing.
    producer = new BullMqQueue({ redisUrl: REDIS_URL!, prefix, tempRoot: path.join(tempRoot, 'producer'), processJobs: false });
    producer.register(JOB, async () => {
      throw new Error('the producer never runs jobs');
    });
    await producer.start();
  });
  afterAll(async () => {
    for (const c of children) c.proc.kill('SIGKILL');
    await producer.stop();
    await deleteRedisPrefix(REDIS_URL!, prefix);
    fs.rmSync(tempRoot, { recursive: true, force: true });
  });

  it('retries and finishes, in another worker, a job whose worker was killed mid-job', async () => {
    const first = spawnWorker('hang');
    await message(first, 'ready');
    const id = `kill-${crypto.randomUUID()}`;
    await producer.enqueue(JOB, { fileId: 'f-1' }, { jobId: id });

    const started = await message(first, 'started');
    expect(started).toMatchObject({ jobId: id, attempt: 1, pid: first.proc.pid });
    expect(fs.existsSync(started.tempDir as string)).toBe(true);
    await waitFor(async () => (await producer.findStatus(id))?.progress === 30, 'progress 30 from the first worker');
    expect(await producer.findStatus(id)).toMatchObject({ state: 'active', progress: 30 });

    first.proc.kill('SIGKILL');
    await first.exited;

    const second = spawnWorker('finish');
    const restarted = await message(second, 'started');
    expect(restarted).toMatchObject({ jobId: id, attempt: 2, pid: second.proc.pid });

    const done = await waitFor(async () => {
      const s = await producer.findStatus(id);
      return s?.state === 'completed' ? s : null;
    }, 'the job to complete');
    expect(done).toEqual({
      id,
      name: JOB,
      state: 'completed',
      progress: 100,
      attemptsMade: 2,
      result: { finishedBy: second.proc.pid, attempt: 2, input: { fileId: 'f-1' } },
    });
    // The killed worker's scratch folder was swept when the next worker started; the second
    // worker removed its own when the attempt ended.
    expect(fs.existsSync(started.tempDir as string)).toBe(false);
    expect(fs.existsSync(restarted.tempDir as string)).toBe(false);

    second.proc.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('hands jobs running at shutdown back to the queue for the next worker', async () => {
    const name = 'shutdown-handback';
    const options = { redisUrl: REDIS_URL!, prefix, tempRoot, processJobs: true, lockDurationMs: 1000, stalledIntervalMs: 500 };
    const leaving = new BullMqQueue({ ...options, shutdownGraceMs: 100 });
    let started = 0;
    leaving.register(
      name,
      (job: { data: { polite: boolean }; signal: AbortSignal }) =>
        new Promise((_, reject) => {
          started++;
          // One handler stops when asked; the other ignores the signal and outlives the grace period.
          if (job.data.polite) job.signal.addEventListener('abort', () => reject(job.signal.reason));
        }),
      { concurrency: 2, attempts: 1 },
    );
    await leaving.start();
    const polite = await leaving.enqueue(name, { polite: true });
    const stubborn = await leaving.enqueue(name, { polite: false });
    await waitFor(() => started === 2, 'both jobs to start');
    await leaving.stop();

    const next = new BullMqQueue(options);
    next.register(name, async (job) => ({ attempt: job.attempt }), { concurrency: 2, attempts: 1 });
    // The polite job is back in the queue at once; the other waits for its lock to expire.
    expect(await next.findStatus(polite.id)).toMatchObject({ state: 'queued' });
    await next.start();
    try {
      for (const id of [polite.id, stubborn.id]) {
        const done = await waitFor(async () => {
          const s = await next.findStatus(id);
          return s?.state === 'completed' || s?.state === 'failed' ? s : null;
        }, `job ${id} to finish`);
        // attempts: 1, so a shutdown that counted as a failure would have failed the job.
        expect(done).toMatchObject({ state: 'completed', result: { attempt: expect.any(Number) } });
      }
    } finally {
      await next.stop();
    }
  });

  it('does not take back the job it hands back at shutdown while it has free slots (the next worker runs it at once)', async () => {
    const name = 'shutdown-free-slots';
    // The default lock (30 s): a job left active by the stopping worker would not be queued below.
    const options = { redisUrl: REDIS_URL!, prefix, tempRoot, processJobs: true };
    const leaving = new BullMqQueue({ ...options, shutdownGraceMs: 5_000 });
    let started = 0;
    leaving.register(
      name,
      (job: { signal: AbortSignal }) =>
        new Promise((_, reject) => {
          started++;
          if (job.signal.aborted) reject(job.signal.reason);
          job.signal.addEventListener('abort', () => reject(job.signal.reason));
        }),
      // One job and four slots: the worker is waiting in Redis for more when it is stopped.
      { concurrency: 4, attempts: 1 },
    );
    await leaving.start();
    const job = await leaving.enqueue(name, {});
    await waitFor(() => started === 1, 'the job to start');
    await leaving.stop();

    expect(started).toBe(1);
    const next = new BullMqQueue(options);
    next.register(name, async (j) => ({ attempt: j.attempt }), { concurrency: 4, attempts: 1 });
    expect(await next.findStatus(job.id)).toMatchObject({ state: 'queued' });
    await next.start();
    try {
      const done = await waitFor(async () => {
        const s = await next.findStatus(job.id);
        return s?.state === 'completed' || s?.state === 'failed' ? s : null;
      }, 'the job to finish on the next worker');
      expect(done).toMatchObject({ state: 'completed' });
    } finally {
      await next.stop();
    }
  });
});
