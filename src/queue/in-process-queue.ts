import { randomUUID } from 'node:crypto';
import {
  PermanentJobError,
  UnknownJobError,
  type EnqueueOptions,
  type JobContext,
  type JobHandler,
  type JobQueue,
  type JobState,
  type JobStatus,
  type RegisterOptions,
} from './job-queue.js';
import { JobTempDirs } from './job-temp-dirs.js';
import {
  clampProgress,
  decideAfterFailure,
  describeError,
  INTERRUPTED_TOO_OFTEN,
  isValidJobId,
  KEEP_COMPLETED_MS,
  KEEP_FAILED_MS,
  normaliseRegisterOptions,
  pickFairly,
  startIsAllowed,
  type FairCandidate,
} from './queue-rules.js';

// Runs a statement with `?` placeholders and returns its rows.
export type SqlRunner = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

export interface QueueLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

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

interface Registration {
  name: string;
  handler: JobHandler<unknown, unknown>;
  opts: Required<RegisterOptions>;
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

// A claimed job as the claim statement returns it (camelCase aliases).
interface ClaimedJob {
  id: string;
  name: string;
  data: unknown;
  attemptsMade: number;
  maxAttempts: number;
}

const MS = `?::double precision * interval '1 millisecond'`;
const PURGE_EVERY_MS = 6 * 60 * 60 * 1000;
const silent: QueueLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };

