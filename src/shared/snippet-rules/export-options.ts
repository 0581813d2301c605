// Export options (spec 01 section 3).
// Pure: no Node, Nest or React imports; shared by the server and the dashboard.

import { headerTextError, toBool } from './fields.js';
import { DEFAULT_HEADER_TEXT, LABELS, PREHEADER_MAX, RULE_MESSAGES } from './limits.js';

// ---- Export options (spec 01 section 3) ----------------------------------------------------------

export interface ExportOptions {
  headerText: string;
  includeHeader: boolean;
  includeUnsubscribeLink: boolean;
  removeBranding: boolean;
  // The preheader: hidden text the inbox shows after the subject line; '' for none.
  preheader: string;
}

export const EXPORT_OPTION_DEFAULTS: ExportOptions = {
  headerText: DEFAULT_HEADER_TEXT,
  includeHeader: true,
  includeUnsubscribeLink: false,
  removeBranding: false,
  preheader: '',
};

// Optional; at most PREHEADER_MAX characters once trimmed.
export function preheaderError(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') return RULE_MESSAGES.maxLength(LABELS.preheader, PREHEADER_MAX);
  if (value.trim().length > PREHEADER_MAX) return RULE_MESSAGES.maxLength(LABELS.preheader, PREHEADER_MAX);
  return null;
}

// Missing options take their defaults; `defaults` overrides them (the unsubscribe link defaults to
// on for a platform whose rules require one). The header text is required while the header is
// included ('Please enter header text!'); without the header it is not checked.
export function validateExportOptions(
  raw: Partial<Record<keyof ExportOptions, unknown>> | null | undefined,
  defaults: Partial<Pick<ExportOptions, 'includeUnsubscribeLink'>> = {},
): {
  value: ExportOptions | null;
  errors: Record<string, string>;
} {
  const r = raw ?? {};
  const unsubscribeDefault = defaults.includeUnsubscribeLink ?? EXPORT_OPTION_DEFAULTS.includeUnsubscribeLink;
  const includeHeader = toBool(r.includeHeader, EXPORT_OPTION_DEFAULTS.includeHeader);
  const headerText = r.headerText === undefined || r.headerText === null ? EXPORT_OPTION_DEFAULTS.headerText : r.headerText;
  const errors: Record<string, string> = {};
  const headerErr = includeHeader ? headerTextError(headerText) : null;
  if (headerErr) errors.headerText = headerErr;
  const preheaderErr = preheaderError(r.preheader);
  if (preheaderErr) errors.preheader = preheaderErr;
  if (Object.keys(errors).length) return { value: null, errors };
  return {
    value: {
      headerText: includeHeader ? (headerText as string).trim() : EXPORT_OPTION_DEFAULTS.headerText,
      includeHeader,
      includeUnsubscribeLink: toBool(r.includeUnsubscribeLink, unsubscribeDefault),
      removeBranding: toBool(r.removeBranding, EXPORT_OPTION_DEFAULTS.removeBranding),
      preheader: typeof r.preheader === 'string' ? r.preheader.trim() : '',
    },
    errors,
  };
}

// The export modal's Preview button opens the preview with these query parameters (spec 01
// section 2): emailHeader (the header text; left out when there is no header), speakerIcon,
// unsub=true, p (platform code) and brand=no; and preheader (our addition, left out when empty).
// Both directions live here so the dashboard and the server agree on them.
