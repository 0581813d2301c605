// The webhook jobs (webhook-dispatcher.service.ts runs them) and what they carry.
import { createHash } from 'node:crypto';
import type { CommittedEngagement } from '../engagement/engagement-events.js';
import type { PackedEvents } from '../engagement/event-buffer.js';
import type { Who } from '../engagement/viewer-activity-sql.js';
import { eventOf } from './webhook-rules.js';

// One per committed ingest batch that some enabled endpoint may want: turns its events into
// deliveries and queues them.
export const WEBHOOK_FANOUT_JOB = 'webhook-fanout';
// One per fan-out and endpoint: signs and sends its deliveries; retried (what is still pending)
// on the schedule of webhook-rules.ts.
export const WEBHOOK_DELIVER_JOB = 'webhook-deliver';
// "Send test event": one try, never counted as the endpoint failing.
export const WEBHOOK_TEST_JOB = 'webhook-test';

// The webhooks' outbox rows (engagement/engagement-outbox.ts).
export const OUTBOX_CONSUMER = 'webhooks';

// One committed event as a fan-out job carries it. Who made it, from where and on what are the
// stored Who's fields, less the address, the user agent and the machine reason (never sent).
export interface FanoutEvent extends Pick<Who, 'receiver' | 'countryCode' | 'countryName' | 'region' | 'city' | 'deviceType' | 'platform' | 'client'> {
  // What makes its deliveries one per endpoint however often it is fanned out: the stored row's id
  // (engagement), or a play's milestone as "<kind>:<playId>" (null in jobs queued by an older
  // version).
  key: string | null;
  snippetId: string;
  kind: string;
  occurredAt: string;
  target: string | null;
  destination: string | null;
  destinationLabel: string | null;
  // A play's milestones (absent in jobs queued by an older version; text once packed).
  playId?: string | null;
  milestone?: number | string | null;
  watchedSecs?: number | string | null;
  videoSecs?: number | string | null;
  soundOn?: boolean | string | null;
}

// Every field of a FanoutEvent, the order its packing uses.
export const FANOUT_FIELDS: readonly (keyof FanoutEvent)[] = [
  'key',
  'snippetId',
  'kind',
  'occurredAt',
  'receiver',
  'countryCode',
  'countryName',
  'region',
  'city',
  'deviceType',
  'platform',
  'client',
  'target',
  'destination',
  'destinationLabel',
  'playId',
  'milestone',
  'watchedSecs',
  'videoSecs',
  'soundOn',
];

// The events packed (engagement/event-buffer.ts); `events`, a list of objects, in jobs queued by an
// older version.
export interface FanoutJobData {
  packed?: PackedEvents;
  events?: FanoutEvent[];
}

export interface DeliverJobData {
  // Deliveries to one endpoint.
  deliveryIds: string[];
}

// The webhook-id of a delivery (the same on each retry).
export function messageIdOf(deliveryId: string): string {
  return `msg_${deliveryId.replace(/-/g, '')}`;
}

// The key of a committed event: the stored row's id, else a play's milestone (each play reaches
// each once), else none.
export function fanoutKeyOf(e: { id?: string | null; playId?: string | null; kind: string }): string | null {
  return e.id ? e.id : e.playId ? `${e.kind}:${e.playId}` : null;
}

// What a fan-out job carries of a committed event (null: not for webhooks). On the ingest's
// path the batches with an outbox row for the webhooks are buffered (synchronous, no query) and
// queued as one fan-out job at most every FLUSH_MS (or every FLUSH_MAX events) of
// webhook-dispatcher.service.ts: a job per committed batch cost more than the webhooks themselves
// under a campaign's load (bench/webhooks.mjs).
export function fanoutEventOf(e: CommittedEngagement): FanoutEvent | null {
  return e.machineReason || !eventOf(e.kind)
    ? null
    : {
        key: fanoutKeyOf(e),
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
        ...(e.playId ? { playId: e.playId, milestone: e.milestone ?? null, watchedSecs: e.watchedSecs ?? null, videoSecs: e.videoSecs ?? null, soundOn: e.soundOn ?? null } : {}),
      };
}

// A fan-out job's delivery of event `index` of its events: from its key when it has one (the same
// whichever job fans it out: a live job, or the outbox's sweeper replaying the batch of a killed
// process), else the job's own.
export function eventKeyOf(key: string | null | undefined, jobId: string, index: number): string {
  if (!key) return `${jobId}:${index}`;
  return /^\d+$/.test(key) ? `e${key}` : `p${key}`;
}

// A delivery's id, from its endpoint and event key (unique together): a delivery made twice is
// one row, with one webhook-id (messageIdOf). A UUID in form (version 8, a hash).
export function deliveryIdOf(endpointId: string, eventKey: string): string {
  const h = createHash('sha256').update(`${endpointId}|${eventKey}`).digest('hex');
  const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

// The fan-out job the sweeper queues for an outbox row (one job however often it is swept).
export function outboxFanoutJobId(outboxId: string): string {
  return `${WEBHOOK_FANOUT_JOB}-outbox-${outboxId}`;
}
