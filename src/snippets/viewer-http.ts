// Pure HTTP details of the recipients' viewer pages answered ahead of Express (viewer-router.ts):
// which requests they take.
import { decodedSegment, splitUrl } from '../common/early-route.js';

export type CountedPage = 'live' | 'webView';

export interface ViewerRoute {
  page: CountedPage;
  // The path's last segment, decoded (left as sent when it cannot be: then no EyeMail's id).
  id: string;
  path: string;
  search: string;
}

// The routes, as Express would name them (the route list of the security tests reads this).
export const VIEWER_ROUTES = ['/live/:id', '/eyemail/:id'] as const;

// Express's matching for GET /live/:id and /eyemail/:id: any case, an optional trailing slash, one
// segment. GET and HEAD only.
const ROUTE = /^\/(live|eyemail)\/([^/]+)\/?$/i;

export function viewerRoute(method: string | undefined, url: string | undefined): ViewerRoute | null {
  if ((method !== 'GET' && method !== 'HEAD') || !url || url.charCodeAt(0) !== 47) return null;
  const first = url.charCodeAt(1) | 0x20;
  if (first !== 0x6c /* l */ && first !== 0x65 /* e */) return null;
  const { path, search } = splitUrl(url);
  const m = ROUTE.exec(path);
  if (!m) return null;
  // A broken escape is no id: answered with the page for an EyeMail that is not there.
  return { page: m[1].toLowerCase() === 'live' ? 'live' : 'webView', id: decodedSegment(m[2]), path, search };
}
