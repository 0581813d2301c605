// The EyeMail form (create and edit) as plain data, and the decisions around it: what is wrong,
// whether it can be sent, the payload it becomes, and whether saving needs a new encoding. Pure.
import {
  COVER_SPACING_DEFAULT,
  LOGO_WIDTH_DEFAULT,
  WIDTH_DEFAULT,
  landingPageUrlError,
  logoWidthError,
  normalizeOverlay,
  parseCtaButtonsJson,
  parseLogoWidth,
  parseWidth,
  publicTitleError,
  titleError,
  videoLinkError,
  widthError,
  withDefaultScheme,
  type CoverPlacement,
  type CtaButton,
  type LogoAlignment,
  type SnippetTier,
  type VideoOverlay,
} from '@shared/snippet-rules';
import type { SnippetView } from '@shared/api-types';
import { clickDestination, type ClickDestination } from '@shared/click-rules';
import type { SnippetPayload } from '@/features/eyemails/api/create-snippet';
import { serverFieldErrors } from '@/lib/server-field-errors';

// A file the form points at: uploaded now, picked from My Videos, or loaded with the EyeMail.
export interface FileRef {
  fileId: string;
  url: string | null;
  name: string;
  // Videos: a poster to show until the encoded video is there.
  thumbnailUrl?: string | null;
}

export interface SnippetFormValues {
  // The name: the owner's own.
  title: string;
  // The title recipients see; null follows the name (a new EyeMail until it is typed in).
  publicTitle: string | null;
  video: FileRef | null;
  gif: FileRef | null;
  addVideoOverlay: boolean;
  videoOverlay: VideoOverlay;
  logo: FileRef | null;
  logoImageAlignment: LogoAlignment;
  // Inputs hand back numbers or, while typing, strings.
  logoImageWidth: number | string;
  cover: FileRef | null;
  coverImagePlacement: CoverPlacement;
  coverImageSpacing: number;
  landingPageUrl: string;
  videoIcon: FileRef | null;
  // the call-to-action video link (the API's videoURLData)
  videoLink: string;
  buttons: CtaButton[];
  width: number | string;
}

export function emptyForm(): SnippetFormValues {
  return {
    title: '',
    publicTitle: null,
    video: null,
    gif: null,
    addVideoOverlay: false,
    videoOverlay: 'none',
    logo: null,
    logoImageAlignment: 'left',
    logoImageWidth: LOGO_WIDTH_DEFAULT,
    cover: null,
    coverImagePlacement: 'below',
    coverImageSpacing: COVER_SPACING_DEFAULT,
    landingPageUrl: '',
    videoIcon: null,
    videoLink: '',
    buttons: [],
    width: WIDTH_DEFAULT,
  };
}

function ref(fileId: string | null, url: string | null, name: string): FileRef | null {
  return fileId ? { fileId, url, name } : null;
}

// The call-to-action video link of a saved EyeMail (the API's videoURLData), or null: the one
// place the dashboard reads that name.
export function videoLinkOf(s: Pick<SnippetView, 'videoURLData'>): string | null {
  return s.videoURLData || null;
}

// What the edit page starts from.
export function formFromSnippet(s: SnippetView): SnippetFormValues {
  const buttons = parseCtaButtonsJson(s.ctaButtonsJSON ?? '').value;
  return {
    title: s.title,
    // A saved EyeMail keeps what recipients see when its name changes.
    publicTitle: s.publicTitle ?? s.title,
    video: s.videoId ? { fileId: s.videoId, url: s.video?.url ?? s.videoUrl, name: 'Current video', thumbnailUrl: s.video?.thumbnailUrl ?? s.thumbnailUrl } : null,
    gif: ref(s.gifId, s.gifUrl, 'Current GIF'),
    addVideoOverlay: s.addVideoOverlay,
    videoOverlay: normalizeOverlay(s.addVideoOverlay, s.videoOverlay),
    logo: ref(s.logoImageId, s.logoImageUrl, 'Current logo'),
    logoImageAlignment: s.logoImageAlignment ?? 'left',
    logoImageWidth: s.logoImageWidth ?? LOGO_WIDTH_DEFAULT,
    cover: ref(s.coverImageId, s.coverImageUrl, 'Current image'),
    coverImagePlacement: s.coverImagePlacement ?? 'below',
    coverImageSpacing: s.coverImageSpacing ?? COVER_SPACING_DEFAULT,
    landingPageUrl: s.landingPageUrl ?? '',
    videoIcon: ref(s.videoLogoImgId, s.videoLogoImgUrl, 'Current icon'),
    videoLink: videoLinkOf(s) ?? '',
    buttons,
    width: s.width ?? WIDTH_DEFAULT,
  };
}

// The mute icon checkbox: checked means black (until white is chosen), unchecked none.
export function withOverlayChecked(values: SnippetFormValues, checked: boolean): SnippetFormValues {
  return { ...values, addVideoOverlay: checked, videoOverlay: checked ? 'black' : 'none' };
}

// What recipients will see as the title: the one typed, else the name.
export function shownPublicTitle(values: Pick<SnippetFormValues, 'title' | 'publicTitle'>): string {
  return values.publicTitle ?? values.title;
}

export type FormErrors = Partial<Record<'title' | 'publicTitle' | 'video' | 'width' | 'logoImageWidth' | 'landingPageUrl' | 'videoLink', string>>;

