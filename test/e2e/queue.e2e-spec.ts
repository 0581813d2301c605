import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import { startTestApp, type TestApp } from '../support/app.js';
import { deferred, waitFor } from '../support/wait.js';
import { JOB_QUEUE, PermanentJobError, UnknownJobError, type JobQueue, type JobStatus } from '../../src/queue/job-queue.js';
import { InProcessQueue, type SqlRunner } from '../../src/queue/in-process-queue.js';

const REDIS_URL = process.env.REDIS_URL;

// The same behaviour is required of both queues: the in-process one always, BullMQ on the Redis
// at REDIS_URL (CI sets it).
const variants: [string, Record<string, string>][] = [['in-process', {}]];
if (REDIS_URL) variants.push(['bullmq', { REDIS_URL }]);
else describe.skip('job queue (bullmq): skipped because REDIS_URL is not set', () => it('runs against Redis', () => undefined));

let names = 0;
const uniqueName = () => `test-job-${++names}`;

describe.each(variants)('job queue (%s)', (kind, env) => {
  let t: TestApp;
  let queue: JobQueue;
  const statusOf = async (id: string) => (await queue.findStatus(id)) as JobStatus;
  const settled = (id: string) =>
    waitFor(async () => {
      const s = await queue.findStatus(id);
      return s && (s.state === 'completed' || s.state === 'failed') ? s : null;
    }, `job ${id} to finish`);

  beforeAll(async () => {
    t = await startTestApp(env);
    queue = t.app.get(JOB_QUEUE);
  });
  afterAll(async () => {
    await t.close();
  });

  it('is the implementation the configuration asks for', () => {
    expect(queue.kind).toBe(kind);
  });

  it('runs a job and reports its result', async () => {
    const name = uniqueName();
    queue.register(name, async (job: { data: { a: number; b: number } }) => ({ sum: job.data.a + job.data.b }));
    const queued = await queue.enqueue(name, { a: 2, b: 3 });
    expect(queued).toMatchObject({ name, state: expect.stringMatching(/queued|active|completed/) });
    expect(await settled(queued.id)).toEqual({ id: queued.id, name, state: 'completed', progress: 100, attemptsMade: 1, result: { sum: 5 } });
  });

  it('never runs more jobs of a name at once than its concurrency', async () => {
    const name = uniqueName();
    const gates = new Map<string, () => void>();
    let running = 0;
    let maxRunning = 0;
    queue.register(
      name,
      async (job) => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        const gate = deferred();
        gates.set(job.id, gate.resolve);
        await gate.promise;
        running--;
        return job.id;
      },
      { concurrency: 2 },
    );
    const ids = Array.from({ length: 5 }, (_, i) => `conc-${i}-${crypto.randomUUID()}`);
    for (const id of ids) await queue.enqueue(name, {}, { jobId: id });

    await waitFor(() => gates.size === 2, 'two jobs to start');
    // Give an unbounded runner every chance to start a third before looking.
    await new Promise((r) => setTimeout(r, 300));
    const states = await Promise.all(ids.map(async (id) => (await statusOf(id)).state));
    expect(states.filter((s) => s === 'active')).toHaveLength(2);
    expect(states.filter((s) => s === 'queued')).toHaveLength(3);

    const released = new Set<string>();
    while (released.size < ids.length) {
      const open = await waitFor(() => [...gates.keys()].find((id) => !released.has(id)), 'the next job to start');
      released.add(open);
      gates.get(open)!();
    }
    for (const id of ids) expect(await settled(id)).toMatchObject({ state: 'completed', result: id });
    expect(maxRunning).toBe(2);
  });

  it('serves accounts fairly: one account\'s single job runs before the other\'s backlog', async () => {
    const name = uniqueName();
    const started: string[] = [];
    const firstGate = deferred();
    queue.register(
      name,
      async (job: { id: string }) => {
        started.push(job.id);
        // The first job holds the only slot while everything else is queued.
        if (started.length === 1) await firstGate.promise;
        return null;
      },
      { concurrency: 1 },
    );
    const run = crypto.randomUUID();
    const ann = Array.from({ length: 10 }, (_, i) => `ann-${i}-${run}`);
    await queue.enqueue(name, {}, { jobId: ann[0], fairShare: { group: 'ann', ahead: 0 } });
    await waitFor(() => started.length === 1, 'the first job to start');
    for (let i = 1; i < ann.length; i++) await queue.enqueue(name, {}, { jobId: ann[i], fairShare: { group: 'ann', ahead: i } });
    const bob = `bob-0-${run}`;
    await queue.enqueue(name, {}, { jobId: bob, fairShare: { group: 'bob', ahead: 0 } });

    firstGate.resolve();
    await waitFor(() => started.length === 11, 'every job to start');
    // Bob's job is next after the one that was running; Ann's run in the order she queued them.
    expect(started).toEqual([ann[0], bob, ...ann.slice(1)]);
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    const name = uniqueName();
    const attemptsSeen: number[] = [];
    queue.register(
      name,
      async (job) => {
        attemptsSeen.push(job.attempt);
        if (job.attempt < 3) throw new Error(`flaky failure ${job.attempt}`);
        return { succeededOn: job.attempt };
      },
      { attempts: 3, backoff: { type: 'fixed', delayMs: 30 } },
    );
    const { id } = await queue.enqueue(name, {});
    expect(await settled(id)).toMatchObject({ state: 'completed', attemptsMade: 3, result: { succeededOn: 3 } });
    expect(attemptsSeen).toEqual([1, 2, 3]);
  });

  it('reports a job that fails every attempt as failed, with its error message', async () => {
    const name = uniqueName();
    let calls = 0;
    queue.register(
      name,
      async () => {
        calls++;
        throw new Error('The video could not be decoded');
      },
      { attempts: 2, backoff: { type: 'exponential', delayMs: 20 } },
    );
    const { id } = await queue.enqueue(name, { fileId: 'abc' });
    const status = await settled(id);
    expect(status).toEqual({ id, name, state: 'failed', progress: expect.any(Number), attemptsMade: 2, error: 'The video could not be decoded' });
    expect(calls).toBe(2);
  });

  it('does not retry a permanent failure', async () => {
    const name = uniqueName();
    let calls = 0;
    queue.register(
      name,
      async () => {
        calls++;
        throw new PermanentJobError('This file is not a video');
      },
      { attempts: 5, backoff: { type: 'fixed', delayMs: 10 } },
    );
    const { id } = await queue.enqueue(name, {});
    expect(await settled(id)).toMatchObject({ state: 'failed', error: 'This file is not a video' });
    expect(calls).toBe(1);
  });

  it('shows progress through findStatus while the job runs', async () => {
    const name = uniqueName();
    const gate = deferred();
    queue.register(name, async (job) => {
      await job.progress(12);
      await job.progress(37.8);
      await gate.promise;
      return 'done';
    });
    const { id } = await queue.enqueue(name, {});
    const running = await waitFor(async () => {
      const s = await statusOf(id);
      return s?.progress === 37 ? s : null;
    }, 'progress 37');
    expect(running.state).toBe('active');
    gate.resolve();
    expect(await settled(id)).toMatchObject({ state: 'completed', progress: 100, result: 'done' });
  });

  it('adds a job id once: enqueueing it again returns the same job', async () => {
    const name = uniqueName();
    let calls = 0;
    queue.register(name, async (job: { data: { n: number } }) => {
      calls++;
      return job.data.n;
    });
    const id = `once-${crypto.randomUUID()}`;
    await queue.enqueue(name, { n: 1 }, { jobId: id });
    await settled(id);
    const again = await queue.enqueue(name, { n: 2 }, { jobId: id });
    expect(again).toMatchObject({ id, state: 'completed', result: 1 });
    expect(calls).toBe(1);

    const other = uniqueName();
    queue.register(other, async () => null);
    await expect(queue.enqueue(other, {}, { jobId: id })).rejects.toThrow(/already used/);
  });

  it('refuses unknown job names and malformed ids, and knows no status for unknown ids', async () => {
    await expect(queue.enqueue('no-such-job', {})).rejects.toBeInstanceOf(UnknownJobError);
    const name = uniqueName();
    queue.register(name, async () => null);
    await expect(queue.enqueue(name, {}, { jobId: 'bad:id' })).rejects.toThrow(/Invalid job id/);
    await expect(queue.enqueue(name, {}, { jobId: '12345' })).rejects.toThrow(/Invalid job id/);
    expect(await queue.findStatus(crypto.randomUUID())).toBeNull();
    expect(await queue.findStatus('../../etc')).toBeNull();
    expect(() => queue.register(name, async () => null)).toThrow(/already registered/);
  });

  it('removes the scratch folder of every attempt, after success and after failure', async () => {
    const name = uniqueName();
    const folders: string[] = [];
    queue.register(
      name,
      async (job) => {
        const dir = await job.tempDir();
        fs.writeFileSync(path.join(dir, 'partial.mp4'), 'half an encode');
        folders.push(dir);
        if (job.attempt === 1) throw new Error('ffmpeg crashed');
        return 'ok';
      },
      { attempts: 2, backoff: { type: 'fixed', delayMs: 10 } },
    );
    const { id } = await queue.enqueue(name, {});
    expect(await settled(id)).toMatchObject({ state: 'completed' });
    expect(folders).toHaveLength(2);
    expect(folders[0]).not.toBe(folders[1]);
    expect(folders[0].startsWith(path.join(t.config.dataDir, 'tmp', 'jobs'))).toBe(true);
    for (const dir of folders) expect(fs.existsSync(dir)).toBe(false);
  });

  if (kind === 'in-process') {
    it('runs again a job whose worker died mid-run (its lease expired)', async () => {
      const name = uniqueName();
      queue.register(name, async (job) => ({ finishedOnAttempt: job.attempt }), { attempts: 3 });
      const id = `orphan-${crypto.randomUUID()}`;
      // What a process killed mid-job leaves behind: an active row whose lease ran out.
      await t.app
        .get(MikroORM)
        .em.fork()
        .getConnection()
        .execute(
          `insert into job (id, name, data, state, progress, attempts_made, max_attempts, locked_by, locked_until)
           values (?, ?, '{}'::jsonb, 'active', 40, 1, 3, 'dead-process', now() - interval '1 second')`,
          [id, name],
        );
      // (No look at the status in between: the poller may already have taken the job over.)
      expect(await settled(id)).toMatchObject({ state: 'completed', progress: 100, attemptsMade: 2, result: { finishedOnAttempt: 2 } });
    });

    it('fails a job that was interrupted on its last attempt instead of looping', async () => {
      const name = uniqueName();
      let calls = 0;
      queue.register(name, async () => calls++, { attempts: 2 });
      const id = `doomed-${crypto.randomUUID()}`;
      await t.app
        .get(MikroORM)
        .em.fork()
        .getConnection()
        .execute(
          `insert into job (id, name, data, state, attempts_made, max_attempts, locked_by, locked_until)
           values (?, ?, '{}'::jsonb, 'active', 2, 2, 'dead-process', now() - interval '1 second')`,
          [id, name],
        );
      expect(await settled(id)).toMatchObject({ state: 'failed', error: expect.stringMatching(/interrupted too many times/) });
      expect(calls).toBe(0);
    });

    describe('with other instances on the same database', () => {
      const sql: SqlRunner = (text, params) => t.app.get(MikroORM).em.fork().getConnection().execute(text, params as never[], 'all');
      const instance = (opts: { shutdownGraceMs?: number } = {}) =>
        new InProcessQueue({ sql, tempRoot: path.join(t.config.dataDir, 'tmp', 'jobs'), pollIntervalMs: 50, ...opts });

      it('runs each job exactly once when several instances claim from the table', async () => {
        const name = uniqueName();
        const runs = new Map<string, number>();
        const handler = async (job: { id: string }) => {
          runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
          await new Promise((r) => setTimeout(r, 10));
          return job.id;
        };
        const [one, two] = [instance(), instance()];
        one.register(name, handler, { concurrency: 2 });
        two.register(name, handler, { concurrency: 2 });
        const ids = Array.from({ length: 8 }, (_, i) => `shared-${i}-${crypto.randomUUID()}`);
        // Rows first, then both instances start and race for them.
        for (const id of ids) await sql(`insert into job (id, name, data, max_attempts) values (?, ?, '{}'::jsonb, 3)`, [id, name]);
        await Promise.all([one.start(), two.start()]);
        try {
          for (const id of ids) expect(await settled(id)).toMatchObject({ state: 'completed', attemptsMade: 1, result: id });
          expect(ids.map((id) => runs.get(id))).toEqual(ids.map(() => 1));
        } finally {
          await Promise.all([one.stop(), two.stop()]);
        }
      });

      it('hands jobs still running at shutdown back, uncounted, to be run by another instance', async () => {
        const name = uniqueName();
        const leaving = instance({ shutdownGraceMs: 50 });
        leaving.register(
          name,
          (job: { data: { polite: boolean }; signal: AbortSignal }) =>
            new Promise((_, reject) => {
              // One handler stops when asked; the other ignores the signal and outlives the grace period.
              if (job.data.polite) job.signal.addEventListener('abort', () => reject(job.signal.reason));
            }),
          { concurrency: 2 },
        );
        await leaving.start();
        const polite = await leaving.enqueue(name, { polite: true });
        const stubborn = await leaving.enqueue(name, { polite: false });
        await waitFor(async () => (await statusOf(polite.id)).state === 'active' && (await statusOf(stubborn.id)).state === 'active', 'both jobs to run');
        await leaving.stop();
        expect(await statusOf(polite.id)).toMatchObject({ state: 'queued', attemptsMade: 0 });
        expect(await statusOf(stubborn.id)).toMatchObject({ state: 'queued', attemptsMade: 0 });

        const next = instance();
        next.register(name, async (job) => ({ attempt: job.attempt }));
        await next.start();
        try {
          expect(await settled(polite.id)).toMatchObject({ state: 'completed', attemptsMade: 1, result: { attempt: 1 } });
          expect(await settled(stubborn.id)).toMatchObject({ state: 'completed', attemptsMade: 1, result: { attempt: 1 } });
        } finally {
          await next.stop();
        }
      });
    });
  }

  it('reports the queue in /api/health when it runs on Redis', async () => {
    const res = await t.http.get('/api/health').expect(200);
    if (kind === 'bullmq') expect(res.body.body.components.redis).toMatchObject({ status: 'up', detail: expect.stringMatching(/^redis/) });
    else expect(res.body.body.components.redis).toBeUndefined();
  });
});
