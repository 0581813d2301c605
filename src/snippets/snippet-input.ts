// The bodies of the snippets API, checked at the edge by parsed(...) with the shared snippet rules
// (src/shared/snippet-rules.ts), so the server says exactly what the dashboard says. Pure: each
// parser reads only its own fields; nothing else a client sends reaches the service.
import { fieldsOf, notAnObject, type ParseResult } from '../common/parsed.pipe.js';
import { tierViolations, validateSnippetForm, type SnippetFormValue, type SnippetTier } from '../shared/snippet-rules.js';
import { SNIPPET_API_MESSAGES as M } from './snippet-messages.js';

// A checked create/update payload, what SnippetsService.create and update take.
export type SnippetForm = SnippetFormValue;

// The fields of the create payload (spec 01 section 3); update adds snippetId.
export const SNIPPET_PAYLOAD_FIELDS = [
  'title',
  'videoId',
  'gifId',
  'videoOverlay',
  'addVideoOverlay',
  'coverImageId',
  'coverImagePlacement',
  'coverImageSpacing',
  'logoImageId',
  'logoImageAlignment',
  'logoImageWidth',
  'landingPageUrl',
  'width',
  'ctaButtonsJSON',
  'ctaButtonsHTML',
  'videoURLData',
  'videoLogoImgId',
] as const;

// A body with the caller's tier, which decides what the payload may hold (see tiered-body.decorator.ts).
export interface TieredBody {
  body: unknown;
  tier: SnippetTier;
}

function pick(r: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (Object.hasOwn(r, f)) out[f] = r[f];
  return out;
}

// Checked in the contract's order: Express limits (403), then the field rules (400).
function checkForm(payload: Record<string, unknown>, tier: SnippetTier): ParseResult<SnippetForm> {
  if (tierViolations(payload, tier).length) return { value: null, errors: {}, forbidden: M.expressOnlyVideo };
  const { value, errors } = validateSnippetForm(payload, tier);
  return value ? { value, errors: {} } : { value: null, errors };
}

export function parseSnippetCreate({ body, tier }: TieredBody): ParseResult<SnippetForm> {
  if (Array.isArray(body)) return notAnObject();
  return checkForm(pick(fieldsOf(body), SNIPPET_PAYLOAD_FIELDS), tier);
}

export interface SnippetUpdate {
  // as sent: a malformed id is "not found", like someone else's
  snippetId: unknown;
  form: SnippetForm;
}

// The snippet to change is named first (400 without one), then the payload is checked as create's.
export function parseSnippetUpdate({ body, tier }: TieredBody): ParseResult<SnippetUpdate> {
  if (Array.isArray(body)) return notAnObject();
  const r = fieldsOf(body);
  const snippetId = r.snippetId;
  if (snippetId === undefined || snippetId === null || snippetId === '') return { value: null, errors: { snippetId: M.snippetRequired } };
  const { value: form, errors, forbidden } = checkForm(pick(r, SNIPPET_PAYLOAD_FIELDS), tier);
  return form ? { value: { snippetId, form }, errors: {} } : { value: null, errors, forbidden };
}

// PUT snippets/status: {snippetId, status}.
export function parseSnippetStatus(raw: unknown): ParseResult<{ snippetId: unknown; status: boolean }> {
  const r = fieldsOf(raw);
  if (typeof r.status !== 'boolean') return { value: null, errors: { status: M.status } };
  return { value: { snippetId: r.snippetId, status: r.status }, errors: {} };
}

// POST snippets/snippetId: {snippetId}.
export function parseSnippetIdBody(raw: unknown): ParseResult<{ snippetId: unknown }> {
  if (Array.isArray(raw)) return notAnObject();
  return { value: { snippetId: fieldsOf(raw).snippetId }, errors: {} };
}

// DELETE snippets: the dashboard sends {SnippetId}; {snippetId} works too.
export function parseSnippetDelete(raw: unknown): ParseResult<{ snippetId: unknown }> {
  if (Array.isArray(raw)) return notAnObject();
  const r = fieldsOf(raw);
  return { value: { snippetId: r.SnippetId ?? r.snippetId }, errors: {} };
}
