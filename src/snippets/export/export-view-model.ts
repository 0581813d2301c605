import {
  COVER_SPACING_STEP_PX,
  EXPORT_OPTION_DEFAULTS,
  HEADER_TEXT_MAX,
  PREHEADER_MAX,
  LOGO_WIDTH_DEFAULT,
  LOGO_WIDTH_MIN,
  WIDTH_DEFAULT,
  WIDTH_MAX,
  WIDTH_MIN,
  parseHttpUrl,
  validateCtaButton,
  type CoverPlacement,
  type CtaButton,
  type ExportOptions,
  type LogoAlignment,
  type SnippetTier,
  type VideoOverlay,
} from '../../shared/snippet-rules.js';
import { clickDestination, type ClickDestination } from '../../shared/click-rules.js';
import { renderCtaButtonsHtml } from '../cta-buttons.js';
import { defuseUrl, escapeHtml, escapeUserText } from '../email-escape.js';
import { findEmailPlatform, type EmailPlatform } from '../email-platforms.js';
import { trackingLinks } from './tracking-links.js';

// Builds what the email templates print, from a snippet-like object. Pure. Every string in the
// view model is already escaped for the place it goes (attribute or text), because the templates
// print with {{{ }}}: Handlebars' own escaping turns "=" into "&#x3D;", which would break merge tags
// such as %%=v(@key)=%% that the platform must find verbatim in the source.

// A picture's stored size in pixels; null or missing when unknown.
export interface PixelSize {
  width?: number | null;
  height?: number | null;
}

