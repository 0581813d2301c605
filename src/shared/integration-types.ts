// Response shapes of the integrations calls (API tokens, feed links, webhooks), shared by the
// server's services and their OpenAPI DTOs (tied with sameShape, common/response-shape.ts).
// Types only: no runtime code.
import type { WebhookEvent } from './webhook-events.js';

// One entry of GET api-tokens (never the token itself): the workspace's tokens, whoever made them.
export interface ApiTokenView {
  id: string;
  name: string;
  // who made it (it reads the workspace while they are a member of it)
  createdBy: { id: string; fullName: string };
  // the first characters, to tell tokens apart
  hint: string;
  scopes: string[];
  createdAt: string;
  lastUsedAt: string | null;
}

// POST api-tokens: the listing, with the token in clear this once.
export interface NewApiToken extends ApiTokenView {
  token: string;
}

// GET / POST feed-links/{snippetId}: absolute addresses, each with its key.
export interface FeedLinkView {
  snippetId: string;
  createdAt: string;
  urls: { json: string; xml: string; csv: string };
}

// One entry of GET webhooks (the secret only as its first characters).
export interface EndpointView {
  id: string;
  url: string;
  description: string | null;
  events: WebhookEvent[];
  // null: every EyeMail, now and later
  snippetIds: string[] | null;
  enabled: boolean;
  disabledReason: string | null;
  failingSince: string | null;
  createdAt: string;
  secretHint: string;
}

// POST webhooks: the endpoint, with its signing secret this once.
export interface NewEndpoint extends EndpointView {
  secret: string;
}

// One try of GET webhooks/{id}/deliveries.
export interface AttemptView {
  messageId: string;
  eventType: string;
  deliveryState: string;
  attemptedAt: string;
  succeeded: boolean;
  statusCode: number | null;
  durationMs: number;
  responseStart: string | null;
  error: string | null;
}

// POST webhooks/{id}/rotate-secret: the new signing secret, this once.
export interface RotatedSecret {
  secret: string;
}

// POST webhooks/{id}/test: the queued message's id (its webhook-id header).
export interface QueuedTest {
  messageId: string;
}
