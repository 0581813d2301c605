// Background jobs (video encoding first). Two implementations share this contract and the same
// handlers: BullMQ on Redis when REDIS_URL is set (any number of app and worker processes), an
// in-process runner with its state in the `job` table otherwise.
//
// Modules register their handlers when they initialise (`onModuleInit`), in the app and in
// `npm run worker` alike, and enqueue by name.

export interface JobContext<TData = unknown> {
  readonly id: string;
  readonly name: string;
  readonly data: TData;
  // 1 for the first start; a retry or a restart after a killed worker counts up.
  readonly attempt: number;
  readonly maxAttempts: number;
  // Aborted when this process shuts down (the job will run again elsewhere or later).
  readonly signal: AbortSignal;
  // 0-100, shown to users while the job runs.
  progress(percent: number): Promise<void>;
  // A private folder for this attempt, created on first use and always removed when the attempt
  // ends (success, failure or, at the next start, a killed process).
  tempDir(): Promise<string>;
}

export type JobHandler<TData = unknown, TResult = unknown> = (job: JobContext<TData>) => Promise<TResult>;

export interface BackoffOptions {
  // schedule: the waits are listed (delaysMs[n - 1] after the n-th failure, the last one
  // repeated), for retries spread over a day (webhook deliveries).
  type: 'fixed' | 'exponential' | 'schedule';
  delayMs: number;
  delaysMs?: readonly number[];
}

export interface RegisterOptions {
  // Jobs of this name run at once in each process.
  concurrency?: number;
  // Tries in all, the first included.
  attempts?: number;
  backoff?: BackoffOptions;
}

export interface EnqueueOptions {
  // Idempotency key: enqueuing an id that exists returns that job instead of adding another.
  // Letters, digits, `_`, `-`, `.`; unique across job names. Random when omitted.
  jobId?: string;
  // Fair share between accounts (or any other groups). The in-process queue takes groups in
  // turn: the next job comes from the group with the fewest running jobs, then from the one
  // served least recently. BullMQ runs the job at priority `ahead + 1` (lower runs first), so a
  // group's first job overtakes another group's 40th. `ahead`: how many of the group's jobs were
  // queued or running when this one was added.
  fairShare?: { group: string; ahead: number };
}

export type JobState = 'queued' | 'active' | 'completed' | 'failed';

export interface JobStatus<TResult = unknown> {
  id: string;
  name: string;
  state: JobState;
  progress: number;
  attemptsMade: number;
  result?: TResult;
  error?: string;
}

export interface JobQueue {
  readonly kind: 'in-process' | 'bullmq';
  register<TData, TResult>(name: string, handler: JobHandler<TData, TResult>, opts?: RegisterOptions): void;
  enqueue<TData>(name: string, data: TData, opts?: EnqueueOptions): Promise<JobStatus>;
  findStatus(jobId: string): Promise<JobStatus | null>;
  // Drops a job nobody wants any more: a queued one is removed; one running in this process is
  // stopped at once (its signal aborts with the reason JOB_CANCELLED), its outcome not recorded.
  // Running in another process: the in-process queue's lease there is lost at its next renewal,
  // which stops it; under BullMQ it runs on, so its handler should notice it is not wanted too.
  cancel(jobId: string): Promise<void>;
  // Started by QueueModule after the application has booted; stopped before the database closes.
  start(): Promise<void>;
  stop(): Promise<void>;
  healthCheck(): Promise<string>;
}

export const JOB_QUEUE = Symbol('JOB_QUEUE');

// Where a queue reports what it does (Nest's Logger in the app; nothing by default).
export interface QueueLogger {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}
export const SILENT_QUEUE_LOGGER: QueueLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };

// Thrown by a handler when trying again cannot help (a corrupt video): the job fails at once.
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

// The abort reason of a cancelled job's signal.
export const JOB_CANCELLED = 'The job was cancelled';

export function isCancellation(reason: unknown): boolean {
  return reason === JOB_CANCELLED;
}

export class UnknownJobError extends Error {
  constructor(name: string) {
    super(`No handler is registered for jobs named "${name}"`);
    this.name = 'UnknownJobError';
  }
}
