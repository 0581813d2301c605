// The webhook jobs (webhook-dispatcher.service.ts runs them) and what they carry.
import type { PackedEvents } from '../common/event-buffer.js';

// One per committed ingest batch that some enabled endpoint may want: turns its events into
// deliveries and queues them.
export const WEBHOOK_FANOUT_JOB = 'webhook-fanout';
// One per fan-out and endpoint: signs and sends its deliveries; retried (what is still pending)
// on the schedule of webhook-rules.ts.
export const WEBHOOK_DELIVER_JOB = 'webhook-deliver';
// "Send test event": one try, never counted as the endpoint failing.
export const WEBHOOK_TEST_JOB = 'webhook-test';

export interface FanoutEvent {
  snippetId: string;
  kind: string;
  occurredAt: string;
  receiver: string | null;
  countryCode: string | null;
  countryName: string | null;
  region: string | null;
  city: string | null;
  deviceType: string | null;
  platform: string | null;
  client: string | null;
  target: string | null;
  destination: string | null;
  destinationLabel: string | null;
}

// Every field of a FanoutEvent, the order its packing uses.
export const FANOUT_FIELDS: readonly (keyof FanoutEvent)[] = [
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
];

// The events packed (common/event-buffer.ts); `events`, a list of objects, in jobs queued by an
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
