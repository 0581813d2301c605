import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { JOB_QUEUE, type JobQueue } from '../queue/job-queue.js';
import { PeriodicJob } from '../queue/periodic-job.js';
import { NOTIFY_PRUNE_JOB, PRUNE_EVERY_MS, PRUNE_FIRST_AFTER_MS, PRUNE_KEEP_PER_OWNER, pruneJobId, windowCutoff } from './notification-rules.js';
import { NotificationRepository } from './notification.repository.js';
import { NotificationCapRepository } from './notification-cap.repository.js';

export interface PruneResult {
  windows: number;
  events: number;
}

// Removes notification rows nothing needs any more: windows whose hour (cap windows whose ten
// minutes) has run with no digest (summary) due, and each owner's events beyond the latest the bell can show (never one held for a
// digest). Every instance, app or worker, asks once an hour under that hour's job id, so the
// queue runs one prune an hour whichever instances are up (a second run would find nothing).
@Injectable()
export class NotificationPruneJob extends PeriodicJob<PruneResult> {
  private readonly logger = new Logger('NotificationPrune');

  constructor(
    private readonly repo: NotificationRepository,
    private readonly caps: NotificationCapRepository,
    @Inject(JOB_QUEUE) queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super(queue, { name: NOTIFY_PRUNE_JOB, jobId: (now) => pruneJobId(now), firstAfterMs: PRUNE_FIRST_AFTER_MS, everyMs: PRUNE_EVERY_MS });
  }

  protected run(): Promise<PruneResult> {
    return this.prune();
  }

  protected askFailed(e: unknown): void {
    this.logger.warn(`Could not queue a prune of notification rows: ${String(e)}`);
  }

  async prune(now = new Date()): Promise<PruneResult> {
    const windows = (await this.repo.pruneWindows(windowCutoff(now, this.config.notifyWindowMs))) + (await this.caps.prune(windowCutoff(now, this.config.notifyCapWindowMs)));
    const events = await this.repo.pruneEvents(PRUNE_KEEP_PER_OWNER);
    if (windows || events) this.logger.log(`Pruned ${windows} notification window(s) and ${events} event(s)`);
    return { windows, events };
  }
}
