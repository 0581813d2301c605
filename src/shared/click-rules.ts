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
