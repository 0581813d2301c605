import { PermanentJobError, type BackoffOptions } from './job-queue.js';
import { decideAfterFailure, describeError } from './queue-rules.js';

// How an attempt's handler ended.
export type AttemptOutcome = { ok: true; result: unknown } | { ok: false; error: unknown };

// What the queue records once an attempt ended.
export type AfterAttempt =
  | { kind: 'hand-back' }
  | { kind: 'complete'; resultJson: string }
  | { kind: 'retry'; error: string; delayMs: number }
  | { kind: 'fail'; error: string };

export const RESULT_NOT_STORABLE = 'The job result could not be stored.';

// A failure while shutting down was most likely the shutdown's abort: the job is handed back,
// uncounted. A result that cannot be stored as JSON fails the job for good.
export function afterAttempt(input: {
  outcome: AttemptOutcome;
  stopping: boolean;
  attemptsMade: number;
  maxAttempts: number;
  backoff: BackoffOptions;
}): AfterAttempt {
  const { outcome } = input;
  if (!outcome.ok && input.stopping) return { kind: 'hand-back' };
  if (outcome.ok) {
    let resultJson: string;
    try {
      resultJson = JSON.stringify(outcome.result ?? null);
    } catch {
      return afterFailure(input, new PermanentJobError(RESULT_NOT_STORABLE));
    }
    return { kind: 'complete', resultJson };
  }
  return afterFailure(input, outcome.error);
}

function afterFailure(input: { attemptsMade: number; maxAttempts: number; backoff: BackoffOptions }, error: unknown): AfterAttempt {
  const message = describeError(error);
  const decision = decideAfterFailure({
    attemptsMade: input.attemptsMade,
    maxAttempts: input.maxAttempts,
    permanent: error instanceof PermanentJobError,
    backoff: input.backoff,
  });
  return decision.retry ? { kind: 'retry', error: message, delayMs: decision.delayMs } : { kind: 'fail', error: message };
}
