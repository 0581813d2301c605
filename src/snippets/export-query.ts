// The query of GET snippets/:id/html, checked at the edge by parsed(...) like every other route's
// input: the platform (a code from global/email-platforms; blank for plain HTML) and the export
// options (the shared rules the dashboard's export modal runs). Pure.
import type { ParseResult } from '../common/parsed.pipe.js';
import { validateExportOptions, type ExportOptions } from '../shared/snippet-rules.js';
import { findEmailPlatform, isKnownPlatformCode, type EmailPlatform } from './email-platforms.js';
import { SNIPPET_API_MESSAGES as M } from './snippet-messages.js';

// What the export service takes.
export interface ExportRequest {
  platform: EmailPlatform;
  options: ExportOptions;
}

// A repeated parameter (?a=1&a=2) counts once, as its first value.
const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);

export function parseExportQuery(raw: Record<string, unknown> | null | undefined): ParseResult<ExportRequest> {
  const q = raw ?? {};
  const code = first(q.emailPlatform);
  const blank = code === undefined || code === null || (typeof code === 'string' && code.trim() === '');
  const errors: Record<string, string> = {};
  if (!blank && !isKnownPlatformCode(code)) errors.emailPlatform = M.unknownPlatform;
  const platform = findEmailPlatform(blank ? undefined : code);
  // The unsubscribe link is on unless asked otherwise where the platform's rules require one.
  const options = validateExportOptions({
    headerText: first(q.headerText),
    includeHeader: first(q.includeHeader),
    includeUnsubscribeLink: first(q.includeUnsubscribeLink),
    removeBranding: first(q.removeBranding),
    preheader: first(q.preheader),
  }, { includeUnsubscribeLink: platform.unsubscribeRequired });
  Object.assign(errors, options.errors);
  if (Object.keys(errors).length || !options.value) return { value: null, errors };
  return { value: { platform, options: options.value }, errors };
}
