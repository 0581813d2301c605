import type { PublicSnippetView, SnippetBrief, SnippetUrls, SnippetView } from '../shared/api-types.js';
import { recipientTitle, type CoverPlacement, type CtaButton, type LogoAlignment, type SnippetTier, type VideoOverlay } from '../shared/snippet-rules.js';
import { renderCtaButtonsHtml, toCtaButtonDto, type RenderButtonsOptions } from './cta-buttons.js';
import type { ExportSnippet } from './export/export-types.js';

// Pure mapping from a stored snippet and the URLs of its media to what the API answers
// (SnippetView, spec 01 section 3 names) and to what the export and the viewer read.

// The stored fields the views read (the Snippet entity fits).
export interface SnippetRecord {
  id: string;
  title: string;
  // What recipients see (recipientTitle falls back to the name when missing).
  publicTitle?: string | null;
  status: boolean;
  videoFileId: string;
  encodingId: string;
  width: number;
  addVideoOverlay: boolean;
  videoOverlay: VideoOverlay;
  gifFileId?: string | null;
  logoFileId?: string | null;
  logoAlignment: LogoAlignment;
  logoWidth: number;
  coverFileId?: string | null;
  coverPlacement: CoverPlacement;
  coverSpacing: number;
  videoIconFileId?: string | null;
  landingPageUrl?: string | null;
  videoLinkUrl?: string | null;
  ctaButtons: CtaButton[];
  createdAt: Date;
  updatedAt: Date;
}

// A stored picture's size in pixels (null when unknown).
export interface MediaSize {
  width: number | null;
  height: number | null;
}

// The media of one snippet, as the files/videos services describe it (null where there is none
// or it could not be found).
export interface SnippetMedia {
  encoding: {
    state: string;
    progress: number;
    // with sound: the web view's and the dashboard's
    videoUrl: string | null;
    // without sound, for email (missing: videoUrl)
    emailVideoUrl?: string | null;
    thumbnailUrl: string | null;
    gifUrl: string | null;
    // The encoded frame (MP4 and poster); the encoder's GIF has the same shape.
    outWidth?: number | null;
    outHeight?: number | null;
  } | null;
  gifUrl: string | null;
  logoUrl: string | null;
  coverUrl: string | null;
  videoIconUrl: string | null;
  // Pixel sizes of the uploaded files, for the email's width and height attributes.
  sizes?: { gif?: MediaSize | null; logo?: MediaSize | null; cover?: MediaSize | null; videoIcon?: MediaSize | null };
}

export type { SnippetUrls, SnippetView } from '../shared/api-types.js';


export type { PublicSnippetView, SnippetBrief } from '../shared/api-types.js';

export function snippetUrls(publicBaseUrl: string, id: string): SnippetUrls {
  const base = publicBaseUrl.replace(/\/+$/, '');
  const enc = encodeURIComponent(id);
  return {
    previewUrl: `${base}/livePreview/${enc}`,
    liveUrl: `${base}/live/${enc}`,
    exportUrl: `${base}/eyemail/${enc}`,
    livePreviewUrlForEmail: `${base}/emailpreview/${enc}`,
  };
}

// The user's own GIF replaces the encoder's; the poster is always the encoder's.
function videoUrls(media: SnippetMedia) {
  return {
    url: media.encoding?.videoUrl ?? null,
    thumbnailUrl: media.encoding?.thumbnailUrl ?? null,
    gifUrl: media.gifUrl ?? media.encoding?.gifUrl ?? null,
  };
}

export function toSnippetView(s: SnippetRecord, media: SnippetMedia, publicBaseUrl: string): SnippetView {
  const video = videoUrls(media);
  return {
    snippet: s.id,
    title: s.title,
    publicTitle: recipientTitle(s),
    status: s.status,
    dateCreatedUTC: s.createdAt.toISOString(),
    dateUpdatedUTC: s.updatedAt.toISOString(),
    thumbnailUrl: video.thumbnailUrl,
    ...snippetUrls(publicBaseUrl, s.id),
    landingPageUrl: s.landingPageUrl ?? null,
    logoImageId: s.logoFileId ?? null,
    logoImageUrl: s.logoFileId ? media.logoUrl : null,
    logoImageAlignment: s.logoAlignment,
    logoImageWidth: s.logoWidth,
    coverImageId: s.coverFileId ?? null,
    coverImageUrl: s.coverFileId ? media.coverUrl : null,
    coverImagePlacement: s.coverPlacement,
    coverImageSpacing: s.coverSpacing,
    videoId: s.videoFileId,
    videoUrl: video.url,
    gifId: s.gifFileId ?? null,
    gifUrl: video.gifUrl,
    video,
    videoLogoImgId: s.videoIconFileId ?? null,
    videoLogoImgUrl: s.videoIconFileId ? media.videoIconUrl : null,
    videoURLData: s.videoLinkUrl ?? null,
    addVideoOverlay: s.addVideoOverlay,
    videoOverlay: s.videoOverlay,
    width: s.width,
    ctaButtonsJSON: JSON.stringify(s.ctaButtons.map(toCtaButtonDto)),
    // The owner's own view: buttons link straight to their targets, nothing is counted.
    ctaButtonsHTML: renderCtaButtonsHtml(s.ctaButtons, { maxWidth: s.width }),
    encoding: media.encoding ? { state: media.encoding.state, progress: media.encoding.progress } : null,
  };
}