export interface ExportSnippet {
  id: string;
  title: string;
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

const MUTE_ICON_PATH = '/static/email/sound-off.png';
// The dashboard and /live show the call-to-action video icon at most 64 px high.
export const VIDEO_ICON_MAX_HEIGHT = 64;
// Inboxes take up to about 150 characters of preview text; after ours, invisible fillers keep
// them from pulling in the first words of the email (the header line).
const PREVIEW_CHARS = 150;
const PREHEADER_FILLER = '&#847;&zwnj;&nbsp;';

// The height of a picture shown `width` px wide, from its stored size; null when unknown.
export function heightAt(width: number, size: PixelSize | null | undefined): number | null {
  const w = size?.width;
  const h = size?.height;
  if (!w || !h || w <= 0 || h <= 0 || !Number.isFinite(w) || !Number.isFinite(h)) return null;
  return Math.max(1, Math.round((width * h) / w));
}

// The call-to-action video icon's box: at most 64 px high and the email's width, never enlarged.
export function videoIconBox(size: PixelSize | null | undefined, maxWidth: number): { width: number; height: number } | null {
  const w = size?.width;
  const h = size?.height;
  if (!w || !h || w <= 0 || h <= 0) return null;
  const scale = Math.min(1, VIDEO_ICON_MAX_HEIGHT / h, maxWidth / w);
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
}

function clamp(n: unknown, min: number, max: number, fallback: number): number {
  const v = typeof n === 'number' && Number.isFinite(n) ? Math.round(n) : fallback;
  return Math.min(max, Math.max(min, v));
}

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

function withDefaults(options: Partial<ExportOptions> | null | undefined): ExportOptions {
  const o = { ...EXPORT_OPTION_DEFAULTS, ...(options ?? {}) };
  const headerText =
    typeof o.headerText === 'string' && o.headerText.trim() ? o.headerText.trim().slice(0, HEADER_TEXT_MAX) : EXPORT_OPTION_DEFAULTS.headerText;
  return {
    headerText,
    includeHeader: o.includeHeader !== false,
    includeUnsubscribeLink: o.includeUnsubscribeLink === true,
    removeBranding: o.removeBranding === true,
    preheader: typeof o.preheader === 'string' ? o.preheader.trim().slice(0, PREHEADER_MAX) : '',
  };
}

export function buildEmailViewModel(input: BuildEmailInput): EmailViewModel {
  const { snippet, publicBaseUrl } = input;
  const base = publicBaseUrl.replace(/\/+$/, '');
  if (!parseHttpUrl(`${base}/`)) throw new Error(`publicBaseUrl must be an absolute http(s) URL (got "${publicBaseUrl}")`);
  const platform = typeof input.platform === 'object' && input.platform ? input.platform : findEmailPlatform(input.platform);
  const options = withDefaults(input.options);
  const preview = input.preview === true;
  const express = input.tier === 'express';
  const links = trackingLinks(base, snippet.id, platform.recipientTag);
  const attr = (url: string) => escapeHtml(url);
  // Clicks on a target go through the tracking redirect (direct in a preview).
  const clickTo = (target: string) => (preview ? defuseUrl(target) : links.click(target));
  const width = clamp(snippet.width, WIDTH_MIN, WIDTH_MAX, WIDTH_DEFAULT);
  const title = typeof snippet.title === 'string' ? snippet.title.trim() : '';
  const titleHtml = escapeUserText(title);
  // Every link to the web view goes through the click endpoint (direct in a preview).
  const webView = preview ? `${base}/eyemail/${encodeURIComponent(snippet.id)}` : links.webViewClick;

  const landing = parseHttpUrl(snippet.landingPageUrl);
  const videoLink = parseHttpUrl(snippet.videoLinkUrl);
  const landingHref = landing ? attr(clickTo(landing)) : null;

  const mp4 = absoluteAssetUrl(snippet.video?.mp4Url, base);
  const poster = absoluteAssetUrl(snippet.video?.posterUrl, base);
  const gif = absoluteAssetUrl(snippet.video?.gifUrl, base);
  if (!poster && !gif) throw new ExportNotReadyError();

  let logo: EmailViewModel['logo'] = null;
  const logoSrc = express ? null : absoluteAssetUrl(snippet.logo?.url, base);
  if (logoSrc) {
    const align = snippet.logo?.alignment;
    const logoWidth = clamp(snippet.logo?.width ?? LOGO_WIDTH_DEFAULT, LOGO_WIDTH_MIN, width, LOGO_WIDTH_DEFAULT);
    logo = {
      srcAttr: attr(logoSrc),
      hrefAttr: landingHref,
      altHtml: 'Logo',
      width: logoWidth,
      height: heightAt(logoWidth, snippet.logo?.size),
      align: align === 'center' || align === 'right' ? align : 'left',
    };
  }

  let coverAbove: EmailViewModel['coverAbove'] = null;
  let coverBelow: EmailViewModel['coverBelow'] = null;
  const coverSrc = express ? null : absoluteAssetUrl(snippet.cover?.url, base);
  if (coverSrc) {
    const cover = {
      srcAttr: attr(coverSrc),
      hrefAttr: landingHref,
      altHtml: titleHtml,
      width,
      height: heightAt(width, snippet.cover?.size),
      spacingPx: clamp(snippet.cover?.spacing ?? 1, 0, 3, 1) * COVER_SPACING_STEP_PX,
    };
    if (snippet.cover?.placement === 'above') coverAbove = cover;
    else coverBelow = cover;
  }

  const frameHeight = heightAt(width, snippet.video?.size);
  // Without a GIF the poster stands in for it, at the video's shape.
  const gifHeight = gif ? (heightAt(width, snippet.video?.gifSize) ?? frameHeight) : frameHeight;
  // Where the video and the header line go: one rule for the export, the preview and the web view.
  const hrefOf = (d: ClickDestination) => (d.kind === 'landing-page' ? attr(clickTo(d.url)) : attr(webView));
  const videoClick = clickDestination('video', snippet.landingPageUrl);
  const playVideo = titleHtml ? `Play video: ${titleHtml}` : 'Play video';
  const video: EmailViewModel['video'] = {
    mp4Attr: mp4 ? attr(mp4) : null,
    posterAttr: attr(poster ?? gif!),
    hrefAttr: hrefOf(videoClick),
    ariaLabelAttr: videoClick.kind === 'landing-page' ? `${playVideo} (opens the landing page)` : `${playVideo} (opens the web view with sound)`,
    height: frameHeight,
    fallbackSrcAttr: attr(gif ?? poster!),
    fallbackHeight: gifHeight,
    msoFallbackSrcAttr: attr(gif ?? poster!),
    msoFallbackHeight: gifHeight,
    altHtml: playVideo,
  };

  // The call-to-action video icon links where the detail page and /live link it: the
  // call-to-action video link, else the landing page.
  let videoIcon: EmailViewModel['videoIcon'] = null;
  const iconSrc = absoluteAssetUrl(snippet.videoIcon?.url, base);
  if (iconSrc) {
    const box = videoIconBox(snippet.videoIcon?.size, width);
    videoIcon = {
      srcAttr: attr(iconSrc),
      hrefAttr: videoLink ? attr(clickTo(videoLink)) : landingHref,
      altHtml: 'Watch the video',
      width: box?.width ?? VIDEO_ICON_MAX_HEIGHT,
      height: box?.height ?? null,
    };
  }

  const showMuteIcon = !videoIcon && (preview && typeof input.previewMuteIcon === 'boolean' ? input.previewMuteIcon : snippet.addVideoOverlay === true);

  let preheader: EmailViewModel['preheader'] = null;
  if (options.preheader) {
    const fillers = Math.max(0, Math.ceil((PREVIEW_CHARS - options.preheader.length) / 3));
    preheader = { textHtml: escapeUserText(options.preheader), fillerHtml: PREHEADER_FILLER.repeat(fillers) };
  }

  let unsubscribe: EmailViewModel['unsubscribe'] = null;
  if (options.includeUnsubscribeLink && platform.unsubscribeTag) {
    if (platform.unsubscribeStyle === 'element') {
      unsubscribe = { hrefAttr: null, elementName: platform.unsubscribeTag.replace(/[^a-z-]/gi, '') };
    } else if (platform.unsubscribeStyle === 'href') {
      unsubscribe = { hrefAttr: attr(platform.unsubscribeTag), elementName: null };
    }
  }

  return {
    titleHtml,
    width,
    preheader,
    header: options.includeHeader ? { hrefAttr: hrefOf(clickDestination('header', snippet.landingPageUrl)), textHtml: escapeUserText(options.headerText) } : null,
    logo,
    coverAbove,
    coverBelow,
    video,
    videoIcon,
    muteIcon: showMuteIcon ? { srcAttr: attr(`${base}${MUTE_ICON_PATH}`), hrefAttr: attr(webView) } : null,
    buttonsHtml: express ? '' : renderCtaButtonsHtml(snippet.buttons, { maxWidth: width, trackUrl: preview ? undefined : links.click }),
    unsubscribe,
    branding: options.removeBranding ? null : { hrefAttr: attr(`${base}/`) },
    openPixel: preview ? null : { srcAttr: attr(links.open) },
    platformBodyHtml: preview ? '' : platform.documentBodyTag,
  };
}
