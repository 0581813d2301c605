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
  type ExportOptions,
} from '../../shared/snippet-rules.js';
import { clickDestination, type ClickDestination, type ClickRole } from '../../shared/click-rules.js';
import { renderCtaButtonsHtml } from '../cta-buttons.js';
import { defuseUrl, escapeHtml, escapeUserText } from '../email-escape.js';
import { findEmailPlatform, type EmailPlatform } from '../email-platforms.js';
import { absoluteAssetUrl } from './export-urls.js';
import { clamp, heightAt, VIDEO_ICON_MAX_HEIGHT, videoIconBox } from './email-geometry.js';
import { ExportNotReadyError, type BuildEmailInput, type EmailViewModel } from './export-types.js';
import { trackingLinks } from './tracking-links.js';

// The shapes in and out, for callers that name them beside buildEmailViewModel.
export type { BuildEmailInput, EmailViewModel, ExportSnippet, PixelSize } from './export-types.js';

// Builds what the email templates print, from a snippet-like object. Pure. Every string in the
// view model is already escaped for the place it goes (attribute or text), because the templates
// print with {{{ }}}: Handlebars' own escaping turns "=" into "&#x3D;", which would break merge tags
// such as %%=v(@key)=%% that the platform must find verbatim in the source.
// The shapes in and out are in export-types.ts; picture sizes in email-geometry.ts; asset and
// click addresses in export-urls.ts.

const MUTE_ICON_PATH = '/static/email/sound-off.png';
// Inboxes take up to about 150 characters of preview text; after ours, invisible fillers keep
// them from pulling in the first words of the email (the header line).
const PREVIEW_CHARS = 150;
const PREHEADER_FILLER = '&#847;&zwnj;&nbsp;';

// Options not given take their defaults; the unsubscribe link is on where the platform requires one.
function withDefaults(options: Partial<ExportOptions> | null | undefined, platform: EmailPlatform): ExportOptions {
  const o = { ...EXPORT_OPTION_DEFAULTS, ...(options ?? {}) };
  const headerText =
    typeof o.headerText === 'string' && o.headerText.trim() ? o.headerText.trim().slice(0, HEADER_TEXT_MAX) : EXPORT_OPTION_DEFAULTS.headerText;
  return {
    headerText,
    includeHeader: o.includeHeader !== false,
    includeUnsubscribeLink: typeof options?.includeUnsubscribeLink === 'boolean' ? options.includeUnsubscribeLink : platform.unsubscribeRequired,
    removeBranding: o.removeBranding === true,
    preheader: typeof o.preheader === 'string' ? o.preheader.trim().slice(0, PREHEADER_MAX) : '',
  };
}

export function buildEmailViewModel(input: BuildEmailInput): EmailViewModel {
  const { snippet, publicBaseUrl } = input;
  const base = publicBaseUrl.replace(/\/+$/, '');
  if (!parseHttpUrl(`${base}/`)) throw new Error(`publicBaseUrl must be an absolute http(s) URL (got "${publicBaseUrl}")`);
  const platform = typeof input.platform === 'object' && input.platform ? input.platform : findEmailPlatform(input.platform);
  const options = withDefaults(input.options, platform);
  const preview = input.preview === true;
  const express = input.tier === 'express';
  const links = trackingLinks(base, snippet.id, platform.recipientTag);
  const attr = (url: string) => escapeHtml(url);
  // Clicks on a target go through the tracking redirect (direct in a preview), naming what was
  // clicked (k=) so the redirect sends it where that points at click time.
  const clickTo = (target: string, role?: ClickRole) => (preview ? defuseUrl(target) : links.click(target, undefined, role));
  const width = clamp(snippet.width, WIDTH_MIN, WIDTH_MAX, WIDTH_DEFAULT);
  const title = typeof snippet.title === 'string' ? snippet.title.trim() : '';
  const titleHtml = escapeUserText(title);
  // Every link to the web view goes through the click endpoint (direct in a preview).
  const webView = preview ? `${base}/eyemail/${encodeURIComponent(snippet.id)}` : links.webViewClick;

  const landing = parseHttpUrl(snippet.landingPageUrl);
  const videoLink = parseHttpUrl(snippet.videoLinkUrl);
  const landingHref = landing ? attr(clickTo(landing, 'landing')) : null;

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
      // Named by the brand (read aloud, and shown while images are blocked), else by the title.
      altHtml: escapeUserText(snippet.brandName?.trim() || title),
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
  const hrefOf = (d: ClickDestination, role?: ClickRole) => {
    if (d.kind === 'landing-page') return attr(clickTo(d.url, role));
    return attr(role && !preview ? links.click(`${base}/eyemail/${encodeURIComponent(snippet.id)}`, undefined, role) : webView);
  };
  const videoClick = clickDestination('video', snippet.landingPageUrl);
  const playVideo = titleHtml ? `Play video: ${titleHtml}` : 'Play video';
  const video: EmailViewModel['video'] = {
    mp4Attr: mp4 ? attr(mp4) : null,
    posterAttr: attr(poster ?? gif!),
    hrefAttr: hrefOf(videoClick, 'landing'),
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
      hrefAttr: videoLink ? attr(clickTo(videoLink, 'icon')) : landing ? attr(clickTo(landing, 'icon')) : null,
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
