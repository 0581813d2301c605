import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { AppSecretsService } from '../common/app-secrets.service.js';
import { EngagementEvents, type CommittedEngagement } from '../engagement/engagement-events.js';
import { EngagementOutbox } from '../engagement/engagement-outbox.js';
import { EventBuffer, packEvents, unpackEvents } from '../engagement/event-buffer.js';
import { JOB_QUEUE, PermanentJobError, type JobContext, type JobQueue } from '../queue/job-queue.js';
import { MailService } from '../mail/mail.service.js';
import { digestMail, eventMail, summaryMail, type MailLinks } from './notification-mails.js';
import { notificationKeyOf, NOTIFY_DIGEST_JOB, NOTIFY_FANOUT_FIELDS, NOTIFY_FANOUT_JOB, NOTIFY_SUMMARY_JOB, type NotifyDigestData, type NotifyFanoutData, type NotifyFanoutEvent, type NotifySummaryData } from './notification-jobs.js';
import { effectiveEvents, isNamedRecipient, notifyEventOf, unsubscribeToken, type NotifyEvent } from './notification-rules.js';
import { NotificationRepository, type NewNotification, type RecipientOfSnippet } from './notification.repository.js';
import { NotificationCapRepository } from './notification-cap.repository.js';
import { BellHub } from './bell-hub.service.js';
import { addressFloods, capSummary, SIGHTING_LOOKBACK_MS } from './notification-cap.js';

const FLUSH_MS = 100;
const FLUSH_MAX = 1_000;
export const UNSUBSCRIBE_SECRET = 'notify-unsubscribe';
// The notifications' outbox rows (engagement/engagement-outbox.ts).
export const OUTBOX_CONSUMER = 'notifications';

