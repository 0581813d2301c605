import { TITLE_MAX } from '../shared/snippet-rules.js';
import { SNIPPET_API_MESSAGES } from './snippet-messages.js';

// The list filters of GET snippets (?query=&status=), pure.

export interface SnippetListFilters {
  // case-insensitive part of the title; null: every title
  query: string | null;
  // true: active only, false: inactive only, null: both
  status: boolean | null;
}

function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

// "true"/"false" (any case); empty or missing means "all" (the dashboard's All filter).
export function parseStatusFilter(value: unknown): { value: boolean | null; error: string | null } {
  const v = first(value);
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return { value: null, error: null };
  if (typeof v === 'boolean') return { value: v, error: null };
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (s === 'true') return { value: true, error: null };
    if (s === 'false') return { value: false, error: null };
  }
  return { value: null, error: SNIPPET_API_MESSAGES.status };
}

export function parseListFilters(raw: Record<string, unknown>): { value: SnippetListFilters | null; errors: Record<string, string> } {
  const status = parseStatusFilter(raw.status);
  if (status.error) return { value: null, errors: { status: status.error } };
  const q = first(raw.query);
  // A search longer than any title finds nothing anyway; cut it rather than refuse it.
  const query = typeof q === 'string' && q.trim() ? q.trim().slice(0, TITLE_MAX) : null;
  return { value: { query, status: status.value }, errors: {} };
}
