import { parseHttpUrl } from './snippet-rules/fields.js';

// Where clicks go, shared by the export (every platform), the dashboard's live preview, the web
// view and the report. Pure.

// What was clicked: the video (and its stand-ins: the GIF and Outlook's poster), or the header line
// above it ("If Unable to See or Hear...").
export type ClickSource = 'video' | 'header';

export type ClickDestination = { kind: 'landing-page'; url: string } | { kind: 'web-view' };

// THE rule: the video, the GIF and the poster take people to the landing page when the snippet has
// one (a valid http(s) address, normalised as it is saved), else to the web view; the header line
// always goes to the web view, where the video plays with sound.
export function clickDestination(source: ClickSource, landingPageUrl: unknown): ClickDestination {
  if (source === 'header') return { kind: 'web-view' };
  const url = parseHttpUrl(landingPageUrl);
  return url ? { kind: 'landing-page', url } : { kind: 'web-view' };
}

// Where a recorded click went, as the report stores it (engagement.destination).
export const DESTINATION_KINDS = ['landing-page', 'web-view', 'video-link', 'button'] as const;
export type DestinationKind = (typeof DESTINATION_KINDS)[number];

// How the report names a click's destination: "Landing page", "Web view", "Video link" or the
// button by its label. Clicks stored before destinations were recorded have none: without a
// target they went to the web view, with one the report cannot say more than "Link".
export function destinationText(kind: string | null | undefined, label: string | null | undefined, target: string | null | undefined): string {
  switch (kind) {
    case 'landing-page':
      return 'Landing page';
    case 'web-view':
      return 'Web view';
    case 'video-link':
      return 'Video link';
    case 'button':
      return label ? `Button \u201c${label}\u201d` : 'Button';
    default:
      return target ? 'Link' : 'Web view';
  }
}

// ---- Targets resolved at click time -----------------------------------------------------------

// An exported link names what was clicked, so the redirect sends it where that thing points now
// (a new landing page reaches emails already sent): k=landing (the video, GIF, poster, logo and
// cover: the landing page, else the web view), k=icon (the call-to-action video icon: the video
// link, else the landing page, else the web view); a button's link names its place (b=).
export const CLICK_ROLE_PARAM = 'k';
export type ClickRole = 'landing' | 'icon';

// Where a click goes now, as the snippet is now (its targets normalised as saved): null for the
// web view. A link without k= or b= (exports made before they existed, the header line) keeps its
// own u=, which the redirect still checks against the snippet's targets.
export function currentClickTarget(input: {
  role: unknown;
  button: unknown;
  requested: unknown;
  landingPageUrl: string | null;
  videoLinkUrl: string | null;
  buttons: readonly { url: string }[];
}): unknown {
  const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
  const role = first(input.role);
  if (role === 'landing') return input.landingPageUrl;
  if (role === 'icon') return input.videoLinkUrl ?? input.landingPageUrl;
  const b = first(input.button);
  const n = typeof b === 'string' && /^[1-9]\d{0,2}$/.test(b) ? Number(b) : 0;
  const button = n ? input.buttons[n - 1] : undefined;
  if (button?.url) return button.url;
  return input.requested;
}
