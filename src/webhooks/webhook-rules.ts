import { createHmac, createSecretKey, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { PLAY_EVENT_KINDS, watchedMilestoneOf, type CommittedEngagement } from '../engagement/engagement-events.js';
import type { RateLimitPolicy } from '../common/rate-limit.js';
import { shareWatched } from '../shared/metrics/engagement-metrics.js';

// The decisions about webhooks, as pure functions (webhook-rules.spec.ts). Messages follow the
// Standard Webhooks specification (standardwebhooks.com): headers webhook-id, webhook-timestamp
// and webhook-signature ("v1," + base64 HMAC-SHA256 of "id.timestamp.body", keyed with the
// base64 after "whsec_"), body { type, timestamp, data }.

import { WEBHOOK_EVENTS, type WebhookEvent } from '../shared/webhook-events.js';

export { WEBHOOK_EVENTS, type WebhookEvent };
export const TEST_EVENT = 'webhook.test';

// A workspace holds at most this many endpoints, whoever made them.
export const ENDPOINTS_PER_WORKSPACE_MAX = 10;

// Waits between tries (the first try is at once): growing gaps, 27 h 35 min in all (the
// schedule Standard Webhooks' reference service uses).
export const RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000];
export const DELIVERY_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
// An endpoint whose every delivery has failed for this long is turned off, and its owner told.
export const DISABLE_AFTER_MS = 3 * 24 * 3_600_000;
// A receiver has this long to answer by default (WEBHOOK_TIMEOUT_SECONDS); the log keeps the
// start of its answer.
export const DELIVERY_TIMEOUT_MS = 15_000;
export const RESPONSE_START_MAX = 500;
// A receiver's answer is read up to this many bytes (enough for the log's start); then the
// connection is closed: an endless answer holds a delivery no longer than a short one, and the
// try counts by its status code.
export const RESPONSE_READ_MAX = 4096;

// Test events are signed POSTs sent on demand: a few a minute per endpoint and a few an hour per
// account and per workspace, so neither a person nor a company's admins together can have
// EyeMail post at will to an address of their choosing.
export const TEST_SENDS_PER_ENDPOINT: RateLimitPolicy = {
  name: 'webhook-test:endpoint',
  limit: 5,
  windowSeconds: 60,
  message: 'This endpoint has been sent 5 test events in the last minute, the most it may have. Wait a minute, then send another.',
};
export const TEST_SENDS_PER_ACCOUNT: RateLimitPolicy = {
  name: 'webhook-test:account',
  limit: 20,
  windowSeconds: 3600,
  message: 'Your account has sent 20 test events in the last hour, the most it may send. Wait a while, then send another.',
};
export const TEST_SENDS_PER_WORKSPACE: RateLimitPolicy = {
  name: 'webhook-test:workspace',
  limit: 20,
  windowSeconds: 3600,
  message: 'This workspace has sent 20 test events in the last hour, the most it may send. Wait a while, then send another.',
};

const KIND_EVENT: Record<string, WebhookEvent> = {
  open: 'eyemail.opened',
  click: 'eyemail.clicked',
  [PLAY_EVENT_KINDS.played]: 'eyemail.played',
  [PLAY_EVENT_KINDS.soundOn]: 'eyemail.sound_on',
};

// The webhook event of a committed kind (a play's milestones: common/engagement-events.ts), or
// null when none is sent for it.
export function eventOf(kind: string): WebhookEvent | null {
  return KIND_EVENT[kind] ?? (kind.startsWith('viewer-watched-') && watchedMilestoneOf(kind) !== null ? 'eyemail.watched' : null);
}

// A new signing secret: "whsec_" + 24 random bytes in base64. Shown once.
export function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

// A new message id (the same for every retry of one delivery).
export function newMessageId(): string {
  return `msg_${randomUUID().replace(/-/g, '')}`;
}

// The webhook-signature header of a message.
export function signature(secret: string, msgId: string, timestampSecs: number, body: string): string {
  return `v1,${createHmac('sha256', signingKey(secret)).update(`${msgId}.${timestampSecs}.${body}`, 'utf8').digest('base64')}`;
}

