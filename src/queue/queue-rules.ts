import type { BackoffOptions, JobState, RegisterOptions } from './job-queue.js';

// The decisions both queue implementations share, as pure functions.

export const DEFAULT_REGISTER_OPTIONS: Required<RegisterOptions> = {
  concurrency: 1,
  attempts: 3,
  backoff: { type: 'exponential', delayMs: 5_000 },
};

export const MAX_CONCURRENCY = 64;
export const MAX_ATTEMPTS = 20;
// However many failures, a retry waits at most an hour; a listed schedule at most a day a wait.
export const MAX_BACKOFF_MS = 60 * 60 * 1000;
export const MAX_SCHEDULED_BACKOFF_MS = 24 * 60 * 60 * 1000;

// How long finished jobs stay readable through findStatus.
export const KEEP_COMPLETED_MS = 7 * 24 * 60 * 60 * 1000;
export const KEEP_FAILED_MS = 30 * 24 * 60 * 60 * 1000;

export const MAX_ERROR_LENGTH = 1000;

export function normaliseRegisterOptions(name: string, opts: RegisterOptions = {}): Required<RegisterOptions> {
  const merged = { ...DEFAULT_REGISTER_OPTIONS, ...opts, backoff: { ...DEFAULT_REGISTER_OPTIONS.backoff, ...opts.backoff } };
  if (!isValidJobName(name)) throw new Error(`Invalid job name "${name}": use lowercase letters, digits and "-"`);
  if (!Number.isInteger(merged.concurrency) || merged.concurrency < 1 || merged.concurrency > MAX_CONCURRENCY) {
    throw new Error(`Job "${name}": concurrency must be a whole number from 1 to ${MAX_CONCURRENCY}`);
  }
  if (!Number.isInteger(merged.attempts) || merged.attempts < 1 || merged.attempts > MAX_ATTEMPTS) {
    throw new Error(`Job "${name}": attempts must be a whole number from 1 to ${MAX_ATTEMPTS}`);
  }
  if (merged.backoff.type === 'schedule') {
    const list = merged.backoff.delaysMs ?? [];
    if (!list.length || !list.every((d) => Number.isFinite(d) && d >= 0 && d <= MAX_SCHEDULED_BACKOFF_MS)) {
      throw new Error(`Job "${name}": a backoff schedule lists one or more delays from 0 to ${MAX_SCHEDULED_BACKOFF_MS} ms`);
    }
  } else if (!['fixed', 'exponential'].includes(merged.backoff.type) || !(merged.backoff.delayMs >= 0) || merged.backoff.delayMs > MAX_BACKOFF_MS) {
    throw new Error(`Job "${name}": backoff must be fixed or exponential with a delay from 0 to ${MAX_BACKOFF_MS} ms`);
  }
  return merged;
}

// Names become BullMQ queue names (Redis keys) too.
export function isValidJobName(name: string): boolean {
  return /^[a-z][a-z0-9-]{0,63}$/.test(name);
}

// BullMQ refuses ids that are integers or contain ":"; the same rule everywhere keeps ids portable.
export function isValidJobId(id: string): boolean {
  return /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/.test(id) && !/^\d+$/.test(id);
}

// Wait before the next try, after `attemptsMade` failed tries (1 after the first failure).
export function retryDelayMs(attemptsMade: number, backoff: BackoffOptions): number {
  if (backoff.type === 'schedule' && backoff.delaysMs?.length) {
    const list = backoff.delaysMs;
    return Math.min(Math.round(list[Math.min(Math.max(0, attemptsMade - 1), list.length - 1)]), MAX_SCHEDULED_BACKOFF_MS);
  }
  const delay = backoff.type === 'fixed' ? backoff.delayMs : backoff.delayMs * 2 ** Math.max(0, attemptsMade - 1);
  return Math.min(Math.round(delay), MAX_BACKOFF_MS);
}

export type FailureDecision = { retry: true; delayMs: number } | { retry: false };

export function decideAfterFailure(input: { attemptsMade: number; maxAttempts: number; permanent: boolean; backoff: BackoffOptions }): FailureDecision {
  if (input.permanent || input.attemptsMade >= input.maxAttempts) return { retry: false };
  return { retry: true, delayMs: retryDelayMs(input.attemptsMade, input.backoff) };
}

// A job claimed again after its worker died counts that start as an attempt; once it has been
// started more times than allowed it fails instead of looping on a job that kills its worker.
export function startIsAllowed(attemptsStarted: number, maxAttempts: number): boolean {
  return attemptsStarted <= maxAttempts;
}

export const INTERRUPTED_TOO_OFTEN = 'The job was interrupted too many times (its worker stopped while running it).';

export function clampProgress(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, Math.floor(percent)));
}

export function describeError(e: unknown): string {
  const message = e instanceof Error ? e.message : typeof e === 'string' ? e : 'The job failed.';
  const text = message.trim() || 'The job failed.';
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}

// One group's next job, as the in-process queue sees it when choosing what to run.
export interface FairCandidate {
  id: string;
  // The account ('' for jobs that belong to none).
  group: string;
  // The group's jobs running now (on any instance).
  active: number;
  // When the group's latest job started; null if none has.
  lastStartedAt: Date | null;
  // When this job became due (queued, or its retry's wait ended).
  dueAt: Date;
}

// Round-robin between groups: the group with the fewest jobs running goes first, then the one
// served least recently (never served first), then the job due first. One account's 40 queued
// jobs therefore take turns with another account's one instead of all running before it.
export function pickFairly<T extends FairCandidate>(candidates: readonly T[]): T | null {
  let best: T | null = null;
  for (const c of candidates) if (!best || compareFairly(c, best) < 0) best = c;
  return best;
}

function compareFairly(a: FairCandidate, b: FairCandidate): number {
  if (a.active !== b.active) return a.active - b.active;
  const lastA = a.lastStartedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  const lastB = b.lastStartedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  if (lastA !== lastB) return lastA < lastB ? -1 : 1;
  if (a.dueAt.getTime() !== b.dueAt.getTime()) return a.dueAt.getTime() - b.dueAt.getTime();
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

// BullMQ priority of a job with `ahead` jobs of its group before it: 1 for a group's first job
// (lower runs first), within BullMQ's range.
export const MAX_BULL_PRIORITY = 2_097_151;
export function fairPriority(ahead: number): number {
  if (!Number.isFinite(ahead) || ahead < 0) return 1;
  return Math.min(MAX_BULL_PRIORITY, Math.floor(ahead) + 1);
}

// BullMQ's job states onto ours: everything not yet running is "queued".
export function fromBullState(state: string): JobState | null {
  switch (state) {
    case 'active':
    case 'completed':
    case 'failed':
      return state;
    case 'waiting':
    case 'wait':
    case 'delayed':
    case 'prioritized':
    case 'waiting-children':
    case 'paused':
      return 'queued';
    default:
      return null;
  }
}

// `npm run worker` shares the queue and the database with the app instances; without Redis and
// PostgreSQL there is nothing to share (the embedded database belongs to one process).
export function workerStartProblem(config: { redisUrl: string | null; databaseUrl: string | null }): string | null {
  const missing = [!config.redisUrl && 'REDIS_URL (the shared job queue)', !config.databaseUrl && 'DATABASE_URL (the shared PostgreSQL database)'].filter(
    Boolean,
  );
  if (!missing.length) return null;
  return (
    `The worker needs ${missing.join(' and ')}. Without them the app runs its jobs itself: ` +
    'start it with `npm start` alone, or set REDIS_URL and DATABASE_URL for both the app and the workers.'
  );
}
