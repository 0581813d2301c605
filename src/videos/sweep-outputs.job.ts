import { Inject, Injectable, Logger } from '@nestjs/common';
import { JOB_QUEUE, type JobQueue } from '../queue/job-queue.js';
import { PeriodicJob } from '../queue/periodic-job.js';
import { STORAGE, type ListedObject, type StorageAdapter } from '../storage/storage.adapter.js';
import { encodingIdOfKey, orphanedOutputs, OUTPUT_PREFIX, SWEEP_EVERY_MS, SWEEP_FIRST_AFTER_MS, SWEEP_JOB, sweepJobId } from './output-sweep.js';
import { VideoEncodingRepository } from './video-encoding.repository.js';

// Looked at in batches, so memory stays flat however large the bucket is.
const BATCH = 500;

export interface SweepResult {
  checked: number;
  removed: number;
}

// Removes encode outputs that were stored but never recorded (a worker killed between storing
// and recording). Every instance, app or worker, asks for a sweep every half hour under the same
// job id for that half hour, so the queue runs one sweep per period whichever instances are up;
// running it twice would do no harm either (deleting is idempotent).
@Injectable()
export class SweepOutputsJob extends PeriodicJob<SweepResult> {
  private readonly logger = new Logger('SweepOutputs');

  constructor(
    @Inject(JOB_QUEUE) queue: JobQueue,
    @Inject(STORAGE) private readonly storage: StorageAdapter,
    private readonly encodings: VideoEncodingRepository,
  ) {
    super(queue, { name: SWEEP_JOB, jobId: (now) => sweepJobId(now), firstAfterMs: SWEEP_FIRST_AFTER_MS, everyMs: SWEEP_EVERY_MS });
  }

  protected run(): Promise<SweepResult> {
    return this.sweep();
  }

  protected askFailed(e: unknown): void {
    this.logger.warn(`Could not queue a sweep of unrecorded outputs: ${String(e)}`);
  }

  async sweep(now = Date.now()): Promise<SweepResult> {
    let checked = 0;
    let removed = 0;
    let batch: ListedObject[] = [];
    const flush = async () => {
      const ids = [...new Set(batch.map((o) => encodingIdOfKey(o.key)).filter((id): id is string => !!id))];
      const orphans = orphanedOutputs(batch, await this.encodings.outputsOf(ids), now);
      for (const key of orphans) {
        try {
          await this.storage.delete(key);
          removed++;
        } catch (e) {
          this.logger.warn(`Could not delete the unrecorded output ${key}: ${e instanceof Error ? e.message : String(e)}`);
        }
      }
      checked += batch.length;
      batch = [];
    };
    for await (const object of this.storage.list(OUTPUT_PREFIX)) {
      batch.push(object);
      if (batch.length >= BATCH) await flush();
    }
    await flush();
    if (removed) this.logger.log(`Removed ${removed} unrecorded encode output(s) of ${checked} stored`);
    return { checked, removed };
  }
}
