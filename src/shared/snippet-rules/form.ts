// The whole snippet form, and what each account tier may use.
// Pure: no Node, Nest or React imports; shared by the server and the dashboard.

import { type CtaButton, parseCtaButtonsJson } from './buttons.js';
import { isBlank, landingPageUrlError, publicTitleError, oneOf, optionalIdError, parseHttpUrl, parseLogoWidth, parseWidth, titleError, toBool, toNumber, videoIdError, videoLinkError } from './fields.js';
import { COVER_PLACEMENTS, COVER_SPACING_DEFAULT, COVER_SPACING_LEVELS, type CoverPlacement, LABELS, LOGO_ALIGNMENTS, type LogoAlignment, type SnippetTier, VIDEO_OVERLAYS, type VideoOverlay } from './limits.js';

// ---- The whole snippet form --------------------------------------------------------------------

export interface SnippetFormValue {
  title: string;
  // The title recipients see: undefined when not sent (an update keeps the stored one), null when
  // sent empty (the name is used).
  publicTitle?: string | null;
  videoId: string;
  gifId: string | null;
  width: number;
  landingPageUrl: string | null;
  // the call-to-action video link (the payload's videoURLData)
  videoLinkUrl: string | null;
  videoLogoImgId: string | null;
  addVideoOverlay: boolean;
  videoOverlay: VideoOverlay;
  logoImageId: string | null;
  logoImageAlignment: LogoAlignment;
  logoImageWidth: number;
  coverImageId: string | null;
  coverImagePlacement: CoverPlacement;
  coverImageSpacing: number;
  buttons: CtaButton[];
}

// The mute icon checkbox: checked means black unless white was chosen; unchecked means none.
export function normalizeOverlay(addVideoOverlay: boolean, overlay: VideoOverlay): VideoOverlay {
  if (!addVideoOverlay) return 'none';
  return overlay === 'none' ? 'black' : overlay;
}

// The payload's choice fields, read as the form reads them (empty means the default).
export const logoAlignmentOf = (v: unknown) => oneOf(v, LOGO_ALIGNMENTS, 'left', LABELS.logoAlignment);
export const coverPlacementOf = (v: unknown) => oneOf(v, COVER_PLACEMENTS, 'below', LABELS.coverPlacement);
export const coverSpacingOf = (v: unknown) =>
  oneOf(typeof v === 'string' ? toNumber(v) ?? v : v, COVER_SPACING_LEVELS, COVER_SPACING_DEFAULT, LABELS.coverSpacing);
export const videoOverlayOf = (v: unknown) => oneOf(v, VIDEO_OVERLAYS, 'none', LABELS.overlay);

// The buttons' messages keyed "<index>.<field>", or '' for the list as a whole.
export function ctaButtonsErrors(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, m] of Object.entries(parseCtaButtonsJson(v).errors)) out[k === 'list' ? '' : k] = m;
  return out;
}

type FieldRule = (value: unknown) => string | null;

// The rule of each payload field (spec 01 section 3), in the order their messages are shown. The
// buttons (ctaButtonsJSON) come last, with one message per failing button field (ctaButtonsErrors).
export const SNIPPET_FIELD_RULES: readonly (readonly [field: string, rule: FieldRule])[] = [
  ['title', titleError],
  ['publicTitle', publicTitleError],
  ['videoId', videoIdError],
  ['gifId', optionalIdError],
  ['videoLogoImgId', optionalIdError],
  ['logoImageId', optionalIdError],
  ['coverImageId', optionalIdError],
  ['width', (v) => parseWidth(v).error],
  ['landingPageUrl', landingPageUrlError],
  ['videoURLData', videoLinkError],
  ['logoImageWidth', (v) => parseLogoWidth(v).error],
  ['logoImageAlignment', (v) => logoAlignmentOf(v).error],
  ['coverImagePlacement', (v) => coverPlacementOf(v).error],
  ['coverImageSpacing', (v) => coverSpacingOf(v).error],
  ['videoOverlay', (v) => videoOverlayOf(v).error],
];

