import { randomUUID } from 'node:crypto';
import { JOB_CANCELLED, SILENT_QUEUE_LOGGER, type EnqueueOptions, type JobContext, type JobHandler, type JobQueue, type JobStatus, type QueueLogger, type RegisterOptions } from './job-queue.js';
import { newJobTarget, newRegistration, type Registered } from './job-registrations.js';
import { JobTempDirs } from './job-temp-dirs.js';
import { settledWithin } from './settled-within.js';
import { JobRepository, type SqlRunner } from './job.repository.js';
import type { ClaimedJob } from './job-rows.js';
import { afterAttempt, type AttemptOutcome } from './job-outcome.js';
import { clampProgress, describeError, INTERRUPTED_TOO_OFTEN, isValidJobId, pickFairly, startIsAllowed } from './queue-rules.js';

export type { SqlRunner };

export interface InProcessQueueOptions {
  sql: SqlRunner;
  // Scratch folders for job attempts (DATA_DIR/tmp/jobs).
  tempRoot: string;
  // How often the table is checked for jobs added by other instances or whose lease expired.
  pollIntervalMs?: number;
  // A running job's lease; renewed every third of it. A job whose lease ran out is run again.
  lockDurationMs?: number;
  // On shutdown, how long running jobs may take to finish before they are handed back.
  shutdownGraceMs?: number;
  logger?: QueueLogger;
}

interface Registration extends Registered {
  active: Map<string, Attempt>;
  pumping: Promise<void> | null;
  again: boolean;
}

interface Attempt {
  id: string;
  lease: string;
  controller: AbortController;
  // Set once the job was handed back (shutdown) or taken over (lease lost): its outcome is dropped.
  released: boolean;
  releaseTemp: () => Promise<void>;
  done?: Promise<void>;
}

const PURGE_EVERY_MS = 6 * 60 * 60 * 1000;

