import type { JobState, JobStatus } from './job-queue.js';
import type { FairCandidate } from './queue-rules.js';

// A row of the job table as the repository's statements return it (camelCase aliases).
export type JobRow = Record<string, unknown>;

// A claimed job as the claim statement returns it.
export interface ClaimedJob {
  id: string;
  name: string;
  data: unknown;
  attemptsMade: number;
  maxAttempts: number;
}

// A job's status for its callers: the result only once completed, an error only once failed.
export function toJobStatus(row: JobRow): JobStatus {
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

// Counts come back from PostgreSQL as text, times as text or dates.
export function toFairCandidate(row: JobRow): FairCandidate {
  return {
    id: row.id as string,
    group: row.group as string,
    active: Number(row.active),
    lastStartedAt: row.lastStartedAt ? new Date(row.lastStartedAt as string) : null,
    dueAt: new Date(row.dueAt as string),
  };
}
