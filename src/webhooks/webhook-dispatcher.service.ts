import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { UsersService } from '../accounts/users.service.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { EngagementEvents, type CommittedEngagement } from '../common/engagement-events.js';
import { JOB_QUEUE, PermanentJobError, type JobContext, type JobQueue } from '../queue/job-queue.js';
import { MailService } from '../mail/mail.service.js';
import { webhookDisabledMail } from '../mail/mail-views.js';
import { WebhookHttpAdapter } from './webhook-http.adapter.js';
import { WebhookRepository, type NewDelivery } from './webhook.repository.js';
import { DELIVERY_ATTEMPTS, eventData, eventOf, isDelivered, messageBody, RETRY_DELAYS_MS, shouldDisable, signedHeaders, TEST_EVENT } from './webhook-rules.js';
import { messageIdOf, WEBHOOK_DELIVER_JOB, WEBHOOK_FANOUT_JOB, WEBHOOK_TEST_JOB, type DeliverJobData, type FanoutEvent, type FanoutJobData } from './webhook-jobs.js';

// Whether any endpoint is on is looked up this often (and at once when one is made or turned on
// here), so an app without webhooks queues nothing for its ingest.
const ENABLED_CHECK_MS = 30_000;
const PURGE_EVERY_MS = 6 * 3_600_000;
const KEEP_LOG_MS = 30 * 24 * 3_600_000;