// The stored form of a payload that passed every rule above (defaults filled in, ids in lower
// case, URLs normalised, buttons parsed).
export function snippetFormValue(input: Record<string, unknown>): SnippetFormValue {
  const overlay = videoOverlayOf(input.videoOverlay).value;
  const addVideoOverlay = toBool(input.addVideoOverlay, false) || (input.addVideoOverlay === undefined && overlay !== 'none');
  const optionalId = (v: unknown) => (isBlank(v) ? null : (v as string).toLowerCase());
  return {
    title: (input.title as string).trim(),
    ...(input.publicTitle === undefined ? {} : { publicTitle: isBlank(input.publicTitle) ? null : (input.publicTitle as string).trim() }),
    videoId: (input.videoId as string).toLowerCase(),
    gifId: optionalId(input.gifId),
    width: parseWidth(input.width).value,
    landingPageUrl: isBlank(input.landingPageUrl) ? null : parseHttpUrl(input.landingPageUrl),
    videoLinkUrl: isBlank(input.videoURLData) ? null : parseHttpUrl(input.videoURLData),
    videoLogoImgId: optionalId(input.videoLogoImgId),
    addVideoOverlay,
    videoOverlay: normalizeOverlay(addVideoOverlay, overlay),
    logoImageId: optionalId(input.logoImageId),
    logoImageAlignment: logoAlignmentOf(input.logoImageAlignment).value,
    logoImageWidth: parseLogoWidth(input.logoImageWidth).value,
    coverImageId: optionalId(input.coverImageId),
    coverImagePlacement: coverPlacementOf(input.coverImagePlacement).value,
    coverImageSpacing: coverSpacingOf(input.coverImageSpacing).value,
    buttons: parseCtaButtonsJson(input.ctaButtonsJSON).value,
  };
}

// The create/update payload (spec 01 section 3) checked field by field, errors keyed by payload
// field name (buttons as "ctaButtonsJSON.<index>.<field>"). ctaButtonsHTML is ignored: the server
// writes the button HTML itself. Express accounts lose logo, cover and buttons here too.
export function validateSnippetForm(
  raw: Record<string, unknown>,
  tier: SnippetTier = 'premium',
): { value: SnippetFormValue | null; errors: Record<string, string> } {
  const input = normalizeForTier(raw, tier);
  const errors: Record<string, string> = {};
  for (const [field, rule] of SNIPPET_FIELD_RULES) {
    const message = rule(input[field]);
    if (message) errors[field] = message;
  }
  for (const [part, message] of Object.entries(ctaButtonsErrors(input.ctaButtonsJSON))) errors[part ? `ctaButtonsJSON.${part}` : 'ctaButtonsJSON'] ??= message;
  if (Object.keys(errors).length) return { value: null, errors };
  return { value: snippetFormValue(input), errors };
}

// ---- Account tiers ------------------------------------------------------------------------------

// What an Express account may not have: logo, cover (creative) image and buttons.
export const ENTERPRISE_DROPPED_FIELDS = [
  'logoImageId',
  'logoImageUrl',
  'logoImageAlignment',
  'logoImageWidth',
  'coverImageId',
  'coverImageUrl',
  'coverImagePlacement',
  'coverImageSpacing',
  'ctaButtonsJSON',
  'ctaButtonsHTML',
] as const;

// The payload an account of this tier may store: for Express, logo, cover and buttons are cleared
// (set to null, so an update also removes what an older Premium plan had). Premium: unchanged.
export function normalizeForTier<T extends Record<string, unknown>>(input: T, tier: SnippetTier): T {
  if (tier !== 'express') return input;
  const out: Record<string, unknown> = { ...input };
  for (const f of ENTERPRISE_DROPPED_FIELDS) out[f] = null;
  return out as T;
}

// The fields an Express payload filled in although it may not have them, for servers that prefer
// to refuse rather than drop. An empty button list does not count.
export function tierViolations(input: Record<string, unknown>, tier: SnippetTier): string[] {
  if (tier !== 'express') return [];
  return ENTERPRISE_DROPPED_FIELDS.filter((f) => {
    const v = input[f];
    if (isBlank(v)) return false;
    if (f === 'ctaButtonsJSON' && (v === '[]' || (Array.isArray(v) && v.length === 0))) return false;
    if (f === 'ctaButtonsHTML') return false; // ignored for every tier
    // Placement, spacing, alignment and width default harmlessly when no image is chosen.
    if (f === 'logoImageAlignment' || f === 'logoImageWidth') return !isBlank(input.logoImageId) || !isBlank(input.logoImageUrl);
    if (f === 'coverImagePlacement' || f === 'coverImageSpacing') return !isBlank(input.coverImageId) || !isBlank(input.coverImageUrl);
    return true;
  });
}
