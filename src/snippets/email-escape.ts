// Escaping for HTML that is pasted into an email platform. The platform reads the HTML source and
// replaces its own merge syntax ({{…}}, {%…%}, *|…|*, %%…%%, [[…]], $[…]$, [email]) before the
// browser ever decodes it, so text people wrote must not contain that syntax in the source: those
// characters are written as character references, which the platform leaves alone and every email
// client shows as the plain character.

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const MERGE_ESCAPES: Record<string, string> = {
  '{': '&#123;',
  '}': '&#125;',
  '[': '&#91;',
  ']': '&#93;',
  '|': '&#124;',
  '%': '&#37;',
  $: '&#36;',
};

// For attribute values and text that we generated ourselves (URLs holding merge tags included).
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

// For text people wrote (titles, header text, button text): HTML-escaped and merge syntax defused.
export function escapeUserText(value: string): string {
  return value.replace(/[&<>"'{}[\]|%$]/g, (c) => HTML_ESCAPES[c] ?? MERGE_ESCAPES[c]);
}

// A URL people supplied, made safe to write into src/href or a query string of ours: characters
// that start merge syntax are percent-encoded, and a "%" that is not a valid escape becomes %25,
// so "%%emailaddr%%" can never appear. The URL still points at the same resource.
export function defuseUrl(url: string): string {
  return url
    .replace(/%(?![0-9a-fA-F]{2})/g, '%25')
    .replace(/[{}[\]|$]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