// Each secret's key, made once: an HMAC keyed with a Buffer builds its key object on every call
// (20 µs a message, against 2.4 µs with the key object kept; a tenth of a delivery's CPU).
const keys = new Map<string, KeyObject>();
const KEYS_MAX = 1_000;
function signingKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size >= KEYS_MAX) keys.clear();
    key = createSecretKey(Buffer.from(secret.replace(/^whsec_/, ''), 'base64'));
    keys.set(secret, key);
  }
  return key;
}

export function signedHeaders(secret: string, msgId: string, now: Date, body: string): Record<string, string> {
  const ts = Math.floor(now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'EyeMail-Webhooks/1',
    'webhook-id': msgId,
    'webhook-timestamp': String(ts),
    'webhook-signature': signature(secret, msgId, ts, body),
  };
}

// The data of an event, as receivers get it. Machine traffic (as classified at ingest) is never
// sent. A play's events add the play: its id (the viewer's, one per page load), the milestone
// (eyemail.watched: 25, 50, 75 or 100; else null), the share of the video it has watched (0-1,
// each second once), its seconds watched, the video's length (null: unknown) and the sound.
export function eventData(e: EventFacts, snippet: { title: string }): Record<string, unknown> {
  return {
    eyemailId: e.snippetId,
    eyemailTitle: snippet.title,
    occurredAt: new Date(e.occurredAt).toISOString(),
    receiver: e.receiver ?? null,
    location: { countryCode: e.countryCode ?? null, country: e.countryName ?? null, region: e.region ?? null, city: e.city ?? null },
    device: { type: e.deviceType ?? null, platform: e.platform ?? null, client: e.client ?? null },
    ...(e.kind === 'click' ? { click: { url: e.target ?? null, destination: e.destination ?? null, label: e.destinationLabel ?? null } } : {}),
    ...(e.playId ? { play: playData(e) } : {}),
  };
}

// An event as stored, or as a fan-out job carries it: its values as text (common/event-buffer.ts),
// read back here.
type PlayFacts = 'milestone' | 'watchedSecs' | 'videoSecs' | 'soundOn';
export type EventFacts = Omit<CommittedEngagement, PlayFacts> & { [K in PlayFacts]?: number | string | boolean | null };
const num = (v: unknown): number | null => (v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? null : Number(v));

function playData(e: EventFacts): Record<string, unknown> {
  const watched = num(e.watchedSecs) ?? 0;
  const length = num(e.videoSecs);
  return {
    id: e.playId,
    milestone: num(e.milestone),
    shareWatched: Math.round(shareWatched(watched, length) * 1000) / 1000,
    secondsWatched: watched,
    videoSeconds: length,
    soundOn: e.soundOn === true || String(e.soundOn) === 'true',
  };
}

export function messageBody(type: string, now: Date, data: Record<string, unknown>): string {
  return JSON.stringify({ type, timestamp: now.toISOString(), data });
}

// Whether an endpoint gets an event: one of its EyeMails (the repository's look-up), a type it
// wants, and something that happened once it existed (a fan-out can run seconds after the hits,
// and an endpoint made in between is not sent what came before it).
export function endpointWants(endpoint: { snippetId: string; events: readonly string[]; createdAt: Date | string }, event: { snippetId: string; occurredAt: Date }, type: WebhookEvent): boolean {
  return endpoint.snippetId === event.snippetId && endpoint.events.includes(type) && event.occurredAt.getTime() >= new Date(endpoint.createdAt).getTime();
}

// Whether an endpoint that has failed since `failingSince` is to be turned off now.
export function shouldDisable(failingSince: Date | null, now: Date): boolean {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS;
}

export function isDelivered(status: number | null): boolean {
  return status !== null && status >= 200 && status < 300;
}

// The start of a receiver's answer for the log: text, control characters dropped, cut short.
export function responseStart(bytes: Buffer): string {
  const text = bytes.toString('utf8').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
  return text.length > RESPONSE_START_MAX ? `${text.slice(0, RESPONSE_START_MAX - 1)}…` : text;
}
