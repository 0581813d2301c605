import { parseHttpUrl, validateCtaButton } from '../../shared/snippet-rules.js';
import { defuseUrl } from '../email-escape.js';
import type { ExportSnippet } from './export-types.js';

// The addresses an email may hold. Pure.

// Asset URLs (storage or CDN) must be absolute http(s); a root-relative path is served by the app
// itself and gets the public base URL. Anything else (data:, javascript:, relative) gives null.
export function absoluteAssetUrl(url: unknown, publicBaseUrl: string): string | null {
  if (typeof url !== 'string' || !url.trim()) return null;
  const u = url.trim();
  const candidate = u.startsWith('/') && !u.startsWith('//') ? `${publicBaseUrl.replace(/\/+$/, '')}${u}` : u;
  const parsed = parseHttpUrl(candidate);
  return parsed ? defuseUrl(parsed) : null;
}

// The http(s) targets a click on this snippet may redirect to: its landing page, its
// call-to-action video link and its buttons. The click endpoint refuses any other u= value.
export function allowedClickTargets(snippet: Pick<ExportSnippet, 'landingPageUrl' | 'videoLinkUrl' | 'buttons'>): string[] {
  const out = new Set<string>();
  for (const u of [snippet.landingPageUrl, snippet.videoLinkUrl]) {
    const p = parseHttpUrl(u);
    if (p) out.add(p);
  }
  for (const b of snippet.buttons ?? []) {
    const v = validateCtaButton(b).value;
    if (v) out.add(v.url);
  }
  return [...out];
}