// The embedded job queue: jobs are rows of the `job` table, run by this process with a bounded
// number at once per job name. Claims use FOR UPDATE SKIP LOCKED and leases, so several
// instances sharing one PostgreSQL never run a job twice at the same time, and a job whose
// process died is run again once its lease expires.
export class InProcessQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  private readonly regs = new Map<string, Registration>();
  private readonly sql: SqlRunner;
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
    this.sql = opts.sql;
    this.temp = new JobTempDirs(opts.tempRoot);
    this.pollIntervalMs = opts.pollIntervalMs ?? 1000;
    this.lockDurationMs = opts.lockDurationMs ?? 30_000;
    this.shutdownGraceMs = opts.shutdownGraceMs ?? 10_000;
    this.logger = opts.logger ?? silent;
  }

  register<TData, TResult>(name: string, handler: JobHandler<TData, TResult>, opts?: RegisterOptions): void {
    if (this.regs.has(name)) throw new Error(`A handler for "${name}" jobs is already registered`);
    const reg: Registration = {
      name,
      handler: handler as JobHandler<unknown, unknown>,
      opts: normaliseRegisterOptions(name, opts),
      active: new Map(),
      pumping: null,
      again: false,
    };
    this.regs.set(name, reg);
    if (this.started) this.kick(reg);
  }

  async enqueue<TData>(name: string, data: TData, opts: EnqueueOptions = {}): Promise<JobStatus> {
    const reg = this.regs.get(name);
    if (!reg) throw new UnknownJobError(name);
    const id = opts.jobId ?? randomUUID();
    if (!isValidJobId(id)) throw new Error(`Invalid job id "${id}"`);
    await this.sql(`insert into job (id, name, data, max_attempts, group_key) values (?, ?, ?::jsonb, ?, ?) on conflict (id) do nothing`, [
      id,
      name,
      JSON.stringify(data ?? null),
      reg.opts.attempts,
      opts.fairShare?.group ?? '',
    ]);
    const status = await this.findStatus(id);
    if (!status || status.name !== name) throw new Error(`Job id "${id}" is already used by a "${status?.name}" job`);
    if (status.state === 'queued') this.kick(reg);
    return status;
  }

  async findStatus(jobId: string): Promise<JobStatus | null> {
    if (!isValidJobId(jobId)) return null;
    const [row] = await this.sql(`select id, name, state, progress, attempts_made as "attemptsMade", result, error from job where id = ?`, [jobId]);
    if (!row) return null;
    const state = row.state as JobState;
    return {
      id: row.id as string,
      name: row.name as string,
      state,
      progress: Number(row.progress),
      attemptsMade: Number(row.attemptsMade),
      ...(state === 'completed' ? { result: row.result ?? undefined } : {}),
      ...(state === 'failed' ? { error: (row.error as string | null) ?? 'The job failed.' } : {}),
    };
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.stopping = false;
    const swept = await this.temp.sweepStale();
    if (swept.length) this.logger.log(`Removed ${swept.length} scratch folder(s) left by stopped processes`);
    await this.purgeFinished().catch((e) => this.logger.warn(`Could not purge old jobs: ${describeError(e)}`));
    let lastPurge = Date.now();
    this.pollTimer = setInterval(() => {
      for (const reg of this.regs.values()) this.kick(reg);
      if (Date.now() - lastPurge > PURGE_EVERY_MS) {
        lastPurge = Date.now();
        void this.purgeFinished().catch((e) => this.logger.warn(`Could not purge old jobs: ${describeError(e)}`));
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
    let graceTimer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(attempts.map((a) => a.done)),
      new Promise((resolve) => (graceTimer = setTimeout(resolve, this.shutdownGraceMs))),
    ]);
    clearTimeout(graceTimer);
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
            await this.finishFailed(row.id, lease, INTERRUPTED_TOO_OFTEN);
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
  // Another instance may claim the chosen job first: the guarded update then changes nothing
  // (it waits for that instance's row lock and re-reads the row), and we choose again.
  private async claim(name: string, lease: string): Promise<ClaimedJob | null> {
    for (let tries = 0; tries < 5; tries++) {
      const next = pickFairly(await this.candidates(name));
      if (!next) return null;
      const rows = await this.sql(
        `update job set state = 'active', attempts_made = attempts_made + 1, progress = 0, locked_by = ?,
           locked_until = now() + ${MS}, started_at = now(), updated_at = now()
         where id = ? and ((state = 'queued' and run_at <= now()) or (state = 'active' and locked_until < now()))
         returning id, name, data, attempts_made as "attemptsMade", max_attempts as "maxAttempts"`,
        [lease, this.lockDurationMs, next.id],
      );
      if (rows[0]) return rows[0] as unknown as ClaimedJob;
    }
    return null;
  }

  // Each group's first due job, with how many of the group's jobs run now and when its latest
  // one started (all instances, from the table).
  private async candidates(name: string): Promise<FairCandidate[]> {
    const rows = await this.sql(
      `select c.id, c.group_key as "group", c.run_at as "dueAt",
         (select count(*) from job a where a.name = c.name and a.group_key = c.group_key and a.state = 'active' and a.locked_until >= now()) as active,
         (select max(l.started_at) from job l where l.name = c.name and l.group_key = c.group_key) as "lastStartedAt"
       from (
         select distinct on (group_key) id, name, group_key, run_at
         from job
         where name = ? and ((state = 'queued' and run_at <= now()) or (state = 'active' and locked_until < now()))
         order by group_key, run_at, created_at
       ) c`,
      [name],
    );
    return rows.map((r) => ({
      id: r.id as string,
      group: r.group as string,
      active: Number(r.active),
      lastStartedAt: r.lastStartedAt ? new Date(r.lastStartedAt as string) : null,
      dueAt: new Date(r.dueAt as string),
    }));
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
        await this.sql(
          `update job set progress = ?, locked_until = now() + ${MS}, updated_at = now() where id = ? and locked_by = ? and state = 'active'`,
          [p, this.lockDurationMs, row.id, lease],
        ).catch((e) => this.logger.warn(`Could not record progress of job ${row.id}: ${describeError(e)}`));
      },
    };
    const heartbeat = setInterval(() => void this.renew(attempt), Math.max(50, Math.floor(this.lockDurationMs / 3)));
    heartbeat.unref();

    reg.active.set(row.id, attempt);
    attempt.done = (async () => {
      let outcome: { ok: true; result: unknown } | { ok: false; error: unknown };
      try {
        outcome = { ok: true, result: await reg.handler(ctx) };
      } catch (error) {
        outcome = { ok: false, error };
      }
      clearInterval(heartbeat);
      await temp.cleanup().catch((e) => this.logger.warn(`Could not remove the scratch folder of job ${row.id}: ${describeError(e)}`));
      if (attempt.released) return;
      try {
        if (this.stopping && !outcome.ok) await this.handBack(attempt);
        else if (outcome.ok) await this.finishCompleted(reg, row, lease, outcome.result);
        else await this.finishFailedAttempt(reg, row, lease, outcome.error);
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
      const rows = await this.sql(
        `update job set locked_until = now() + ${MS}, updated_at = now() where id = ? and locked_by = ? and state = 'active' returning id`,
        [this.lockDurationMs, attempt.id, attempt.lease],
      );
      if (rows.length === 0 && !attempt.released) {
        // Another instance took the job over (our lease had expired): stop and drop our outcome.
        attempt.released = true;
        attempt.controller.abort(new Error('The job was taken over by another worker'));
        this.logger.warn(`Lost the lease of job ${attempt.id}`);
      }
    } catch (e) {
      this.logger.warn(`Could not renew the lease of job ${attempt.id}: ${describeError(e)}`);
    }
  }

  private async finishCompleted(reg: Registration, row: ClaimedJob, lease: string, result: unknown): Promise<void> {
    let json: string;
    try {
      json = JSON.stringify(result ?? null);
    } catch {
      return this.finishFailedAttempt(reg, row, lease, new PermanentJobError('The job result could not be stored.'));
    }
    await this.sql(
      `update job set state = 'completed', progress = 100, result = ?::jsonb, error = null, locked_by = null, locked_until = null,
         finished_at = now(), updated_at = now()
       where id = ? and locked_by = ? and state = 'active'`,
      [json, row.id, lease],
    );
  }

  private async finishFailedAttempt(reg: Registration, row: ClaimedJob, lease: string, error: unknown): Promise<void> {
    const message = describeError(error);
    const decision = decideAfterFailure({
      attemptsMade: row.attemptsMade,
      maxAttempts: row.maxAttempts,
      permanent: error instanceof PermanentJobError,
      backoff: reg.opts.backoff,
    });
    if (!decision.retry) {
      this.logger.log(`Job ${row.name} ${row.id} failed after ${row.attemptsMade} attempt(s): ${message}`);
      return this.finishFailed(row.id, lease, message);
    }
    await this.sql(
      `update job set state = 'queued', error = ?, locked_by = null, locked_until = null, run_at = now() + ${MS}, updated_at = now()
       where id = ? and locked_by = ? and state = 'active'`,
      [message, decision.delayMs, row.id, lease],
    );
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.kick(reg);
    }, decision.delayMs + 5);
    timer.unref();
    this.timers.add(timer);
  }

  private async finishFailed(id: string, lease: string, message: string): Promise<void> {
    await this.sql(
      `update job set state = 'failed', error = ?, locked_by = null, locked_until = null, finished_at = now(), updated_at = now()
       where id = ? and locked_by = ? and state = 'active'`,
      [message, id, lease],
    );
  }

  private async handBack(a: { id: string; lease: string; released?: boolean }): Promise<void> {
    a.released = true;
    await this.sql(
      `update job set state = 'queued', attempts_made = greatest(attempts_made - 1, 0), locked_by = null, locked_until = null,
         run_at = now(), updated_at = now()
       where id = ? and locked_by = ? and state = 'active'`,
      [a.id, a.lease],
    );
  }

  private async purgeFinished(): Promise<void> {
    await this.sql(
      `delete from job where (state = 'completed' and finished_at < now() - ${MS}) or (state = 'failed' and finished_at < now() - ${MS})`,
      [KEEP_COMPLETED_MS, KEEP_FAILED_MS],
    );
  }
}
