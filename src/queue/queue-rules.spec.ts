import {
  clampProgress,
  decideAfterFailure,
  describeError,
  fairPriority,
  fromBullState,
  isValidJobId,
  isValidJobName,
  MAX_BACKOFF_MS,
  normaliseRegisterOptions,
  pickFairly,
  retryDelayMs,
  startIsAllowed,
  workerStartProblem,
} from './queue-rules.js';

describe('retry and backoff decisions', () => {
  const exponential = { type: 'exponential' as const, delayMs: 1000 };
  const fixed = { type: 'fixed' as const, delayMs: 250 };

  it('doubles an exponential delay after each failed try', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, exponential))).toEqual([1000, 2000, 4000, 8000]);
  });

  it('keeps a fixed delay fixed', () => {
    expect([1, 2, 5].map((n) => retryDelayMs(n, fixed))).toEqual([250, 250, 250]);
  });

  it('never waits more than an hour', () => {
    expect(retryDelayMs(40, exponential)).toBe(MAX_BACKOFF_MS);
  });

  it('follows a listed schedule, repeating its last wait, at most a day each', () => {
    const schedule = { type: 'schedule' as const, delayMs: 0, delaysMs: [5_000, 300_000, 36_000_000] };
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, schedule))).toEqual([5_000, 300_000, 36_000_000, 36_000_000]);
    expect(normaliseRegisterOptions('webhook-deliver', { attempts: 4, backoff: schedule }).backoff).toEqual(schedule);
    expect(() => normaliseRegisterOptions('x', { backoff: { type: 'schedule', delayMs: 0, delaysMs: [] } })).toThrow(/schedule/);
    expect(() => normaliseRegisterOptions('x', { backoff: { type: 'schedule', delayMs: 0, delaysMs: [2 * 86_400_000] } })).toThrow(/schedule/);
  });

  it('retries while tries remain, with the backoff delay', () => {
    expect(decideAfterFailure({ attemptsMade: 1, maxAttempts: 3, permanent: false, backoff: exponential })).toEqual({ retry: true, delayMs: 1000 });
    expect(decideAfterFailure({ attemptsMade: 2, maxAttempts: 3, permanent: false, backoff: exponential })).toEqual({ retry: true, delayMs: 2000 });
  });

  it('gives up after the last try', () => {
    expect(decideAfterFailure({ attemptsMade: 3, maxAttempts: 3, permanent: false, backoff: exponential })).toEqual({ retry: false });
    expect(decideAfterFailure({ attemptsMade: 1, maxAttempts: 1, permanent: false, backoff: fixed })).toEqual({ retry: false });
  });

  it('gives up at once on a permanent error', () => {
    expect(decideAfterFailure({ attemptsMade: 1, maxAttempts: 5, permanent: true, backoff: fixed })).toEqual({ retry: false });
  });

  it('stops restarting a job that keeps killing its worker', () => {
    expect(startIsAllowed(3, 3)).toBe(true);
    expect(startIsAllowed(4, 3)).toBe(false);
  });
});

describe('registration options', () => {
  it('fills in defaults', () => {
    expect(normaliseRegisterOptions('encode-video')).toEqual({ concurrency: 1, attempts: 3, backoff: { type: 'exponential', delayMs: 5000 } });
    expect(normaliseRegisterOptions('encode-video', { concurrency: 2, backoff: { type: 'fixed', delayMs: 10 } })).toEqual({
      concurrency: 2,
      attempts: 3,
      backoff: { type: 'fixed', delayMs: 10 },
    });
  });

  it.each([
    [{ concurrency: 0 }, /concurrency/],
    [{ concurrency: 1.5 }, /concurrency/],
    [{ concurrency: 65 }, /concurrency/],
    [{ attempts: 0 }, /attempts/],
    [{ attempts: 21 }, /attempts/],
    [{ backoff: { type: 'linear' as never, delayMs: 1 } }, /backoff/],
    [{ backoff: { type: 'fixed' as const, delayMs: -1 } }, /backoff/],
  ])('refuses %j', (opts, message) => {
    expect(() => normaliseRegisterOptions('encode-video', opts)).toThrow(message);
  });

  it('accepts lowercase dashed job names only', () => {
    expect(isValidJobName('encode-video')).toBe(true);
    expect(['Encode', 'encode:video', '', '1job', 'a b'].some(isValidJobName)).toBe(false);
  });
});

describe('job ids', () => {
  it.each(['0b6f2c1e-3a4d-4e5f-8a9b-0c1d2e3f4a5b', 'encode-abc_1.2', 'x'])('accepts %s', (id) => expect(isValidJobId(id)).toBe(true));
  it.each(['', '123', 'a:b', 'a/b', 'a b', '-a', '.a', 'x'.repeat(129)])('refuses %j', (id) => expect(isValidJobId(id)).toBe(false));
});

