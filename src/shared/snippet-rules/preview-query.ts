// The email preview link's query: built by the dashboard, read by the preview page.
// Pure: no Node, Nest or React imports; shared by the server and the dashboard.

import { type ExportOptions } from './export-options.js';
import { DEFAULT_HEADER_TEXT, HEADER_TEXT_MAX, PREHEADER_MAX } from './limits.js';

export interface PreviewQuery {
  emailHeader?: string;
  preheader?: string;
  speakerIcon?: 'true' | 'false';
  unsub?: 'true';
  p?: string;
  brand?: 'no';
}

export function previewQueryFor(options: ExportOptions, platformCode: string, speakerIcon: boolean): PreviewQuery {
  const q: PreviewQuery = { speakerIcon: speakerIcon ? 'true' : 'false', p: platformCode };
  if (options.includeHeader) q.emailHeader = options.headerText;
  if (options.includeUnsubscribeLink) q.unsub = 'true';
  if (options.removeBranding) q.brand = 'no';
  if (options.preheader) q.preheader = options.preheader;
  return q;
}

// Query values may arrive as lists (?p=a&p=b): the first one counts.
function firstOf(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

export function exportOptionsFromPreviewQuery(query: Record<string, unknown>): {
  options: ExportOptions;
  platformCode: string | null;
  speakerIcon: boolean | null;
} {
  const header = firstOf(query.emailHeader);
  const headerText = typeof header === 'string' ? header.trim().slice(0, HEADER_TEXT_MAX) : '';
  const speaker = firstOf(query.speakerIcon);
  const p = firstOf(query.p);
  const preheader = firstOf(query.preheader);
  return {
    options: {
      includeHeader: headerText !== '',
      headerText: headerText || DEFAULT_HEADER_TEXT,
      includeUnsubscribeLink: firstOf(query.unsub) === 'true',
      removeBranding: firstOf(query.brand) === 'no',
      preheader: typeof preheader === 'string' ? preheader.trim().slice(0, PREHEADER_MAX) : '',
    },
    platformCode: typeof p === 'string' && p.trim() ? p.trim() : null,
    speakerIcon: speaker === 'true' ? true : speaker === 'false' ? false : null,
  };
}