// The embedded job queue: jobs are rows of the `job` table, run by this process with a bounded
// number at once per job name. Claims use FOR UPDATE SKIP LOCKED and leases, so several
// instances sharing one PostgreSQL never run a job twice at the same time, and a job whose
// process died is run again once its lease expires. The statements live in job.repository.ts,
// the decisions in queue-rules.ts and job-outcome.ts; this class schedules.
export class InProcessQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  private readonly regs = new Map<string, Registration>();
  private readonly jobs: JobRepository;
  private readonly temp: JobTempDirs;
  private readonly pollIntervalMs: number;
  private readonly lockDurationMs: number;
  private readonly shutdownGraceMs: number;
  private readonly logger: QueueLogger;
  private readonly timers = new Set<NodeJS.Timeout>();
  private pollTimer: NodeJS.Timeout | null = null;
  private started = false;
  private stopping = false;

  constructor(opts: InProcessQueueOptions) {
    this.temp = new JobTempDirs(opts.tempRoot);
    this.pollIntervalMs = opts.pollIntervalMs ?? 1000;
    this.lockDurationMs = opts.lockDurationMs ?? 30_000;
    this.jobs = new JobRepository(opts.sql, this.lockDurationMs);
    this.shutdownGraceMs = opts.shutdownGraceMs ?? 10_000;
    this.logger = opts.logger ?? SILENT_QUEUE_LOGGER;
  }

  register<TData, TResult>(name: string, handler: JobHandler<TData, TResult>, opts?: RegisterOptions): void {
    const reg: Registration = {
      ...newRegistration(this.regs, name, handler, opts),
      active: new Map(),
      pumping: null,
      again: false,
    };
    this.regs.set(name, reg);
    if (this.started) this.kick(reg);
  }

  async enqueue<TData>(name: string, data: TData, opts: EnqueueOptions = {}): Promise<JobStatus> {
    const { reg, id } = newJobTarget(this.regs, name, opts);
    await this.jobs.insert({ id, name, data, maxAttempts: reg.opts.attempts, group: opts.fairShare?.group ?? '' });
    const status = await this.findStatus(id);
    if (!status || status.name !== name) throw new Error(`Job id "${id}" is already used by a "${status?.name}" job`);
    if (status.state === 'queued') this.kick(reg);
    return status;
  }

  async findStatus(jobId: string): Promise<JobStatus | null> {
    return isValidJobId(jobId) ? this.jobs.findStatus(jobId) : null;
  }

  async cancel(jobId: string): Promise<void> {
    if (!isValidJobId(jobId)) return;
    for (const reg of this.regs.values()) {
      const a = reg.active.get(jobId);
      if (!a) continue;
      a.released = true;
      a.controller.abort(JOB_CANCELLED);
    }
    await this.jobs.remove(jobId);
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.stopping = false;
    const swept = await this.temp.sweepStale();
    if (swept.length) this.logger.log(`Removed ${swept.length} scratch folder(s) left by stopped processes`);
    await this.jobs.purgeFinished().catch((e) => this.logger.warn(`Could not purge old jobs: ${describeError(e)}`));
    let lastPurge = Date.now();
    this.pollTimer = setInterval(() => {
      for (const reg of this.regs.values()) this.kick(reg);
      if (Date.now() - lastPurge > PURGE_EVERY_MS) {
        lastPurge = Date.now();
        void this.jobs.purgeFinished().catch((e) => this.logger.warn(`Could not purge old jobs: ${describeError(e)}`));
      }
    }, this.pollIntervalMs);
    this.pollTimer.unref();
    for (const reg of this.regs.values()) this.kick(reg);
  }

  async stop(): Promise<void> {
    if (!this.started || this.stopping) return;
    this.stopping = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await Promise.all([...this.regs.values()].map((r) => r.pumping));

    const attempts = [...this.regs.values()].flatMap((r) => [...r.active.values()]);
    for (const a of attempts) a.controller.abort(new Error('The server is shutting down'));
    await settledWithin(attempts.map((a) => a.done), this.shutdownGraceMs);
    // Whatever still runs is handed back, uncounted, for the next start or another instance.
    for (const reg of this.regs.values()) {
      for (const a of reg.active.values()) {
        await this.handBack(a).catch((e) => this.logger.warn(`Could not hand back job ${a.id}: ${describeError(e)}`));
        await a.releaseTemp().catch(() => undefined);
      }
    }
    await this.temp.removeOwnIfEmpty();
    this.started = false;
  }

  async healthCheck(): Promise<string> {
    return 'in-process';
  }

  private kick(reg: Registration): void {
    if (!this.started || this.stopping) return;
    if (reg.pumping) {
      reg.again = true;
      return;
    }
    reg.pumping = this.pump(reg).finally(() => {
      reg.pumping = null;
    });
  }

  private async pump(reg: Registration): Promise<void> {
    try {
      do {
        reg.again = false;
        while (!this.stopping && reg.active.size < reg.opts.concurrency) {
          const lease = randomUUID();
          const row = await this.claim(reg.name, lease);
          if (!row) break;
          if (this.stopping) {
            await this.handBack({ id: row.id, lease });
            break;
          }
          if (!startIsAllowed(row.attemptsMade, row.maxAttempts)) {
            await this.jobs.fail(row.id, lease, INTERRUPTED_TOO_OFTEN);
            continue;
          }
          this.begin(reg, row, lease);
        }
      } while (reg.again && !this.stopping);
    } catch (e) {
      this.logger.warn(`Could not fetch "${reg.name}" jobs: ${describeError(e)}`);
    }
  }

  // The next job, chosen fairly between groups (pickFairly) among each group's first due job.
  // Another instance may claim the chosen job first: the claim then changes nothing, and we
  // choose again.
  private async claim(name: string, lease: string): Promise<ClaimedJob | null> {
    for (let tries = 0; tries < 5; tries++) {
      const next = pickFairly(await this.jobs.candidates(name));
      if (!next) return null;
      const claimed = await this.jobs.claim(next.id, lease);
      if (claimed) return claimed;
    }
    return null;
  }

  private begin(reg: Registration, row: ClaimedJob, lease: string): void {
    const temp = this.temp.forAttempt(row.id, row.attemptsMade);
    const attempt: Attempt = { id: row.id, lease, controller: new AbortController(), released: false, releaseTemp: () => temp.cleanup() };
    let lastProgress = 0;
    const ctx: JobContext<unknown> = {
      id: row.id,
      name: row.name,
      data: row.data,
      attempt: row.attemptsMade,
      maxAttempts: row.maxAttempts,
      signal: attempt.controller.signal,
      tempDir: () => temp.path(),
      progress: async (percent) => {
        const p = clampProgress(percent);
        if (p === lastProgress || attempt.released) return;
        lastProgress = p;
        await this.jobs.setProgress(row.id, lease, p).catch((e) => this.logger.warn(`Could not record progress of job ${row.id}: ${describeError(e)}`));
      },
    };
    const heartbeat = setInterval(() => void this.renew(attempt), Math.max(50, Math.floor(this.lockDurationMs / 3)));
    heartbeat.unref();

    reg.active.set(row.id, attempt);
    attempt.done = (async () => {
      let outcome: AttemptOutcome;
      try {
        outcome = { ok: true, result: await reg.handler(ctx) };
      } catch (error) {
        outcome = { ok: false, error };
      }
      clearInterval(heartbeat);
      await temp.cleanup().catch((e) => this.logger.warn(`Could not remove the scratch folder of job ${row.id}: ${describeError(e)}`));
      if (attempt.released) return;
      try {
        await this.record(reg, row, attempt, outcome);
      } catch (e) {
        this.logger.warn(`Could not record the outcome of job ${row.id}: ${describeError(e)}`);
      }
    })().finally(() => {
      reg.active.delete(row.id);
      this.kick(reg);
    });
  }

  private async renew(attempt: Attempt): Promise<void> {
    if (attempt.released) return;
    try {
      const held = await this.jobs.renew(attempt.id, attempt.lease);
      if (!held && !attempt.released) {
        // Another instance took the job over (our lease had expired): stop and drop our outcome.
        attempt.released = true;
        attempt.controller.abort(new Error('The job was taken over by another worker'));
        this.logger.warn(`Lost the lease of job ${attempt.id}`);
      }
    } catch (e) {
      this.logger.warn(`Could not renew the lease of job ${attempt.id}: ${describeError(e)}`);
    }
  }

  // Records how the attempt ended (afterAttempt decides) and, for a retry, wakes up when it is due.
  private async record(reg: Registration, row: ClaimedJob, attempt: Attempt, outcome: AttemptOutcome): Promise<void> {
    const next = afterAttempt({ outcome, stopping: this.stopping, attemptsMade: row.attemptsMade, maxAttempts: row.maxAttempts, backoff: reg.opts.backoff });
    switch (next.kind) {
      case 'hand-back':
        return this.handBack(attempt);
      case 'complete':
        return this.jobs.complete(row.id, attempt.lease, next.resultJson);
      case 'fail':
        this.logger.log(`Job ${row.name} ${row.id} failed after ${row.attemptsMade} attempt(s): ${next.error}`);
        return this.jobs.fail(row.id, attempt.lease, next.error);
      case 'retry': {
        await this.jobs.retryLater(row.id, attempt.lease, next.error, next.delayMs);
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          this.kick(reg);
        }, next.delayMs + 5);
        timer.unref();
        this.timers.add(timer);
      }
    }
  }

  private async handBack(a: { id: string; lease: string; released?: boolean }): Promise<void> {
    a.released = true;
    await this.jobs.handBack(a.id, a.lease);
  }
}