// Turns committed opens and clicks into signed webhook deliveries, off the ingest's path: the
// ingest's listener only queues one fan-out job per committed batch (no await, no query); the
// job finds the endpoints that want the events and queues one delivery job each, which the queue
// retries on the schedule of webhook-rules.ts (about a day). An endpoint failing for three days
// is turned off and its owner mailed.
@Injectable()
export class WebhookDispatcher implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private anyEnabled = true;
  private timers: NodeJS.Timeout[] = [];
  // Counted for the logs and the load bench.
  readonly stats = { batchesQueued: 0, batchesSkipped: 0, enqueueFailures: 0 };

  constructor(
    private readonly repo: WebhookRepository,
    private readonly http: WebhookHttpAdapter,
    private readonly events: EngagementEvents,
    private readonly mail: MailService,
    private readonly users: UsersService,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
  ) {}

  onModuleInit(): void {
    this.queue.register<FanoutJobData, unknown>(WEBHOOK_FANOUT_JOB, (job) => this.fanOut(job), { concurrency: 2, attempts: 5, backoff: { type: 'exponential', delayMs: 2_000 } });
    this.queue.register<DeliverJobData, unknown>(WEBHOOK_DELIVER_JOB, (job) => this.deliver(job, false), {
      concurrency: 8,
      attempts: DELIVERY_ATTEMPTS,
      backoff: { type: 'schedule', delayMs: RETRY_DELAYS_MS[0], delaysMs: RETRY_DELAYS_MS },
    });
    this.queue.register<DeliverJobData, unknown>(WEBHOOK_TEST_JOB, (job) => this.deliver(job, true), { concurrency: 2, attempts: 1 });
    this.events.on((batch) => this.onCommitted(batch));
  }

  onApplicationBootstrap(): void {
    void this.refreshEnabled();
    const check = setInterval(() => void this.refreshEnabled(), ENABLED_CHECK_MS);
    const purge = setInterval(() => void this.repo.purgeFinished(new Date(Date.now() - KEEP_LOG_MS)).catch((e) => this.logger.warn({ err: e }, 'Could not purge the webhook log')), PURGE_EVERY_MS);
    check.unref();
    purge.unref();
    this.timers = [check, purge];
  }

  onApplicationShutdown(): void {
    for (const t of this.timers) clearInterval(t);
  }

  // An endpoint was made or turned on in this process: deliver from the next batch on.
  endpointEnabled(): void {
    this.anyEnabled = true;
  }

  private async refreshEnabled(): Promise<void> {
    try {
      this.anyEnabled = await this.repo.anyEnabled();
    } catch (e) {
      this.logger.warn({ err: e }, 'Could not check for webhook endpoints');
    }
  }

  // On the ingest's path: synchronous, no query; one job per batch.
  private onCommitted(batch: readonly CommittedEngagement[]): void {
    if (!this.anyEnabled) {
      this.stats.batchesSkipped++;
      return;
    }
    const events: FanoutEvent[] = [];
    for (const e of batch) {
      if (e.machineReason || !eventOf(e.kind)) continue;
      events.push({
        snippetId: e.snippetId,
        kind: e.kind,
        occurredAt: new Date(e.occurredAt).toISOString(),
        receiver: e.receiver ?? null,
        countryCode: e.countryCode ?? null,
        countryName: e.countryName ?? null,
        region: e.region ?? null,
        city: e.city ?? null,
        deviceType: e.deviceType ?? null,
        platform: e.platform ?? null,
        client: e.client ?? null,
        target: e.target ?? null,
        destination: e.destination ?? null,
        destinationLabel: e.destinationLabel ?? null,
      });
    }
    if (!events.length) return;
    this.stats.batchesQueued++;
    this.queue.enqueue<FanoutJobData>(WEBHOOK_FANOUT_JOB, { events }).catch((e: unknown) => {
      this.stats.enqueueFailures++;
      this.logger.error({ err: e, events: events.length }, 'Could not queue webhook deliveries for a committed batch');
    });
  }

  private async fanOut(job: JobContext<FanoutJobData>): Promise<unknown> {
    const events = job.data?.events ?? [];
    if (!events.length) return { deliveries: 0 };
    const targets = await this.repo.endpointsFor([...new Set(events.map((e) => e.snippetId))]);
    const now = new Date();
    const rows: NewDelivery[] = [];
    events.forEach((e, i) => {
      const type = eventOf(e.kind);
      if (!type) return;
      for (const t of targets) {
        if (t.snippetId !== e.snippetId || !t.events.includes(type)) continue;
        rows.push({ endpointId: t.endpointId, eventType: type, eventKey: `${job.id}:${i}`, payload: messageBody(type, now, eventData({ ...e, occurredAt: new Date(e.occurredAt) }, t)) });
      }
    });
    await this.repo.insertDeliveries(rows);
    // Also those a killed earlier run of this job stored but did not queue (ids are idempotent).
    const pending = rows.length ? await this.repo.pendingWithKeyPrefix(`${job.id}:`) : [];
    for (const d of pending) await this.queue.enqueue<DeliverJobData>(WEBHOOK_DELIVER_JOB, { deliveryId: d.id }, { jobId: `whd-${d.id}` });
    return { deliveries: pending.length };
  }

  private async deliver(job: JobContext<DeliverJobData>, isTest: boolean): Promise<unknown> {
    const id = job.data?.deliveryId;
    if (typeof id !== 'string') throw new PermanentJobError('The job names no delivery.');
    const d = await this.repo.deliveryToSend(id);
    // Gone with its endpoint, or finished by an earlier run.
    if (!d || d.state !== 'pending') return { sent: false };
    if (!d.enabled && !isTest) {
      await this.repo.finishDelivery(d.id, 'skipped');
      return { sent: false, reason: 'endpoint turned off' };
    }
    const now = new Date();
    const result = await this.http.post(new URL(d.url), signedHeaders(d.secret, messageIdOf(d.id), now, d.payload), d.payload, {
      allowPrivate: this.config.webhookAllowPrivateTargets,
      timeoutMs: this.config.webhookTimeoutMs,
      signal: job.signal,
    });
    if (job.signal.aborted) throw new Error('Interrupted by shutdown');
    const ok = isDelivered(result.statusCode);
    await this.repo.recordAttempt({ deliveryId: d.id, endpointId: d.endpointId, succeeded: ok, ...result, error: ok ? null : (result.error ?? `HTTP ${result.statusCode}`) });
    if (ok) {
      await this.repo.finishDelivery(d.id, 'delivered');
      if (!isTest) await this.repo.markHealthy(d.endpointId);
      return { sent: true, status: result.statusCode };
    }
    const why = result.error ?? `The receiver answered ${result.statusCode}`;
    if (isTest || d.eventType === TEST_EVENT) {
      await this.repo.finishDelivery(d.id, 'failed');
      return { sent: false, error: why };
    }
    const failingSince = await this.repo.markFailing(d.endpointId);
    if (shouldDisable(failingSince, now)) {
      await this.repo.finishDelivery(d.id, 'failed');
      if (await this.repo.disable(d.endpointId, `Turned off on ${now.toISOString().slice(0, 10)}: every delivery failed for three days.`)) {
        await this.mailOwner(d.userId, d.url, failingSince!, why);
      }
      return { sent: false, error: why, disabled: true };
    }
    if (job.attempt >= job.maxAttempts) await this.repo.finishDelivery(d.id, 'failed');
    throw new Error(why);
  }

  private async mailOwner(userId: string, url: string, failingSince: Date, lastError: string): Promise<void> {
    try {
      // A job runs outside any request: the accounts module's look-up gets a context of its own.
      const user = await RequestContext.create(this.orm.em, () => this.users.findById(userId));
      if (!user) return;
      const link = `${this.config.publicBaseUrl.replace(/\/+$/, '')}/integrations`;
      await this.mail.send(user.email, webhookDisabledMail({ firstName: user.firstName, endpointUrl: url, failingSince: failingSince.toUTCString(), lastError, link }));
    } catch (e) {
      this.logger.warn({ err: e }, 'Could not mail the owner of a turned-off webhook endpoint');
    }
  }
}
