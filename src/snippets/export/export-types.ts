import type { CoverPlacement, CtaButton, ExportOptions, LogoAlignment, SnippetTier, VideoOverlay } from '../../shared/snippet-rules.js';
import type { EmailPlatform } from '../email-platforms.js';

// What goes into the email view model (a snippet-like object and the export's choices) and what
// comes out of it (export-view-model.ts builds it; the templates in views/email/ print it).

// A picture's stored size in pixels; null or missing when unknown.
export interface PixelSize {
  width?: number | null;
  height?: number | null;
}

export interface ExportSnippet {
  id: string;
  title: string;
  // The brand the logo stands for (the account's company name): the logo's alt text.
  brandName?: string | null;
  width: number;
  logo?: { url: string; alignment?: LogoAlignment | null; width?: number | null; size?: PixelSize | null } | null;
  cover?: { url: string; placement?: CoverPlacement | null; spacing?: number | null; size?: PixelSize | null } | null;
  video: {
    mp4Url: string;
    posterUrl: string;
    gifUrl?: string | null;
    // The encoded frame (MP4 and poster).
    size?: PixelSize | null;
    // The GIF's own size (the user's GIF may differ from the video's shape).
    gifSize?: PixelSize | null;
  };
  // The call-to-action video icon, shown under the video and linked to the call-to-action video link.
  videoIcon?: { url: string; size?: PixelSize | null } | null;
  addVideoOverlay?: boolean;
  videoOverlay?: VideoOverlay | null;
  landingPageUrl?: string | null;
  // The call-to-action video link (videoURLData in the API).
  videoLinkUrl?: string | null;
  buttons?: readonly CtaButton[] | null;
}

export interface BuildEmailInput {
  snippet: ExportSnippet;
  platform: EmailPlatform | string | null | undefined;
  options?: Partial<ExportOptions> | null;
  publicBaseUrl: string;
  // Express accounts never get logo, cover or buttons, whatever is stored.
  tier?: SnippetTier;
  // The preview page: same look, but no open pixel and links go straight to their targets, so
  // looking at a preview never counts as an open or a click.
  preview?: boolean;
  // The preview link's speakerIcon choice. Only a preview honours it: an export always shows the
  // mute icon exactly when the snippet has it.
  previewMuteIcon?: boolean | null;
}

// The snippet cannot be exported as it is (no playable video yet). The caller answers 409.
export class ExportNotReadyError extends Error {
  constructor(message = 'This EyeMail has no encoded video yet.') {
    super(message);
    this.name = 'ExportNotReadyError';
  }
}

// Strings marked Html are escaped text; Attr are escaped attribute values. Every picture states
// the width it is shown at and the matching height (null only when its size is unknown), so
// nothing jumps while images load and Outlook for Windows sizes them right.
export interface LinkedImage {
  srcAttr: string;
  hrefAttr: string | null;
  altHtml: string;
  width: number;
  height: number | null;
}

export interface EmailViewModel {
  titleHtml: string;
  width: number;
  // Hidden preview text, first in the body: the inbox shows it after the subject line.
  preheader: { textHtml: string; fillerHtml: string } | null;
  header: { hrefAttr: string; textHtml: string } | null;
  logo: (LinkedImage & { align: LogoAlignment }) | null;
  coverAbove: (LinkedImage & { spacingPx: number }) | null;
  coverBelow: (LinkedImage & { spacingPx: number }) | null;
  video: {
    mp4Attr: string | null;
    posterAttr: string;
    // The video, the GIF and Outlook's poster share one link: the landing page when there is one,
    // else the web view (shared/click-rules.ts).
    hrefAttr: string;
    // The link's accessible name (it wraps a <video>, which has no alt text of its own).
    ariaLabelAttr: string;
    height: number | null;
    // Animated GIF (first frame alone in Outlook) or the poster when there is no GIF.
    fallbackSrcAttr: string;
    fallbackHeight: number | null;
    // Outlook for Windows: the GIF too (Microsoft 365 plays it; 2007-2016 show its first frame,
    // a still like the poster), the poster only when there is no GIF (client-video.ts).
    msoFallbackSrcAttr: string;
    msoFallbackHeight: number | null;
    altHtml: string;
  };
  // The call-to-action video icon the user uploaded, as the detail page and /live show it.
  videoIcon: LinkedImage | null;
  // 'Play with sound' under the video (only when there is no call-to-action video icon).
  muteIcon: { srcAttr: string; hrefAttr: string } | null;
  buttonsHtml: string;
  unsubscribe: { hrefAttr: string | null; elementName: string | null } | null;
  branding: { hrefAttr: string } | null;
  openPixel: { srcAttr: string } | null;
  // The platform's own required body markup (a constant of ours, not user input).
  platformBodyHtml: string;
}
