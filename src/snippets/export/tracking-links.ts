import { CLICK_ROLE_PARAM, type ClickRole } from '../../shared/click-rules.js';

// The public addresses an exported EyeMail links to. Tracking and the public viewer serve these
// paths (outside /api/); the export writes them with the platform's recipient merge tag as v=.
//   open pixel:  /t/o/<snippetId>.gif?v=<tag>
//   click:       /t/c/<snippetId>?v=<tag>&u=<percent-encoded target>[&b=<button's place, 1-based>][&k=<role>]
//   web view:    /eyemail/<snippetId>?v=<tag>
// The tag is written as is, never percent-encoded: the platform must find it to replace it.
// The email's links to the web view (the header line, 'Play with sound', and the video, GIF and
// poster when there is no landing page: shared/click-rules.ts) go through the click endpoint with
// u=<the web view>: the web view is not one of the snippet's own targets, so the endpoint counts
// the click and redirects to the web view with the recipient.
// k= names what the link stands for (shared/click-rules.ts currentClickTarget), so the redirect
// sends it where that points at click time: a new landing page reaches emails already sent.

export const TRACKING_PATHS = {
  open: '/t/o/:snippetId.gif',
  click: '/t/c/:snippetId',
  webView: '/eyemail/:snippetId',
} as const;

export interface TrackingLinks {
  open: string;
  webView: string;
  // The web view through the click endpoint.
  webViewClick: string;
  // A button's link names its place (b=), so its click is reported as that button.
  click(target: string, button?: number, role?: ClickRole): string;
}

export function trackingLinks(publicBaseUrl: string, snippetId: string, recipientTag: string): TrackingLinks {
  const base = publicBaseUrl.replace(/\/+$/, '');
  const id = encodeURIComponent(snippetId);
  const v = recipientTag ? `v=${recipientTag}` : '';
  const query = (...parts: string[]) => {
    const q = parts.filter(Boolean).join('&');
    return q ? `?${q}` : '';
  };
  const click = (target: string, button?: number, role?: ClickRole) =>
    `${base}/t/c/${id}${query(v, `u=${encodeURIComponent(target)}`, button ? `b=${Math.trunc(button)}` : '', role ? `${CLICK_ROLE_PARAM}=${role}` : '')}`;
  return {
    open: `${base}/t/o/${id}.gif${query(v)}`,
    webView: `${base}/eyemail/${id}${query(v)}`,
    webViewClick: click(`${base}/eyemail/${id}`),
    click,
  };
}