// Field errors with the shared messages. Required title and video are only reported when
// `submitted` (the submit button is greyed without them anyway); typed values are always checked.
export function formErrors(values: SnippetFormValues, tier: SnippetTier, submitted = false): FormErrors {
  const errors: FormErrors = {};
  const title = titleError(values.title);
  if (title && (submitted || values.title.trim() !== '')) errors.title = title;
  const publicTitle = publicTitleError(shownPublicTitle(values));
  if (publicTitle) errors.publicTitle = publicTitle;
  if (!values.video && submitted) errors.video = 'Video is required.';
  const width = widthError(values.width);
  if (width) errors.width = width;
  const landing = landingPageUrlError(values.landingPageUrl);
  if (landing) errors.landingPageUrl = landing;
  const link = videoLinkError(values.videoLink);
  if (link) errors.videoLink = link;
  if (tier !== 'express') {
    const logo = logoWidthError(values.logoImageWidth);
    if (logo) errors.logoImageWidth = logo;
  }
  return errors;
}

// The submit button is greyed without a video and a name (spec 01 section 2).
export function hasEssentials(values: SnippetFormValues): boolean {
  return values.video !== null && values.title.trim() !== '';
}

// Express accounts keep the video, its icon and links only.
export function toPayload(values: SnippetFormValues, tier: SnippetTier): SnippetPayload {
  const express = tier === 'express';
  const trimmed = (s: string) => (s.trim() === '' ? null : s.trim());
  return {
    title: values.title.trim(),
    // Empty: the server uses the name.
    publicTitle: trimmed(shownPublicTitle(values)),
    videoId: values.video?.fileId ?? '',
    gifId: values.gif?.fileId ?? null,
    addVideoOverlay: values.addVideoOverlay,
    videoOverlay: normalizeOverlay(values.addVideoOverlay, values.videoOverlay),
    logoImageId: express ? null : values.logo?.fileId ?? null,
    logoImageAlignment: values.logoImageAlignment,
    logoImageWidth: parseLogoWidth(values.logoImageWidth).value,
    coverImageId: express ? null : values.cover?.fileId ?? null,
    coverImagePlacement: values.coverImagePlacement,
    coverImageSpacing: values.coverImageSpacing,
    landingPageUrl: trimmed(values.landingPageUrl),
    videoLogoImgId: values.videoIcon?.fileId ?? null,
    videoURLData: trimmed(values.videoLink),
    ctaButtonsJSON: JSON.stringify(express ? [] : values.buttons),
    width: parseWidth(values.width).value,
  };
}

// What an encoding is asked for: the video, the mute icon burned into it, and the width.
export interface EncodeTarget {
  fileId: string;
  overlay: VideoOverlay;
  width: number;
}

// Null while there is no video or the width is not valid yet (no point encoding for it).
export function encodeTargetOf(values: SnippetFormValues): EncodeTarget | null {
  if (!values.video) return null;
  const width = parseWidth(values.width);
  if (width.error) return null;
  return { fileId: values.video.fileId, overlay: normalizeOverlay(values.addVideoOverlay, values.videoOverlay), width: width.value };
}

export function encodeKey(t: EncodeTarget): string {
  return `${t.fileId}|${t.overlay}|${t.width}`;
}

// Edit: a new video, another mute icon or another width needs a new encoding; anything else
// (title, links, images, buttons) is saved as it is.
export function needsReencode(saved: Pick<SnippetView, 'videoId' | 'videoOverlay' | 'addVideoOverlay' | 'width'>, values: SnippetFormValues): boolean {
  const target = encodeTargetOf(values);
  if (!target) return false;
  return (
    target.fileId.toLowerCase() !== saved.videoId.toLowerCase() ||
    target.overlay !== normalizeOverlay(saved.addVideoOverlay, saved.videoOverlay) ||
    target.width !== saved.width
  );
}

// Server field errors (400) onto the form's fields; the rest stay in the toast.
const SERVER_FIELDS: Record<string, keyof FormErrors> = {
  title: 'title',
  publicTitle: 'publicTitle',
  videoId: 'video',
  width: 'width',
  logoImageWidth: 'logoImageWidth',
  landingPageUrl: 'landingPageUrl',
  videoURLData: 'videoLink',
};

export function fieldErrorsFromServer(errors: Record<string, string> | null): FormErrors {
  return serverFieldErrors(errors, SERVER_FIELDS);
}

// Where the preview says a click on the video goes, by the rule the export and the web view use:
// the landing page (normalised as it will be saved), else the web view. Nothing while the field
// holds something the form refuses (never an echo of invalid input).
export function previewClickTarget(landingPageUrl: string): ClickDestination | null {
  if (landingPageUrlError(landingPageUrl) !== null) return null;
  return clickDestination('video', landingPageUrl);
}

// A link typed without its scheme ('shop.example.com/sale') gets https:// when the field is left,
// as the button editor does, but only if that makes it a link the form accepts; anything else is
// left as typed for its error to explain.
export function completeLink(value: string, isValid: (v: string) => boolean): string {
  const v = value.trim();
  if (v === '' || isValid(v)) return value;
  const completed = withDefaultScheme(v);
  return completed !== v && isValid(completed) ? completed : value;
}

export const completeLandingPageUrl = (value: string) => completeLink(value, (v) => landingPageUrlError(v) === null);
export const completeVideoLink = (value: string) => completeLink(value, (v) => videoLinkError(v) === null);