// Mails the owner (the EyeMail's creator, and each member of its workspace following it: each
// with their own choice, throttle and cap) when a named recipient opens, plays, watches half or clicks, like the webhooks
// off the ingest's path: the listener buffers committed events (no query, engagement/event-buffer.ts)
// and queues one fan-out job per 100 ms, which waits while the ingest is busy (a burst of hits is
// answered first; the job, safe in the queue, runs once it has passed). A batch with events of
// named recipients stores an outbox row for the notifications (engagement/engagement-outbox.ts),
// removed once the job is queued: a process killed before that has them queued by the outbox's
// sweeper (a replay goes through the same throttle). The job applies each EyeMail's choice and the hourly throttle (one mail per
// owner, EyeMail and recipient; the rest held), then the cap per owner and EyeMail
// (notification-cap.ts: a few mails in ten minutes, none for new recipients of an address
// flood; the rest capped), records every event for the dashboard's bell, and sends. A sweep
// queues a digest job for each window whose held events are due, and a summary job for each
// cap window whose capped events are.
@Injectable()
export class Notifier implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Notifications');
  private readonly buffer = new EventBuffer<NotifyFanoutEvent>({
    flushMs: FLUSH_MS,
    flushMax: FLUSH_MAX,
    send: (events) => this.queue.enqueue<NotifyFanoutData>(NOTIFY_FANOUT_JOB, { packed: packEvents(events, NOTIFY_FANOUT_FIELDS) }),
    onSendError: (e, events) => this.logger.error({ err: e, events }, 'Could not queue notifications; the outbox sweeper queues them later'),
    settle: (refs) => this.outbox.remove(refs),
  });
  private sweepTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly repo: NotificationRepository,
    private readonly events: EngagementEvents,
    private readonly mail: MailService,
    private readonly secrets: AppSecretsService,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: EngagementOutbox,
    private readonly caps: NotificationCapRepository,
    private readonly hub: BellHub,
  ) {}

  onModuleInit(): void {
    this.queue.register<NotifyFanoutData, unknown>(NOTIFY_FANOUT_JOB, (job) => this.fanOut(job), { concurrency: 1, attempts: 5, backoff: { type: 'exponential', delayMs: 2_000 } });
    this.queue.register<NotifyDigestData, unknown>(NOTIFY_DIGEST_JOB, (job) => this.digest(job), { concurrency: 2, attempts: 5, backoff: { type: 'exponential', delayMs: 5_000 } });
    this.queue.register<NotifySummaryData, unknown>(NOTIFY_SUMMARY_JOB, (job) => this.summary(job), { concurrency: 2, attempts: 5, backoff: { type: 'exponential', delayMs: 5_000 } });
    this.events.consume({
      name: OUTBOX_CONSUMER,
      wants: (e) => notifyEventOf(e.kind) !== null && !e.machineReason && isNamedRecipient(e.receiver),
      take: (batch, outboxId) => this.buffer.add(batch, fanoutEvent, outboxId),
      replay: async (batch, outboxId) => {
        const events = batch.flatMap((e) => fanoutEvent(e) ?? []);
        if (events.length) await this.queue.enqueue<NotifyFanoutData>(NOTIFY_FANOUT_JOB, { packed: packEvents(events, NOTIFY_FANOUT_FIELDS) }, { jobId: `${NOTIFY_FANOUT_JOB}-outbox-${outboxId}` });
      },
    });
  }

  onApplicationBootstrap(): void {
    const every = Math.max(1_000, Math.min(30_000, Math.floor(Math.min(this.config.notifyWindowMs, this.config.notifyCapWindowMs) / 4)));
    this.sweepTimer = setInterval(() => void this.sweep(), every);
    this.sweepTimer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    await this.buffer.flush();
  }

  private async fanOut(job: JobContext<NotifyFanoutData>): Promise<unknown> {
    const unpacked = unpackEvents<NotifyFanoutEvent>(job.data?.packed ?? job.data?.events);
    if (!unpacked.length) return { mailed: 0 };
    await this.events.whenQuiet(job.signal);
    // An event fanned out before (a replay after a kill, or this job run again) is not again.
    const recorded = await this.repo.recordedKeys(unpacked.flatMap((e) => e.key ?? []));
    const events = recorded.size ? unpacked.filter((e) => !e.key || !recorded.has(e.key)) : unpacked;
    if (!events.length) return { mailed: 0 };
    // Each EyeMail's creator and the members following it (one statement for the whole batch).
    const people = new Map<string, RecipientOfSnippet[]>();
    for (const r of await this.repo.recipients([...new Set(events.map((e) => e.snippetId))])) {
      const list = people.get(r.snippetId);
      if (list) list.push(r);
      else people.set(r.snippetId, [r]);
    }
    const rows: NewNotification[] = [];
    const mails: { owner: RecipientOfSnippet; e: NotifyFanoutEvent }[] = [];
    // The events that mail if the throttle lets them, claimed together.
    const wanted: { row: NewNotification; owner: RecipientOfSnippet; e: NotifyFanoutEvent }[] = [];
    for (const e of events) {
      for (const person of people.get(e.snippetId) ?? []) {
        const chosen = wantedEvents(person);
        // The creator's bell records every event; a follower's only those they follow.
        if (!person.creator && !chosen.includes(e.event)) continue;
        // One key per event and person (the key is unique): the creator's is the event's own,
        // which the check above finds once the fan-out is recorded (every row in one statement).
        const eventKey = e.key ? (person.creator ? e.key : `${e.key}|${person.userId}`) : null;
        const row: NewNotification = { userId: person.userId, snippetId: e.snippetId, receiver: e.receiver, kind: e.event, occurredAt: new Date(e.occurredAt), mailState: 'off', eventKey, ip: e.ip || null };
        rows.push(row);
        if (chosen.includes(e.event)) wanted.push({ row, owner: person, e });
      }
    }
    const floods = await this.addressFloods(rows);
    const decisions = await this.repo.claimAll(
      wanted.map((w) => ({ ...w.row, flood: floods.has(w.row) })),
      new Date(),
      this.config.notifyWindowMs,
      { max: this.config.notifyCap, windowMs: this.config.notifyCapWindowMs },
    );
    wanted.forEach((w, i) => {
      const action = decisions[i].action;
      w.row.mailState = action === 'mail' ? 'mailed' : action === 'hold' ? 'held' : 'capped';
      if (decisions[i].action === 'mail') mails.push({ owner: w.owner, e: w.e });
    });
    await this.repo.insertEvents(rows);
    // The bell's streams open in this process hear it now (others within a tick).
    this.hub.changed(rows.map((r) => r.userId));
    for (const { owner, e } of mails) {
      await this.mail.send(owner.email, eventMail({ firstName: owner.firstName, receiver: e.receiver, snippetTitle: owner.title, kind: e.event as NotifyEvent, occurredAt: new Date(e.occurredAt), ...(await this.links(owner.userId, owner.snippetId)) }));
    }
    return { events: rows.length, mailed: mails.length };
  }

  // Queues a digest for each window whose held events are due (idempotent job ids: any number of
  // processes may sweep).
  async sweep(): Promise<void> {
    try {
      for (const w of await this.repo.dueDigests(new Date())) {
        const key = createHash('sha256').update(`${w.userId}|${w.snippetId}|${w.receiver}`).digest('hex').slice(0, 32);
        await this.queue.enqueue<NotifyDigestData>(NOTIFY_DIGEST_JOB, { userId: w.userId, snippetId: w.snippetId, receiver: w.receiver }, { jobId: `nd-${key}-${new Date(w.digestAt).getTime()}` });
      }
      for (const c of await this.caps.dueSummaries(new Date())) {
        await this.queue.enqueue<NotifySummaryData>(NOTIFY_SUMMARY_JOB, { userId: c.userId, snippetId: c.snippetId }, { jobId: `ns-${c.userId}-${c.snippetId}-${new Date(c.digestAt).getTime()}` });
      }
    } catch (e) {
      this.logger.warn({ err: e }, 'Could not queue notification digests');
    }
  }

  private async digest(job: JobContext<NotifyDigestData>): Promise<unknown> {
    const key = job.data;
    if (!key?.userId || !key.snippetId || typeof key.receiver !== 'string') throw new PermanentJobError('The job names no window.');
    const held = await this.repo.takeHeld(key, new Date());
    if (!held.length) return { mailed: 0 };
    // Taken either way (the window is done): mailed only to its creator or a member still
    // following it (a follower removed or unfollowed since gets no digest).
    const owner = await this.recipient(key.snippetId, key.userId);
    if (!owner) return { mailed: 0 };
    await this.mail.send(owner.email, digestMail({ firstName: owner.firstName, receiver: key.receiver, snippetTitle: owner.title, events: held, ...(await this.links(owner.userId, owner.snippetId)) }));
    return { mailed: 1, events: held.length };
  }

  // The events (of `rows`) of recipients new from an address past what one person does, judged
  // with the recipients earlier fan-outs recorded from the same addresses.
  private async addressFloods(rows: readonly NewNotification[]): Promise<Set<NewNotification>> {
    const withIp = rows.filter((r) => r.ip);
    if (!withIp.length) return new Set();
    const pairs = [...new Map(withIp.map((r) => [`${r.snippetId} ${r.ip}`, { snippetId: r.snippetId, ip: r.ip! }])).values()];
    const since = new Date(Math.min(...withIp.map((r) => r.occurredAt.getTime())) - SIGHTING_LOOKBACK_MS);
    const seen = await this.caps.sightings(pairs, since);
    const floods = addressFloods(withIp.map((r) => ({ snippetId: r.snippetId, ip: r.ip!, receiver: r.receiver, kind: r.kind, at: r.occurredAt.getTime() })), seen);
    return new Set(withIp.filter((_, i) => floods.has(i)));
  }

  private async summary(job: JobContext<NotifySummaryData>): Promise<unknown> {
    const key = job.data;
    if (!key?.userId || !key.snippetId) throw new PermanentJobError('The job names no cap window.');
    const capped = await this.caps.takeCapped(key);
    if (!capped.length) return { mailed: 0 };
    const owner = await this.recipient(key.snippetId, key.userId);
    if (!owner) return { mailed: 0 };
    const { lines } = capSummary(capped);
    await this.mail.send(owner.email, summaryMail({ firstName: owner.firstName, snippetTitle: owner.title, lines, ...(await this.links(owner.userId, owner.snippetId)) }));
    return { mailed: 1, events: capped.length };
  }

  // This person, if the EyeMail's events still reach them (its creator, or a member following it).
  private async recipient(snippetId: string, userId: string): Promise<RecipientOfSnippet | null> {
    return (await this.repo.recipients([snippetId])).find((r) => r.userId === userId) ?? null;
  }

  private async links(userId: string, snippetId: string): Promise<MailLinks> {
    const secret = await this.secrets.get(UNSUBSCRIBE_SECRET);
    const base = this.config.publicBaseUrl.replace(/\/+$/, '');
    const link = (s: string | null) => `${base}/notifications/unsubscribe?token=${encodeURIComponent(unsubscribeToken({ userId, snippetId: s }, secret))}`;
    return { reportLink: `${base}/reports/${snippetId}`, unsubscribeLink: link(snippetId), unsubscribeAllLink: link(null) };
  }
}

// The events that mail this person: the creator's choice for the EyeMail or their account
// default; a follower's choice for the EyeMail only.
function wantedEvents(person: RecipientOfSnippet): readonly string[] {
  return person.creator ? effectiveEvents(person.accountEvents, person.snippetEvents) : (person.snippetEvents ?? []);
}

// What a fan-out job carries of a committed event (null: it does not notify). On the ingest's
// path: synchronous, no query.
function fanoutEvent(e: CommittedEngagement): NotifyFanoutEvent | null {
  const event = notifyEventOf(e.kind);
  if (!event || e.machineReason || !isNamedRecipient(e.receiver)) return null;
  // The ingest's rows carry their address (the outbox's replays do not).
  const ip = (e as CommittedEngagement & { ip?: string | null }).ip ?? null;
  return { key: notificationKeyOf(e), snippetId: e.snippetId, receiver: e.receiver.trim(), event, occurredAt: new Date(e.occurredAt).toISOString(), ip };
}
