import type { JobQueue, JobStatus } from './job-queue.js';

export interface PeriodicJobOptions<R> {
  // The job's name on the queue, and what it does.
  name: string;
  run: () => Promise<R>;
  // The job id of the period `now` falls in: every instance asks under the same one.
  jobId: (now: number) => string;
  // The first ask, after start-up; then one every `everyMs`.
  firstAfterMs: number;
  everyMs: number;
  // An ask that could not be queued (the next period asks again).
  onAskError: (e: unknown) => void;
}

// A job every instance, app or worker, asks for once a period under that period's job id, so the
// queue runs one per period whichever instances are up (a second ask finds the first job). Its
// owner (a Nest provider) calls register() in onModuleInit, start() in onApplicationBootstrap and
// stop() in onModuleDestroy. One try after a failure, a minute later; the next period tries anew.
export class PeriodicJob<R> {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly queue: JobQueue,
    private readonly options: PeriodicJobOptions<R>,
  ) {}

  register(): void {
    this.queue.register<Record<string, never>, R>(this.options.name, () => this.options.run(), { concurrency: 1, attempts: 2, backoff: { type: 'fixed', delayMs: 60_000 } });
  }

  start(): void {
    const ask = () => void this.request().catch(this.options.onAskError);
    this.timer = setTimeout(() => {
      ask();
      this.timer = setInterval(ask, this.options.everyMs);
      this.timer.unref();
    }, this.options.firstAfterMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  // Queues this period's job (or finds the one another instance queued).
  request(now = Date.now()): Promise<JobStatus> {
    return this.queue.enqueue(this.options.name, {}, { jobId: this.options.jobId(now) });
  }
}
