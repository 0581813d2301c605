import { randomUUID } from 'node:crypto';
import { Queue, UnrecoverableError, WaitingError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import {
  isCancellation,
  JOB_CANCELLED,
  PermanentJobError,
  SILENT_QUEUE_LOGGER,
  type EnqueueOptions,
  type JobContext,
  type JobHandler,
  type JobQueue,
  type JobStatus,
  type QueueLogger,
  type RegisterOptions,
} from './job-queue.js';
import { newJobTarget, newRegistration, type Registered } from './job-registrations.js';
import { JobTempDirs } from './job-temp-dirs.js';
import { settledWithin } from './settled-within.js';
import {
  clampProgress,
  describeError,
  fairPriority,
  fromBullState,
  INTERRUPTED_TOO_OFTEN,
  isValidJobId,
  KEEP_COMPLETED_MS,
  KEEP_FAILED_MS,
  retryDelayMs,
} from './queue-rules.js';

export interface BullMqQueueOptions {
  redisUrl: string;
  // Namespace of every key in Redis (QUEUE_PREFIX).
  prefix: string;
  tempRoot: string;
  // false: only enqueue and read status (PROCESS_JOBS=false); workers run elsewhere.
  processJobs: boolean;
  // A running job's lock, renewed at half of it. A worker that dies stops renewing; once the
  // lock has expired, the next stalled-job check (every stalledIntervalMs, by any worker) puts
  // the job back in the queue to be run again.
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  // How many times one job may be recovered that way before it fails.
  maxStalledCount?: number;
  shutdownGraceMs?: number;
  logger?: QueueLogger;
}

interface Registration extends Registered {
  queue: Queue;
  worker: Worker | null;
}

const BACKOFF_TYPE = 'eyemail';
// BullMQ's reason for a job whose workers kept dying, worded like the in-process queue's.
const STALLED_TOO_OFTEN = /stalled more than allowable limit/i;
// How long a stop waits for the jobs it hands back to reach the queue.
const HAND_BACK_WAIT_MS = 5_000;

// The job queue on Redis (REDIS_URL): one BullMQ queue per job name, workers in this process
// (unless PROCESS_JOBS=false) and in any number of `npm run worker` processes.
export class BullMqQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  private readonly regs = new Map<string, Registration>();
  private readonly connection: Redis;
  private readonly temp: JobTempDirs;
  private readonly logger: QueueLogger;
  private readonly shutdown = new AbortController();
  // Handlers running in this process, so shutdown knows what it is waiting for.
  private readonly running = new Set<Promise<unknown>>();
  // Jobs fetched after the stop began, being handed back unrun (see handBack).
  private readonly handingBack = new Set<Promise<unknown>>();
  private started = false;
  private stopping = false;

  constructor(private readonly opts: BullMqQueueOptions) {
    this.logger = opts.logger ?? SILENT_QUEUE_LOGGER;
    this.temp = new JobTempDirs(opts.tempRoot);
    // BullMQ's blocking commands need maxRetriesPerRequest: null (retry until Redis is back).
    this.connection = new Redis(opts.redisUrl, { maxRetriesPerRequest: null, connectionName: `${opts.prefix}-queue` });
    let lastError = '';
    this.connection.on('error', (e: Error) => {
      // ioredis reports every reconnect attempt; one line per distinct problem is enough.
      if (e.message !== lastError) this.logger.warn(`Redis: ${e.message}`);
      lastError = e.message;
    });
    this.connection.on('ready', () => (lastError = ''));
  }

  register<TData, TResult>(name: string, handler: JobHandler<TData, TResult>, opts?: RegisterOptions): void {
    const reg: Registration = {
      ...newRegistration(this.regs, name, handler, opts),
      queue: new Queue(name, { connection: this.connection, prefix: this.opts.prefix }),
      worker: null,
    };
    reg.queue.on('error', (e: Error) => this.logger.warn(`Queue ${name}: ${e.message}`));
    this.regs.set(name, reg);
    if (this.started && this.opts.processJobs) this.startWorker(reg);
  }

  async enqueue<TData>(name: string, data: TData, opts: EnqueueOptions = {}): Promise<JobStatus> {
    const { reg, id } = newJobTarget(this.regs, name, opts);
    for (const other of this.regs.values()) {
      if (other !== reg && (await other.queue.getJob(id))) throw new Error(`Job id "${id}" is already used by a "${other.name}" job`);
    }
    // An existing id is not added again: BullMQ returns the job already there.
    // Fair share: open-source BullMQ has no groups (that is BullMQ Pro), so a job runs at the
    // priority of its place in its account's queue (see fairPriority): an account's first job
    // overtakes another's 40th. The place is counted by the caller in the shared database when
    // the job is added, so it holds however many app instances and workers there are, with no
    // dispatcher of our own that could stop and strand jobs; equal priorities run in the order
    // they were added.
    await reg.queue.add(name, data ?? null, {
      jobId: id,
      ...(opts.fairShare ? { priority: fairPriority(opts.fairShare.ahead) } : {}),
      attempts: reg.opts.attempts,
      backoff: { type: BACKOFF_TYPE },
      removeOnComplete: { age: Math.round(KEEP_COMPLETED_MS / 1000) },
      removeOnFail: { age: Math.round(KEEP_FAILED_MS / 1000) },
    });
    const status = await this.statusIn(reg, id);
    if (!status) throw new Error(`Job ${id} vanished right after it was added`);
    return status;
  }

  async findStatus(jobId: string): Promise<JobStatus | null> {
    if (!isValidJobId(jobId)) return null;
    const found = await Promise.all([...this.regs.values()].map((reg) => this.statusIn(reg, jobId)));
    return found.find((s) => s !== null) ?? null;
  }

  async cancel(jobId: string): Promise<void> {
    if (!isValidJobId(jobId)) return;
    for (const reg of this.regs.values()) {
      reg.worker?.cancelJob(jobId, JOB_CANCELLED);
      // A running job is locked: it stays until its handler returns (then it is removed as any
      // completed job is).
      await reg.queue.remove(jobId).catch(() => undefined);
    }
  }

  private async statusIn(reg: Registration, jobId: string): Promise<JobStatus | null> {
    // State first, then the job: the job read is then at least as recent as the state, so a
    // "completed" state always comes with its result.
    const state = fromBullState(await reg.queue.getJobState(jobId));
    if (!state) return null;
    const job = (await reg.queue.getJob(jobId)) as Job | undefined;
    if (!job) return null;
    const progress = state === 'completed' ? 100 : typeof job.progress === 'number' ? clampProgress(job.progress) : 0;
    return {
      id: jobId,
      name: reg.name,
      state,
      progress,
      attemptsMade: job.attemptsStarted ?? job.attemptsMade,
      ...(state === 'completed' ? { result: job.returnvalue ?? undefined } : {}),
      ...(state === 'failed' ? { error: STALLED_TOO_OFTEN.test(job.failedReason) ? INTERRUPTED_TOO_OFTEN : job.failedReason || 'The job failed.' } : {}),
    };
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    if (!this.opts.processJobs) return;
    const swept = await this.temp.sweepStale();
    if (swept.length) this.logger.log(`Removed ${swept.length} scratch folder(s) left by stopped processes`);
    for (const reg of this.regs.values()) this.startWorker(reg);
  }

  private startWorker(reg: Registration): void {
    const worker = new Worker(reg.name, (job: Job, token?: string, signal?: AbortSignal) => this.process(reg, job, token, signal), {
      connection: this.connection,
      prefix: this.opts.prefix,
      concurrency: reg.opts.concurrency,
      lockDuration: this.opts.lockDurationMs ?? 30_000,
      stalledInterval: this.opts.stalledIntervalMs ?? 30_000,
      maxStalledCount: this.opts.maxStalledCount ?? 2,
      settings: {
        backoffStrategy: (attemptsMade: number) => retryDelayMs(attemptsMade, reg.opts.backoff),
      },
    });
    worker.on('error', (e: Error) => this.logger.warn(`Worker ${reg.name}: ${e.message}`));
    worker.on('failed', (job: Job | undefined, e: Error) => {
      const final = !job || e instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
      if (final) this.logger.log(`Job ${reg.name} ${job?.id ?? ''} failed: ${e.message}`);
    });
    reg.worker = worker;
  }

  private process(reg: Registration, job: Job, token: string | undefined, signal: AbortSignal | undefined): Promise<unknown> {
    if (this.stopping) return this.handBack(job, token);
    const run = this.run(reg, job, token, signal);
    this.running.add(run);
    const untrack = () => this.running.delete(run);
    run.then(untrack, untrack);
    return run;
  }

  private async run(reg: Registration, job: Job, token: string | undefined, signal: AbortSignal | undefined): Promise<unknown> {
    const attempt = job.attemptsStarted || job.attemptsMade + 1;
    const temp = this.temp.forAttempt(job.id ?? randomUUID(), attempt);
    // Progress is that of the current attempt, as with the in-process queue.
    if (typeof job.progress !== 'number' || job.progress !== 0) await job.updateProgress(0).catch(() => undefined);
    let lastProgress = 0;
    const ctx: JobContext<unknown> = {
      id: job.id!,
      name: reg.name,
      data: job.data,
      attempt,
      maxAttempts: job.opts.attempts ?? reg.opts.attempts,
      signal: signal ? AbortSignal.any([signal, this.shutdown.signal]) : this.shutdown.signal,
      tempDir: () => temp.path(),
      progress: async (percent) => {
        const p = clampProgress(percent);
        if (p === lastProgress) return;
        lastProgress = p;
        await job.updateProgress(p).catch((e: Error) => this.logger.warn(`Could not record progress of job ${job.id}: ${e.message}`));
      },
    };
    try {
      return (await reg.handler(ctx)) ?? null;
    } catch (e) {
      // Cancelled (cancel()): done with, not to be tried again.
      if (ctx.signal.aborted && isCancellation(ctx.signal.reason)) return null;
      if (this.stopping && token) {
        // Interrupted by our shutdown: back to the queue, not counted as a failed attempt.
        await job.moveToWait(token);
        throw new WaitingError();
      }
      if (e instanceof PermanentJobError) throw new UnrecoverableError(e.message);
      throw e instanceof Error ? e : new Error(describeError(e));
    } finally {
      await temp.cleanup().catch((e: Error) => this.logger.warn(`Could not remove the scratch folder of job ${job.id}: ${e.message}`));
    }
  }

  // A job this worker fetched after its stop began goes back to the queue at once, its handler not
  // run. Pausing a worker does not cancel a fetch already waiting in Redis: the job an interrupted
  // handler has just handed back (or one another instance adds) wakes that fetch, and the stopping
  // worker takes it. Run with a stopped signal, its handler then raced the closing connection, and
  // a job that lost was left active until its lock ran out (30-60 s later for the next instance,
  // where it is otherwise taken at once).
  private handBack(job: Job, token: string | undefined): Promise<unknown> {
    const back = (async () => {
      if (token) await job.moveToWait(token);
      throw new WaitingError();
    })();
    this.handingBack.add(back);
    const untrack = () => this.handingBack.delete(back);
    back.then(untrack, untrack);
    return back;
  }

  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    const workers = [...this.regs.values()].flatMap((r) => (r.worker ? [r.worker] : []));
    // Take no new jobs, ask running handlers to stop, give them the grace period.
    await Promise.all(workers.map((w) => w.pause(true)));
    this.shutdown.abort(new Error('The server is shutting down'));
    await settledWithin(this.running, this.opts.shutdownGraceMs ?? 10_000);
    // Only handlers that were running when the stop began are in `running` (later fetches are
    // handed back). Those still running stay "active" in Redis; their lock expires and another
    // worker runs them.
    await Promise.all(workers.map((w) => w.close(this.running.size > 0)));
    // Hand-backs still under way use the connection that is closed just below: they end first
    // (one Redis call each; bounded, for a Redis that no longer answers: such a job comes back
    // when its lock runs out).
    await settledWithin([...this.handingBack], HAND_BACK_WAIT_MS);
    await Promise.all([...this.regs.values()].map((r) => r.queue.close()));
    await this.temp.removeOwnIfEmpty();
    await this.connection.quit().catch(() => this.connection.disconnect());
  }

  async healthCheck(): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const pong = await Promise.race([
        this.connection.ping(),
        new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no answer from Redis within 3 s')), 3000))),
      ]);
      if (pong !== 'PONG') throw new Error(`unexpected answer from Redis: ${pong}`);
      return `redis, ${this.regs.size} queue(s)${this.opts.processJobs ? '' : ', no workers in this process'}`;
    } finally {
      clearTimeout(timer);
    }
  }
}
