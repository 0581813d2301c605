import type { OnApplicationBootstrap, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { JobQueue, JobStatus } from './job-queue.js';

export interface PeriodicSchedule {
  // The job's name on the queue.
  name: string;
  // The job id of the period `now` falls in: every instance asks under the same one.
  jobId: (now: number) => string;
  // The first ask, after start-up; then one every `everyMs`.
  firstAfterMs: number;
  everyMs: number;
}

// A job every instance, app or worker, asks for once a period under that period's job id, so the
// queue runs one per period whichever instances are up (a second ask finds the first job). A
// provider extends it with the job itself (run) and what to do with an ask the queue refused
// (askFailed: the next period asks again). One try after a failure, a minute later.
export abstract class PeriodicJob<R> implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | null = null;

  protected constructor(
    protected readonly queue: JobQueue,
    private readonly schedule: PeriodicSchedule,
  ) {}

  protected abstract run(): Promise<R>;
  protected abstract askFailed(e: unknown): void;

  onModuleInit(): void {
    this.queue.register<Record<string, never>, R>(this.schedule.name, () => this.run(), { concurrency: 1, attempts: 2, backoff: { type: 'fixed', delayMs: 60_000 } });
  }

  onApplicationBootstrap(): void {
    const ask = () => void this.request().catch((e: unknown) => this.askFailed(e));
    this.timer = setTimeout(() => {
      ask();
      this.timer = setInterval(ask, this.schedule.everyMs);
      this.timer.unref();
    }, this.schedule.firstAfterMs);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  // Queues this period's job (or finds the one another instance queued).
  request(now = Date.now()): Promise<JobStatus> {
    return this.queue.enqueue(this.schedule.name, {}, { jobId: this.schedule.jobId(now) });
  }
}
