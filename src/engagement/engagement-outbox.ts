import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { EngagementEvents } from './engagement-events.js';
import { eventsOfOutbox } from './engagement-outbox-sql.js';
import { EngagementOutboxRepository } from './engagement-outbox.repository.js';

// Outbox rows younger than this are a running process's own (it removes them within about
// 100 ms of their batch, once the fan-out job is queued): the sweeper leaves them alone.
export const SWEEP_AGE_MS = 10_000;
export const SWEEP_EVERY_MS = 5_000;
const SWEEP_ROWS = 100;

// The outbox of committed engagement (migration 0025): a batch that some module will fan out
// (webhooks, notifications) stores, in the same statement, an outbox row per such module; the
// module removes it once its fan-out job is queued (remove). A process killed in between (or a
// queue that refused the job) leaves the row, and this sweeper, on start and every 5 s, in every
// process, reads back the rows it names and hands them to the module's replay, which queues the
// job under an id of the outbox row. Any number of processes sweep: each claims rows with
// `for update skip locked`, and only rows older than 10 s. At least once: a process killed after
// queuing and before removing is replayed; the modules make a replay harmless (webhooks: the
// delivery's id and message id come from the endpoint and the stored row; notifications: the
// hourly throttle).
@Injectable()
export class EngagementOutbox implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('EngagementOutbox');
  private timer: NodeJS.Timeout | null = null;
  private sweeping: Promise<number> | null = null;
  readonly stats = { replayed: 0, failedSweeps: 0 };

  constructor(
    private readonly repo: EngagementOutboxRepository,
    private readonly events: EngagementEvents,
  ) {}

  onApplicationBootstrap(): void {
    const run = () => void (this.timer && this.sweep());
    setImmediate(run);
    this.timer = setInterval(run, SWEEP_EVERY_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.sweeping;
  }

  // A fan-out job was queued for these outbox rows.
  remove(ids: readonly string[]): Promise<void> {
    return this.repo.remove(ids);
  }

  // One sweep (not two at once in a process): the rows replayed.
  sweep(): Promise<number> {
    this.sweeping ??= this.sweepAll().finally(() => (this.sweeping = null));
    return this.sweeping;
  }

  private async sweepAll(): Promise<number> {
    let replayed = 0;
    try {
      for (;;) {
        const { claimed, done } = await this.sweepSome();
        replayed += done;
        if (claimed < SWEEP_ROWS || !done || !this.timer) break;
      }
    } catch (e) {
      this.stats.failedSweeps++;
      this.logger.warn({ err: e }, 'Could not sweep the engagement outbox');
    }
    this.stats.replayed += replayed;
    if (replayed) this.logger.log({ replayed }, 'Queued the fan-out of committed engagement a stopped process left');
    return replayed;
  }

  // One transaction: rows claimed, each handed to its module, those queued removed.
  private async sweepSome(): Promise<{ claimed: number; done: number }> {
    const { claimed, removed } = await this.repo.claim(SWEEP_AGE_MS, SWEEP_ROWS, async (rows, stored) => {
      const done: string[] = [];
      for (const row of rows) {
        const consumer = this.events.consumer(row.consumer);
        if (!consumer) continue;
        const events = eventsOfOutbox(row, stored);
        try {
          if (events.length) await consumer.replay(events, row.id);
          done.push(row.id);
        } catch (e) {
          this.logger.warn({ err: e, outboxId: row.id, consumer: row.consumer }, 'Could not queue the fan-out of an outbox row; tried again at the next sweep');
        }
      }
      return done;
    });
    return { claimed, done: removed };
  }
}
