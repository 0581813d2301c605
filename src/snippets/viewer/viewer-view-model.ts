import { clickDestination } from '../../shared/click-rules.js';
import { COVER_SPACING_STEP_PX, LOGO_WIDTH_MIN, parseHttpUrl } from '../../shared/snippet-rules.js';
import type { PublicSnippetView } from '../snippet-view.js';

// What the public viewer page (views/viewer/viewer.hbs) prints, built from the public snippet
// data. Pure. The template prints every value with Handlebars' escaping except buttonsHtml,
// which the server generated from validated button data.

export const DEFAULT_POSTER_PATH = '/static/viewer/poster.svg';
export const VIEWER_SCRIPT_PATH = '/static/viewer/viewer.js';
// The reports capability's play-time endpoint (spec 01 section 7: Reports/UpdateDuration).
export const PLAY_REPORT_PATH = '/api/reports/updateduration';
// The seconds each play covered (issue 17), under the same path.
export const PLAY_RANGES_PATH = `${PLAY_REPORT_PATH}/ranges`;

export interface ViewerInput {
  view: PublicSnippetView;
  publicBaseUrl: string;
  receiver: string | null;
  // false on the owner's preview: looking at your own EyeMail is not a play.
  reportPlays: boolean;
  // Turns a landing page or video link into the link written on the page (the click tracker).
  linkTo?: (target: string) => string;
  // A line shown above the EyeMail (the owner previewing an inactive one).
  notice?: string | null;
}

interface LinkedImage {
  src: string;
  href: string | null;
}

export interface ViewerViewModel {
  pageTitle: string;
  title: string;
  width: number;
  logo: (LinkedImage & { width: number; align: 'left' | 'center' | 'right' }) | null;
  coverAbove: (LinkedImage & { spacingPx: number }) | null;
  coverBelow: (LinkedImage & { spacingPx: number }) | null;
  video: { src: string | null; poster: string };
  // The landing page, as a button right under the video: where a click on the video in the
  // email would have gone (shared/click-rules.ts). None without a landing page: this page is
  // where such a click goes.
  landingLink: { href: string; text: string } | null;
  overlay: { iconSrc: string; variant: 'black' | 'white' } | null;
  videoIcon: LinkedImage | null;
  buttonsHtml: string;
  report: { endpoint: string; rangesEndpoint: string; snippetId: string; receiver: string } | null;
  scriptSrc: string;
  shareImage: string;
  notice: string | null;
}

// The site a link leads to, as people read it: its host without "www.".
export function siteName(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./i, '');
  } catch {
    return url;
  }
}

export function buildViewerViewModel(input: ViewerInput): ViewerViewModel {
  const { view } = input;
  const base = input.publicBaseUrl.replace(/\/+$/, '');
  const link = (url: string | null | undefined): string | null => {
    const u = parseHttpUrl(url);
    if (!u) return null;
    return input.linkTo ? input.linkTo(u) : u;
  };
  const asset = (url: string | null | undefined): string | null => parseHttpUrl(url);
  const width = view.width;
  const landing = link(view.landingPageUrl);
  const videoClick = clickDestination('video', view.landingPageUrl);

  const logoSrc = asset(view.logoImageUrl);
  const coverSrc = asset(view.coverImageUrl);
  const cover = coverSrc
    ? { src: coverSrc, href: landing, spacingPx: Math.min(3, Math.max(0, Math.round(view.coverImageSpacing))) * COVER_SPACING_STEP_PX }
    : null;
  const poster = asset(view.video.thumbnailUrl) ?? `${base}${DEFAULT_POSTER_PATH}`;
  const iconSrc = asset(view.videoLogoImgUrl);
  const variant = view.videoOverlay === 'white' ? 'white' : 'black';
  const title = view.title;

  return {
    pageTitle: title ? `${title} | EyeMail` : 'EyeMail',
    title,
    width,
    logo: logoSrc
      ? {
          src: logoSrc,
          href: landing,
          width: Math.min(width, Math.max(LOGO_WIDTH_MIN, Math.round(view.logoImageWidth))),
          align: view.logoImageAlignment,
        }
      : null,
    coverAbove: cover && view.coverImagePlacement === 'above' ? cover : null,
    coverBelow: cover && view.coverImagePlacement !== 'above' ? cover : null,
    video: { src: asset(view.video.url), poster },
    landingLink: videoClick.kind === 'landing-page' && landing ? { href: landing, text: `Visit ${siteName(videoClick.url)}` } : null,
    overlay: view.addVideoOverlay ? { iconSrc: `${base}/static/viewer/mute-${variant}.svg`, variant } : null,
    // The call-to-action video icon links to the call-to-action video link, else the landing page.
    videoIcon: iconSrc ? { src: iconSrc, href: link(view.videoURLData) ?? landing } : null,
    buttonsHtml: view.ctaButtonsHTML,
    report: input.reportPlays ? { endpoint: PLAY_REPORT_PATH, rangesEndpoint: PLAY_RANGES_PATH, snippetId: view.snippet, receiver: input.receiver ?? '' } : null,
    scriptSrc: VIEWER_SCRIPT_PATH,
    shareImage: poster,
    notice: input.notice ?? null,
  };
}
