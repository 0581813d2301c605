import { jest } from '@jest/globals';
import type { EnqueueOptions, JobHandler, JobQueue, JobStatus, RegisterOptions } from './job-queue.js';
import { PeriodicJob } from './periodic-job.js';

// A queue that records what it is asked; `failNext` makes the next enqueue reject.
function recordingQueue() {
  const registered: { name: string; handler: JobHandler<unknown, unknown>; opts?: RegisterOptions }[] = [];
  const asked: { name: string; jobId?: string }[] = [];
  let failNext = false;
  const queue = {
    register: (name: string, handler: JobHandler<unknown, unknown>, opts?: RegisterOptions) => void registered.push({ name, handler, opts }),
    enqueue: async (name: string, _data: unknown, opts?: EnqueueOptions): Promise<JobStatus> => {
      if (failNext) {
        failNext = false;
        throw new Error('queue down');
      }
      asked.push({ name, jobId: opts?.jobId });
      return { id: opts?.jobId ?? '', name, state: 'queued', progress: 0, attemptsMade: 0 };
    },
  } as unknown as JobQueue;
  return { queue, registered, asked, failOnce: () => (failNext = true) };
}

class Tidy extends PeriodicJob<{ run: number }> {
  runs = 0;
  readonly errors: unknown[] = [];

  constructor(queue: JobQueue) {
    super(queue, { name: 'tidy', jobId: (now) => `tidy-${Math.floor(now / 1_000)}`, firstAfterMs: 200, everyMs: 1_000 });
  }

  protected run(): Promise<{ run: number }> {
    return Promise.resolve({ run: ++this.runs });
  }

  protected askFailed(e: unknown): void {
    this.errors.push(e);
  }
}

describe('a periodic job', () => {
  beforeEach(() => jest.useFakeTimers({ now: 0 }));
  afterEach(() => jest.useRealTimers());

  const make = () => {
    const q = recordingQueue();
    const job = new Tidy(q.queue);
    return { ...q, job, errors: job.errors };
  };
  it('registers its handler under its name when its module starts, one at a time, with one retry a minute later', async () => {
    const { job, registered } = make();
    job.onModuleInit();
    expect(registered).toHaveLength(1);
    expect(registered[0].name).toBe('tidy');
    expect(registered[0].opts).toEqual({ concurrency: 1, attempts: 2, backoff: { type: 'fixed', delayMs: 60_000 } });
    await expect(registered[0].handler({} as never)).resolves.toEqual({ run: 1 });
  });

  it('asks first after the delay once the app is up, then once a period, under the job id of the period', async () => {
    const { job, asked } = make();
    job.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(199);
    expect(asked).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(asked).toEqual([{ name: 'tidy', jobId: 'tidy-0' }]);
    await jest.advanceTimersByTimeAsync(2_000);
    expect(asked.map((a) => a.jobId)).toEqual(['tidy-0', 'tidy-1', 'tidy-2']);
    job.onModuleDestroy();
  });

  it('reports an ask the queue refused and asks again the next period', async () => {
    const { job, asked, errors, failOnce } = make();
    failOnce();
    job.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(200);
    expect(asked).toEqual([]);
    expect(errors).toEqual([new Error('queue down')]);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(asked.map((a) => a.jobId)).toEqual(['tidy-1']);
    job.onModuleDestroy();
  });

  it('asks no more once its module is destroyed, before the first ask and after it', async () => {
    const early = make();
    early.job.onApplicationBootstrap();
    early.job.onModuleDestroy();
    await jest.advanceTimersByTimeAsync(5_000);
    expect(early.asked).toEqual([]);

    const late = make();
    late.job.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(1_200);
    expect(late.asked).toHaveLength(2);
    late.job.onModuleDestroy();
    await jest.advanceTimersByTimeAsync(5_000);
    expect(late.asked).toHaveLength(2);
  });

  it('queues the period of the time it is given when asked by hand', async () => {
    const { job, asked } = make();
    await expect(job.request(7_500)).resolves.toMatchObject({ id: 'tidy-7', name: 'tidy' });
    expect(asked).toEqual([{ name: 'tidy', jobId: 'tidy-7' }]);
  });
});
