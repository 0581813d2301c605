// Pure HTTP details of the tracking routes answered ahead of Express (tracking-router.ts): which
// requests they take, and the click's redirect as Express would send it.
import { decodedSegment, splitUrl } from '../common/early-route.js';

export interface TrackingRoute {
  kind: 'open' | 'click';
  // The path's last segment, decoded (left as sent when it cannot be).
  id: string;
  path: string;
  search: string;
}

// The routes, as Express would name them (the route list of the security tests reads this).
export const TRACKING_ROUTES = ['/t/o/:pixel', '/t/c/:id'] as const;

// Express's matching for GET /t/o/:pixel and /t/c/:id: any case, an optional trailing slash, one
// segment. GET and HEAD only.
const ROUTE = /^\/t\/([oc])\/([^/]+)\/?$/i;

export function trackingRoute(method: string | undefined, url: string | undefined): TrackingRoute | null {
  if ((method !== 'GET' && method !== 'HEAD') || !url || url.charCodeAt(0) !== 47 || (url[1] !== 't' && url[1] !== 'T')) return null;
  const { path, search } = splitUrl(url);
  const m = ROUTE.exec(path);
  if (!m) return null;
  // A broken escape is no id: answered as an unknown one (the pixel still answered).
  return { kind: m[1] === 'o' || m[1] === 'O' ? 'open' : 'click', id: decodedSegment(m[2]), path, search };
}

// encodeurl's encoding (what Express's res.location applies): characters a URL may not hold
// percent-encoded, existing escapes kept, lone surrogates replaced.
const ENCODE_CHARS = /(?:[^\x21\x23-\x3B\x3D\x3F-\x5F\x61-\x7A\x7C\x7E]+|%+(?![0-9A-Fa-f]{2})){1,1024}/g;
const SURROGATES = /([\uD800-\uDBFF][\uDC00-\uDFFF])|[\uD800-\uDFFF]/g;
export function encodeLocation(url: string): string {
  return url.replace(SURROGATES, (_m, pair: string | undefined) => pair ?? '\uFFFD').replace(ENCODE_CHARS, encodeURI);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

// Express's res.redirect body: HTML for a browser (it asks for text/html), text otherwise.
export function redirectBody(href: string, accept: string | undefined): { type: string; body: string } {
  if (accept && /text\/html/i.test(accept) && !/text\/plain/i.test(accept)) {
    return { type: 'text/html; charset=utf-8', body: `<!DOCTYPE html><head><title>Found</title></head><body><p>Found. Redirecting to ${escapeHtml(href)}</p></body>` };
  }
  return { type: 'text/plain; charset=utf-8', body: `Found. Redirecting to ${href}` };
}
