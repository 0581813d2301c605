import { isUuid } from '../shared/uuid.js';
import { WEBHOOK_EVENTS, type WebhookEvent } from '../shared/webhook-events.js';

// The endpoint form, as pure functions (endpoint-input.spec.ts): one rule per field, which the
// DTOs (dto/endpoint.dto.ts) wire to class-validator and /api/docs, and the reading of a checked
// form into what is stored. The URL's address checks (https, public) are target-address.ts's,
// and whether the EyeMails are the user's is the service's.

export const SNIPPETS_PER_ENDPOINT_MAX = 100;
export const DESCRIPTION_MAX = 200;

export interface EndpointInput {
  url: string;
  description: string | null;
  events: WebhookEvent[];
  // null: every EyeMail of the account, now and later.
  snippetIds: string[] | null;
}

export const ENDPOINT_MESSAGES = {
  url: 'Enter the address of your receiver.',
  events: 'Choose at least one event.',
  snippetIds: `Choose all EyeMails, or from 1 to ${SNIPPETS_PER_ENDPOINT_MAX} of them.`,
  description: `A description has at most ${DESCRIPTION_MAX} characters.`,
  enabled: 'enabled is true or false.',
} as const;

const isEvent = (e: unknown): e is WebhookEvent => (WEBHOOK_EVENTS as readonly unknown[]).includes(e);

// Text, not blank (its address is checked after).
export function urlError(url: unknown): string | null {
  return typeof url === 'string' && url.trim() ? null : ENDPOINT_MESSAGES.url;
}

// At least one event, each a known one.
export function eventsError(events: unknown): string | null {
  const list = Array.isArray(events) ? (events as unknown[]) : [];
  if (!list.length) return ENDPOINT_MESSAGES.events;
  const i = list.findIndex((e) => !isEvent(e));
  return i < 0 ? null : `Unknown event: ${String(list[i]).slice(0, 40)}. Choose from ${WEBHOOK_EVENTS.join(', ')}.`;
}

// null or absent: every EyeMail; else 1 to 100 ids.
export function snippetIdsError(ids: unknown): string | null {
  if (ids === null || ids === undefined) return null;
  return Array.isArray(ids) && ids.length && ids.length <= SNIPPETS_PER_ENDPOINT_MAX && ids.every(isUuid) ? null : ENDPOINT_MESSAGES.snippetIds;
}

// Optional: null, absent or empty for none.
export function descriptionError(description: unknown): string | null {
  if (description === null || description === undefined || description === '') return null;
  return typeof description === 'string' && description.length <= DESCRIPTION_MAX ? null : ENDPOINT_MESSAGES.description;
}

export function enabledError(enabled: unknown): string | null {
  return enabled === undefined || typeof enabled === 'boolean' ? null : ENDPOINT_MESSAGES.enabled;
}

// A change (PUT) names only what changes: its absent fields are not checked.
export const whenSent =
  (rule: (value: unknown) => string | null) =>
  (value: unknown): string | null =>
    value === undefined ? null : rule(value);

// What a checked form stores: the URL trimmed (as given otherwise), the events once each, the
// ids in lower case once each, the description trimmed or null. A change (partial) reads only the
// fields sent.
export function endpointInputOf(sent: Record<string, unknown>, partial = false): Partial<EndpointInput> {
  const value: Partial<EndpointInput> = {};
  const read = (field: keyof EndpointInput) => !partial || sent[field] !== undefined;
  if (read('url')) value.url = String(sent.url).trim();
  if (read('events')) value.events = [...new Set(sent.events as WebhookEvent[])];
  if (read('snippetIds')) value.snippetIds = Array.isArray(sent.snippetIds) ? [...new Set((sent.snippetIds as string[]).map((s) => s.toLowerCase()))] : null;
  if (read('description')) value.description = typeof sent.description === 'string' ? sent.description.trim() || null : null;
  return value;
}
