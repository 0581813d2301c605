import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { UsersService } from '../accounts/users.service.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { EngagementEvents, type SqlExecutor } from '../engagement/engagement-events.js';
import { EngagementOutbox } from '../engagement/engagement-outbox.js';
import { EventBuffer, packEvents, unpackEvents } from '../engagement/event-buffer.js';
import { JOB_QUEUE, PermanentJobError, type JobContext, type JobQueue } from '../queue/job-queue.js';
import { MailService } from '../mail/mail.service.js';
import { webhookDisabledMail } from '../mail/mail-views.js';
import { checkTargetUrl } from './target-address.js';
import { WebhookHttpAdapter } from './webhook-http.adapter.js';
import { WebhookRepository, type NewAttempt, type NewDelivery } from './webhook.repository.js';
import { DELIVERY_ATTEMPTS, endpointWants, eventData, eventOf, isDelivered, messageBody, RETRY_DELAYS_MS, shouldDisable, signedHeaders, TEST_EVENT } from './webhook-rules.js';
import {
  eventKeyOf,
  FANOUT_FIELDS,
  fanoutEventOf,
  messageIdOf,
  OUTBOX_CONSUMER,
  outboxFanoutJobId,
  WEBHOOK_DELIVER_JOB,
  WEBHOOK_FANOUT_JOB,
  WEBHOOK_TEST_JOB,
  type DeliverJobData,
  type FanoutEvent,
  type FanoutJobData,
} from './webhook-jobs.js';

// Whether any endpoint is on is known to each instance, so an app without webhooks queues nothing
// for its ingest. While none is, it is looked up again before each load of opens and clicks (one
// indexed look-up in the load's transaction: prepare), so an endpoint made through any instance is sent every open
// and click that happens after it was made, whichever instance loads them (fan-out keeps those
// from its creation on: endpointWants). Once one is on, this check every 3 s notices when the
// last is turned off. (It was the only check: an endpoint made through another instance then
// missed what that instance loaded in its first seconds, after the instance it was made through
// had already delivered later opens.)
const ENABLED_CHECK_MS = 3_000;
const PURGE_EVERY_MS = 6 * 3_600_000;
const KEEP_LOG_MS = 30 * 24 * 3_600_000;
// Committed events wait at most this long (or until this many) before their fan-out job is queued.
const FLUSH_MS = 100;
const FLUSH_MAX = 1_000;
// Messages of one delivery job in flight at once (to one endpoint).
const SENDS_AT_ONCE = 4;