describe('status mapping', () => {
  it('clamps progress to whole percentages from 0 to 100', () => {
    expect([-5, 0, 42.9, 100, 250, Number.NaN, Infinity].map(clampProgress)).toEqual([0, 0, 42, 100, 100, 0, 0]);
  });

  it('describes errors in one bounded sentence', () => {
    expect(describeError(new Error('ffmpeg exited with code 1'))).toBe('ffmpeg exited with code 1');
    expect(describeError('plain')).toBe('plain');
    expect(describeError({})).toBe('The job failed.');
    expect(describeError(new Error('  '))).toBe('The job failed.');
    expect(describeError(new Error('x'.repeat(5000))).length).toBe(1000);
  });

  it('maps BullMQ states onto queued, active, completed and failed', () => {
    expect(['waiting', 'wait', 'delayed', 'prioritized', 'waiting-children', 'paused'].map(fromBullState)).toEqual(Array(6).fill('queued'));
    expect(['active', 'completed', 'failed'].map(fromBullState)).toEqual(['active', 'completed', 'failed']);
    expect(fromBullState('unknown')).toBeNull();
  });
});

describe('worker start', () => {
  it('needs both Redis and PostgreSQL', () => {
    expect(workerStartProblem({ redisUrl: 'redis://r:6379', databaseUrl: 'postgresql://db/eyemail' })).toBeNull();
    expect(workerStartProblem({ redisUrl: null, databaseUrl: 'postgresql://db/eyemail' })).toMatch(/^The worker needs REDIS_URL \(the shared job queue\)\./);
    expect(workerStartProblem({ redisUrl: 'redis://r:6379', databaseUrl: null })).toMatch(/needs DATABASE_URL/);
    expect(workerStartProblem({ redisUrl: null, databaseUrl: null })).toMatch(/needs REDIS_URL .* and DATABASE_URL/);
  });
});

describe('fair choice of the next job between accounts', () => {
  const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, s));
  const job = (id: string, group: string, active: number, lastStartedAt: Date | null, dueAt: Date) => ({ id, group, active, lastStartedAt, dueAt });

  it('serves the account served least recently, even when another queued earlier', () => {
    // Ann queued 40 jobs at 0 s and her first just started; Bob queued one at 5 s.
    const ann = job('ann-2', 'ann', 0, at(10), at(0));
    const bob = job('bob-1', 'bob', 0, null, at(5));
    expect(pickFairly([ann, bob])?.id).toBe('bob-1');
    // Bob served at 20 s, Ann at 10 s: Ann's turn.
    expect(pickFairly([ann, job('bob-2', 'bob', 0, at(20), at(5))])?.id).toBe('ann-2');
  });

  it('goes round-robin: with three busy accounts each gets a turn before anyone gets a second', () => {
    const queues: Record<string, number> = { ann: 5, bob: 5, cy: 5 };
    const lastStart: Record<string, Date | null> = { ann: null, bob: null, cy: null };
    const order: string[] = [];
    for (let t = 1; t <= 9; t++) {
      const heads = Object.keys(queues)
        .filter((g) => queues[g] > 0)
        .map((g) => job(`${g}-${6 - queues[g]}`, g, 0, lastStart[g], at({ ann: 0, bob: 1, cy: 2 }[g]!)));
      const next = pickFairly(heads)!;
      order.push(next.group);
      queues[next.group]--;
      lastStart[next.group] = at(10 + t);
    }
    expect(order).toEqual(['ann', 'bob', 'cy', 'ann', 'bob', 'cy', 'ann', 'bob', 'cy']);
  });

  it('puts an account with fewer jobs running first (several slots, several instances)', () => {
    const busy = job('ann-3', 'ann', 2, null, at(0));
    const idle = job('bob-1', 'bob', 1, at(30), at(9));
    expect(pickFairly([busy, idle])?.id).toBe('bob-1');
  });

  it('breaks ties by the job due first, then by id, and returns null when nothing is queued', () => {
    expect(pickFairly([job('b', 'x', 0, at(1), at(3)), job('a', 'y', 0, at(1), at(2))])?.id).toBe('a');
    expect(pickFairly([job('b', 'x', 0, null, at(2)), job('a', 'y', 0, null, at(2))])?.id).toBe('a');
    expect(pickFairly([])).toBeNull();
  });

  it('turns a place in the account\'s queue into a BullMQ priority: 1 for its first job, within range', () => {
    expect([0, 1, 39].map(fairPriority)).toEqual([1, 2, 40]);
    expect(fairPriority(-1)).toBe(1);
    expect(fairPriority(Number.NaN)).toBe(1);
    expect(fairPriority(10_000_000)).toBe(2_097_151);
  });
});
