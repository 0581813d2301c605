import { PermanentJobError } from './job-queue.js';
import { afterAttempt, RESULT_NOT_STORABLE, type AttemptOutcome } from './job-outcome.js';

const backoff = { type: 'fixed' as const, delayMs: 250 };
const after = (outcome: AttemptOutcome, over: { stopping?: boolean; attemptsMade?: number; maxAttempts?: number } = {}) =>
  afterAttempt({ outcome, stopping: false, attemptsMade: 1, maxAttempts: 3, backoff, ...over });

describe('what the queue records once an attempt ended', () => {
  it('completes with the result as JSON, null for none', () => {
    expect(after({ ok: true, result: { url: 'a.mp4' } })).toEqual({ kind: 'complete', resultJson: '{"url":"a.mp4"}' });
    expect(after({ ok: true, result: undefined })).toEqual({ kind: 'complete', resultJson: 'null' });
  });

  it('completes a job that succeeded even while shutting down', () => {
    expect(after({ ok: true, result: 1 }, { stopping: true })).toEqual({ kind: 'complete', resultJson: '1' });
  });

  it('hands a job that failed during shutdown back, uncounted, whatever its tries', () => {
    expect(after({ ok: false, error: new Error('aborted') }, { stopping: true, attemptsMade: 3 })).toEqual({ kind: 'hand-back' });
  });

  it('retries a failure while tries remain, after the backoff, keeping the message', () => {
    expect(after({ ok: false, error: new Error('ffmpeg exited with code 1') })).toEqual({ kind: 'retry', error: 'ffmpeg exited with code 1', delayMs: 250 });
  });

  it('fails after the last try, and at once for a permanent error', () => {
    expect(after({ ok: false, error: new Error('boom') }, { attemptsMade: 3 })).toEqual({ kind: 'fail', error: 'boom' });
    expect(after({ ok: false, error: new PermanentJobError('Not a video') })).toEqual({ kind: 'fail', error: 'Not a video' });
  });

  it('fails for good a result that cannot be stored as JSON', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(after({ ok: true, result: cyclic })).toEqual({ kind: 'fail', error: RESULT_NOT_STORABLE });
    expect(after({ ok: true, result: 10n })).toEqual({ kind: 'fail', error: RESULT_NOT_STORABLE });
  });
});