// Turns committed opens and clicks into signed webhook deliveries, off the ingest's path: the
// ingest's listener only buffers the events (no await, no query, engagement/event-buffer.ts), and one
// fan-out job is queued for whatever committed within 100 ms. While an endpoint is on, each batch
// stores an outbox row for the webhooks with its rows (engagement/engagement-outbox.ts), removed once
// the job is queued; a process killed before that has its batches' fan-out queued by the outbox's
// sweeper, and each delivery's id (its webhook-id) comes from the endpoint and the stored row, so
// an event fanned out twice is one delivery. Fan-out and delivery jobs wait while
// the ingest is busy (a burst of hits is answered first; the jobs, safe in the queue, run once it
// has passed, or after at most 30 s). The fan-out job finds the endpoints that want the events and
// queues one delivery job per endpoint, which the queue retries on the schedule of
// webhook-rules.ts (about a day). An endpoint failing for three days is turned off and its owner
// mailed.
@Injectable()
export class WebhookDispatcher implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy, OnApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private anyEnabled = true;
  // Each look-up of anyEnabled (and each endpoint made here) takes a number; an answer is kept only
  // if no later look-up started meanwhile, so a periodic check that began before an endpoint was
  // made cannot undo what a load's look-up (or endpointEnabled) found since.
  private enabledAsked = 0;
  // Events of the batches committed since the last fan-out job was queued (see onCommitted).
  private readonly buffer = new EventBuffer<FanoutEvent>({
    flushMs: FLUSH_MS,
    flushMax: FLUSH_MAX,
    send: (events) => {
      this.stats.batchesQueued++;
      return this.queue.enqueue<FanoutJobData>(WEBHOOK_FANOUT_JOB, { packed: packEvents(events, FANOUT_FIELDS) });
    },
    onSendError: (e, events) => {
      this.stats.enqueueFailures++;
      this.logger.error({ err: e, events }, 'Could not queue webhook deliveries for committed events; the outbox sweeper queues them later');
    },
    settle: (refs) => this.outbox.remove(refs),
  });
  private timers: NodeJS.Timeout[] = [];
  // Counted for the logs and the load bench.
  readonly stats = { batchesQueued: 0, batchesReplayed: 0, enqueueFailures: 0 };

  constructor(
    private readonly repo: WebhookRepository,
    private readonly http: WebhookHttpAdapter,
    private readonly events: EngagementEvents,
    private readonly mail: MailService,
    private readonly users: UsersService,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
    private readonly outbox: EngagementOutbox,
  ) {}

  onModuleInit(): void {
    this.queue.register<FanoutJobData, unknown>(WEBHOOK_FANOUT_JOB, (job) => this.fanOut(job), { concurrency: 2, attempts: 5, backoff: { type: 'exponential', delayMs: 2_000 } });
    this.queue.register<DeliverJobData, unknown>(WEBHOOK_DELIVER_JOB, (job) => this.deliver(job, false), {
      concurrency: 4,
      attempts: DELIVERY_ATTEMPTS,
      backoff: { type: 'schedule', delayMs: RETRY_DELAYS_MS[0], delaysMs: RETRY_DELAYS_MS },
    });
    this.queue.register<DeliverJobData, unknown>(WEBHOOK_TEST_JOB, (job) => this.deliver(job, true), { concurrency: 2, attempts: 1 });
    this.events.consume({
      name: OUTBOX_CONSUMER,
      prepare: async (batch, query) => {
        if (!this.anyEnabled && batch.some((e) => !e.machineReason && eventOf(e.kind) !== null)) await this.refreshEnabled(query);
      },
      wants: (e) => this.anyEnabled && !e.machineReason && eventOf(e.kind) !== null,
      take: (batch, outboxId) => this.buffer.add(batch, fanoutEventOf, outboxId),
      replay: async (batch, outboxId) => {
        const events = batch.flatMap((e) => fanoutEventOf(e) ?? []);
        if (!events.length) return;
        this.stats.batchesReplayed++;
        await this.queue.enqueue<FanoutJobData>(WEBHOOK_FANOUT_JOB, { packed: packEvents(events, FANOUT_FIELDS) }, { jobId: outboxFanoutJobId(outboxId) });
      },
    });
  }

  onApplicationBootstrap(): void {
    void this.refreshEnabled();
    const check = setInterval(() => void this.refreshEnabled(), ENABLED_CHECK_MS);
    const purge = setInterval(() => void this.repo.purgeFinished(new Date(Date.now() - KEEP_LOG_MS)).catch((e) => this.logger.warn({ err: e }, 'Could not purge the webhook log')), PURGE_EVERY_MS);
    check.unref();
    purge.unref();
    this.timers = [check, purge];
  }

  // First of the shutdown hooks (every module's onModuleDestroy runs before any queue stops):
  // what is buffered is queued.
  async onModuleDestroy(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    await this.buffer.flush();
  }

  onApplicationShutdown(): void {
    this.buffer.stop();
  }

  // An endpoint was made or turned on in this process: deliver from the next batch on.
  endpointEnabled(): void {
    this.enabledAsked++;
    this.anyEnabled = true;
  }

  // The address an endpoint is saved with (https, not private: literally and as resolved now, as
  // each delivery checks it again), or why it cannot be sent to.
  async checkTarget(raw: string): Promise<{ url: URL } | { error: string }> {
    const allow = this.config.webhookAllowPrivateTargets;
    const target = checkTargetUrl(raw, allow);
    if ('error' in target) return target;
    const problem = await this.http.checkHost(target.url.hostname, allow);
    return problem ? { error: problem } : target;
  }

  // Stores a signed webhook.test message to the endpoint (even a turned-off one) and queues it,
  // tried once; its message id.
  async queueTest(endpointId: string): Promise<string> {
    const key = `test:${Date.now()}:${Math.random().toString(36).slice(2)}`;
    const payload = messageBody(TEST_EVENT, new Date(), { endpointId, message: 'A test event from EyeMail. Your receiver got it and can check its signature.' });
    await this.repo.insertDeliveries([{ endpointId, batchId: key, eventType: TEST_EVENT, eventKey: key, payload }]);
    const [delivery] = await this.repo.pendingOfBatch(key);
    await this.queue.enqueue<DeliverJobData>(WEBHOOK_TEST_JOB, { deliveryIds: [delivery.id] }, { jobId: `wht-${delivery.id}` });
    return messageIdOf(delivery.id);
  }

  // `query`: in a load's transaction (prepare), whose errors are the load's own; the periodic
  // check's are logged, and the last answer kept.
  private async refreshEnabled(query?: SqlExecutor): Promise<void> {
    const asked = ++this.enabledAsked;
    const on = query
      ? await this.repo.anyEnabled(query)
      : await this.repo.anyEnabled().catch((e: unknown) => (this.logger.warn({ err: e }, 'Could not check for webhook endpoints'), null));
    if (on !== null && asked === this.enabledAsked) this.anyEnabled = on;
  }

  private async fanOut(job: JobContext<FanoutJobData>): Promise<unknown> {
    const events = unpackEvents<FanoutEvent>(job.data?.packed ?? job.data?.events);
    if (!events.length) return { deliveries: 0 };
    await this.events.whenQuiet(job.signal);
    const targets = await this.repo.endpointsFor([...new Set(events.map((e) => e.snippetId))]);
    const now = new Date();
    const rows: NewDelivery[] = [];
    events.forEach((e, i) => {
      const type = eventOf(e.kind);
      if (!type) return;
      const event = { ...e, occurredAt: new Date(e.occurredAt) };
      for (const t of targets) {
        if (!endpointWants(t, event, type)) continue;
        rows.push({ endpointId: t.endpointId, batchId: job.id, eventType: type, eventKey: eventKeyOf(e.key, job.id, i), payload: messageBody(type, now, eventData(event, t)) });
      }
    });
    if (!rows.length) return { deliveries: 0 };
    await this.repo.insertDeliveries(rows);
    // Also those a killed earlier run of this job stored but did not queue (job ids are
    // idempotent): one delivery job per endpoint.
    const byEndpoint = new Map<string, string[]>();
    for (const d of await this.repo.pendingOfBatch(job.id)) byEndpoint.set(d.endpointId, [...(byEndpoint.get(d.endpointId) ?? []), d.id]);
    for (const [endpointId, deliveryIds] of byEndpoint) {
      await this.queue.enqueue<DeliverJobData>(WEBHOOK_DELIVER_JOB, { deliveryIds }, { jobId: `whd-${job.id}-${endpointId}` });
    }
    return { deliveries: rows.length, endpoints: byEndpoint.size };
  }

  // One round: the job's still-pending deliveries, in order, a few at once. The first failure
  // ends the round (a receiver that is down or erring is not sent the rest now); the queue tries
  // the job again later, and only what is still pending is sent then.
  private async deliver(job: JobContext<DeliverJobData>, isTest: boolean): Promise<unknown> {
    const ids = job.data?.deliveryIds;
    if (!Array.isArray(ids) || !ids.length) throw new PermanentJobError('The job names no delivery.');
    if (!isTest) await this.events.whenQuiet(job.signal);
    const pending = await this.repo.deliveriesToSend(ids);
    if (!pending.length) return { sent: 0 };
    const endpoint = pending[0];
    if (!endpoint.enabled && !isTest) {
      await this.repo.finishDeliveries(pending.map((d) => d.id), 'skipped');
      return { sent: 0, reason: 'endpoint turned off' };
    }
    const attempts: NewAttempt[] = [];
    let failure: string | null = null;
    const queue = [...pending];
    const worker = async () => {
      for (let d = queue.shift(); d && !failure && !job.signal.aborted; d = queue.shift()) {
        // A burst of hits that starts while a round is sending pauses it too, before its next
        // message (at once when the ingest is quiet; at most 30 s from the burst's start).
        if (!isTest) await this.events.whenQuiet(job.signal);
        if (job.signal.aborted) {
          queue.unshift(d);
          return;
        }
        const now = new Date();
        const r = await this.http.post(new URL(d.url), signedHeaders(d.secret, messageIdOf(d.id), now, d.payload), d.payload, {
          allowPrivate: this.config.webhookAllowPrivateTargets,
          timeoutMs: this.config.webhookTimeoutMs,
          signal: job.signal,
        });
        if (job.signal.aborted) return;
        const ok = isDelivered(r.statusCode);
        attempts.push({ deliveryId: d.id, endpointId: d.endpointId, succeeded: ok, statusCode: r.statusCode, durationMs: r.durationMs, responseStart: r.responseStart, error: ok ? null : (r.error ?? `HTTP ${r.statusCode}`) });
        if (!ok) failure ??= r.error ?? `The receiver answered ${r.statusCode}`;
      }
    };
    await Promise.all(Array.from({ length: Math.min(SENDS_AT_ONCE, pending.length) }, worker));
    await this.repo.recordAttempts(attempts);
    const delivered = attempts.filter((a) => a.succeeded).map((a) => a.deliveryId);
    await this.repo.finishDeliveries(delivered, 'delivered');
    if (job.signal.aborted) throw new Error('Interrupted by shutdown');
    const left = pending.filter((d) => !delivered.includes(d.id)).map((d) => d.id);
    if (!failure) {
      if (!isTest) await this.repo.markHealthy(endpoint.endpointId);
      return { sent: delivered.length };
    }
    if (isTest || endpoint.eventType === TEST_EVENT) {
      await this.repo.finishDeliveries(left, 'failed');
      return { sent: delivered.length, error: failure };
    }
    const now = new Date();
    const failingSince = await this.repo.markFailing(endpoint.endpointId);
    if (shouldDisable(failingSince, now)) {
      await this.repo.finishDeliveries(left, 'failed');
      if (await this.repo.disable(endpoint.endpointId, `Turned off on ${now.toISOString().slice(0, 10)}: every delivery failed for three days.`)) {
        await this.mailOwner(endpoint.userId, endpoint.url, failingSince!, failure);
      }
      return { sent: delivered.length, error: failure, disabled: true };
    }
    if (job.attempt >= job.maxAttempts) await this.repo.finishDeliveries(left, 'failed');
    throw new Error(`${left.length} of ${pending.length} not delivered: ${failure}`);
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