export function toSnippetBrief(s: Pick<SnippetRecord, 'id' | 'title'>, thumbnailUrl: string | null): SnippetBrief {
  return { snippet: s.id, title: s.title, thumbnailUrl };
}

// Express accounts show the video only, whatever an older plan stored.
function forTier(s: SnippetRecord, media: SnippetMedia, tier: SnippetTier): { s: SnippetRecord; media: SnippetMedia } {
  if (tier !== 'express') return { s, media };
  return {
    s: { ...s, logoFileId: null, coverFileId: null, ctaButtons: [] },
    media: { ...media, logoUrl: null, coverUrl: null },
  };
}

export function toPublicSnippetView(
  record: SnippetRecord,
  rawMedia: SnippetMedia,
  tier: SnippetTier,
  buttons: RenderButtonsOptions = {},
): PublicSnippetView {
  const { s, media } = forTier(record, rawMedia, tier);
  const video = videoUrls(media);
  return {
    snippet: s.id,
    // Recipients read the public title, never the name.
    title: recipientTitle(s),
    logoImageUrl: s.logoFileId ? media.logoUrl : null,
    logoImageAlignment: s.logoAlignment,
    logoImageWidth: s.logoWidth,
    coverImageUrl: s.coverFileId ? media.coverUrl : null,
    coverImagePlacement: s.coverPlacement,
    coverImageSpacing: s.coverSpacing,
    videoUrl: video.url,
    thumbnailUrl: video.thumbnailUrl,
    gifUrl: video.gifUrl,
    video,
    videoLogoImgUrl: s.videoIconFileId ? media.videoIconUrl : null,
    videoURLData: s.videoLinkUrl ?? null,
    width: s.width,
    addVideoOverlay: s.addVideoOverlay,
    videoOverlay: s.videoOverlay,
    ctaButtonsHTML: renderCtaButtonsHtml(s.ctaButtons, { maxWidth: s.width, ...buttons }),
    landingPageUrl: s.landingPageUrl ?? null,
  };
}

// What the email export core reads.
export function toExportSnippet(s: SnippetRecord, media: SnippetMedia): ExportSnippet {
  const video = videoUrls(media);
  const sizes = media.sizes ?? {};
  const frame: MediaSize = { width: media.encoding?.outWidth ?? null, height: media.encoding?.outHeight ?? null };
  return {
    id: s.id,
    // Alt texts and aria-labels of the email: the public title, never the name.
    title: recipientTitle(s),
    width: s.width,
    logo: s.logoFileId && media.logoUrl ? { url: media.logoUrl, alignment: s.logoAlignment, width: s.logoWidth, size: sizes.logo ?? null } : null,
    cover: s.coverFileId && media.coverUrl ? { url: media.coverUrl, placement: s.coverPlacement, spacing: s.coverSpacing, size: sizes.cover ?? null } : null,
    video: {
      // The email's MP4 has no sound (the inbox plays it muted); the web view plays videoUrl's.
      mp4Url: media.encoding?.emailVideoUrl ?? video.url ?? '',
      posterUrl: video.thumbnailUrl ?? '',
      gifUrl: video.gifUrl,
      size: frame,
      // The user's own GIF has its own shape; the encoder's is the video's.
      gifSize: media.gifUrl ? (sizes.gif ?? null) : frame,
    },
    videoIcon: s.videoIconFileId && media.videoIconUrl ? { url: media.videoIconUrl, size: sizes.videoIcon ?? null } : null,
    addVideoOverlay: s.addVideoOverlay,
    videoOverlay: s.videoOverlay,
    landingPageUrl: s.landingPageUrl ?? null,
    videoLinkUrl: s.videoLinkUrl ?? null,
    buttons: s.ctaButtons,
  };
}

// ---- Readable links --------------------------------------------------------------------------

export const SHORT_ID_LENGTH = 8;
const SLUG_MAX = 60;

// "Spring Sale: 50% off!" -> "spring-sale-50-off". Accents are dropped, anything else that is not
// a letter or digit becomes a dash; an empty result becomes "eyemail".
export function slugifyTitle(title: string): string {
  const s = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, '');
  return s || 'eyemail';
}

// The slug ends in the first 8 hex digits of the id, which is how the viewer finds the snippet.
export function snippetSlug(title: string, id: string): string {
  return `${slugifyTitle(title)}-${id.slice(0, SHORT_ID_LENGTH).toLowerCase()}`;
}

// The short id at the end of a slug, or null when the text is not a slug.
export function shortIdFromSlug(slug: string): string | null {
  const m = /^(?:[a-z0-9]+(?:-[a-z0-9]+)*-)?([0-9a-f]{8})$/i.exec(slug.trim());
  return m ? m[1].toLowerCase() : null;
}

// The smallest and largest uuid starting with these 8 hex digits (a range the primary key index
// answers).
export function uuidRangeForShortId(shortId: string): [string, string] {
  return [`${shortId}-0000-0000-0000-000000000000`, `${shortId}-ffff-ffff-ffff-ffffffffffff`];
}
