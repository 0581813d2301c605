// Snippet (EyeMail) validation rules and their messages (spec 01 section 5), shared by the server
// and the dashboard forms so both say exactly the same thing. Pure: no Node, Nest or React imports.
// Field rules return the message to show, or null when the value is fine.

export const TITLE_MAX = 240;
export const WIDTH_MIN = 600;
export const WIDTH_MAX = 800;
export const WIDTH_DEFAULT = 600;
export const LOGO_WIDTH_MIN = 40;
export const LOGO_WIDTH_MAX = 600;
export const LOGO_WIDTH_DEFAULT = 120;
export const COVER_SPACING_STEP_PX = 8;
export const COVER_SPACING_LEVELS = [0, 1, 2, 3] as const;
export const COVER_SPACING_DEFAULT = 1;
export const URL_MAX = 2048;

export const BUTTON_TEXT_MAX = 16;
// The spec gives both 0-50 and 0-30. 30 is the stricter reading and already more than half of the
// 42 px Outlook button, so anything above it would look the same (a pill) anyway.
export const BUTTON_RADIUS_MIN = 0;
export const BUTTON_RADIUS_MAX = 30;
// The spec gives both 4 and 5 (the add control hides at 4, the add form blocks at 5). The add
// control is what people see, so 4 is the limit, and the server enforces the same number.
export const MAX_BUTTONS = 4;

export const HEADER_TEXT_MAX = 200;
export const DEFAULT_HEADER_TEXT = 'If Unable to See or Hear, Click Here';

export const LOGO_ALIGNMENTS = ['left', 'center', 'right'] as const;
export const COVER_PLACEMENTS = ['above', 'below'] as const;
export const VIDEO_OVERLAYS = ['none', 'black', 'white'] as const;
export const BUTTON_SIZES = ['small', 'medium', 'large'] as const;

export type LogoAlignment = (typeof LOGO_ALIGNMENTS)[number];
export type CoverPlacement = (typeof COVER_PLACEMENTS)[number];
export type VideoOverlay = (typeof VIDEO_OVERLAYS)[number];
export type ButtonSize = (typeof BUTTON_SIZES)[number];
export type SnippetTier = 'standard' | 'enterprise';

// Size and font size of a button (spec 01 section 3).
export const BUTTON_PADDING: Record<ButtonSize, string> = { small: '10px', medium: '15px 10px', large: '20px 10px' };
export const BUTTON_FONT_SIZE: Record<ButtonSize, string> = { small: '1em', medium: '1.2em', large: '1.4em' };

export const BUTTON_DEFAULTS = {
  backgroundColor: '#444444',
  fontColor: '#ffffff',
  btnSize: 'small' as ButtonSize,
  fontSize: 'small' as ButtonSize,
  radius: 0,
  bold: true,
};

export const LABELS = {
  title: 'Title',
  width: 'Video width',
  logoWidth: 'Logo width',
  logoAlignment: 'Logo alignment',
  coverPlacement: 'Cover image placement',
  coverSpacing: 'Cover image spacing',
  overlay: 'Video icon',
  buttonText: 'Button text',
  backgroundColor: 'Background color',
  fontColor: 'Font color',
  buttonUrl: 'Button URL',
  buttonSize: 'Button size',
  fontSize: 'Font size',
  radius: 'Radius',
  headerText: 'Header text',
} as const;

export const SNIPPET_MESSAGES = {
  videoRequired: 'Video is required.',
  invalidField: 'Invalid Field',
  width: 'Video width can be up to 800px.',
  landingPageUrl: 'Not a valid URL',
  url: 'Not a valid url.',
  logoWidth: 'Logo size less than 600px',
  headerText: 'Please enter header text!',
  colour: (label: string) => `${label} must be a colour like #444444`,
  tooManyButtons: `You can add up to ${MAX_BUTTONS} call-to-action buttons.`,
  buttonsNotAllowed: 'Call-to-action buttons are not available on Express accounts.',
} as const;

// The generic form validator's messages (spec 01 section 5), worded exactly as the spec has them.
export const RULE_MESSAGES = {
  required: (label: string) => `${label} is required`,
  minLength: (label: string, n: number) => `${label} must be at least ${n} characters in length`,
  maxLength: (label: string, n: number) => `${label} must not exceed ${n} characters in length`,
  minOrEqual: (label: string, n: number) => `${label} must be equal to or greater than ${n}`,
  maxOrEqual: (label: string, n: number) => `${label} must be equal to or less than ${n}`,
  oneOf: (label: string, list: readonly (string | number)[]) => `${label} must be one of these: ${list.join(', ')}`,
};

const GUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX_COLOUR_RE = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
// A dotted host name with a letter TLD, an IPv4 address, or localhost.
const HOST_RE = /^(?:localhost|(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})|\d{1,3}(?:\.\d{1,3}){3})$/i;

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

export function isGuid(value: unknown): value is string {
  return typeof value === 'string' && GUID_RE.test(value);
}

// An absolute http(s) URL with a real host, no credentials and no whitespace or control
// characters (the URL parser would silently drop tabs and newlines). Returns the normalised URL
// or null. Everything else (javascript:, data:, mailto:, relative paths) is refused.
export function parseHttpUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim();
  if (!v || v.length > URL_MAX || /[\s\u0000-\u001f\u007f]/.test(v)) return null;
  if (!/^https?:\/\//i.test(v)) return null;
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  if (u.username || u.password) return null;
  if (!HOST_RE.test(u.hostname)) return null;
  return u.href;
}

// A scheme is present when the text starts with "name:" that is not a "host:port".
function hasScheme(v: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(v) && !/^[a-z0-9.-]+:\d+(?:[/?#]|$)/i.test(v);
}

// Button URLs get https:// when typed without a scheme ("example.com/sale"); any other scheme is
// kept as typed so that the check below refuses it.
export function withDefaultScheme(value: string): string {
  const v = value.trim();
  if (!v) return v;
  if (v.startsWith('//')) return `https:${v}`;
  return hasScheme(v) ? v : `https://${v}`;
}

export function titleError(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return RULE_MESSAGES.required(LABELS.title);
  if (value.trim().length > TITLE_MAX) return RULE_MESSAGES.maxLength(LABELS.title, TITLE_MAX);
  return null;
}

export function videoIdError(value: unknown): string | null {
  if (isBlank(value)) return SNIPPET_MESSAGES.videoRequired;
  return isGuid(value) ? null : SNIPPET_MESSAGES.invalidField;
}

// Optional file ids (logo, cover, GIF, video icon): empty is fine, anything else must be a GUID.
export function optionalIdError(value: unknown): string | null {
  if (isBlank(value)) return null;
  return isGuid(value) ? null : SNIPPET_MESSAGES.invalidField;
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && /^-?\d+(?:\.\d+)?$/.test(value.trim())) return Number(value.trim());
  return null;
}

// Width: empty means the default 600; otherwise a whole number from 600 to 800.
export function parseWidth(value: unknown): { value: number; error: string | null } {
  if (isBlank(value)) return { value: WIDTH_DEFAULT, error: null };
  const n = toNumber(value);
  if (n === null || !Number.isInteger(n)) return { value: WIDTH_DEFAULT, error: SNIPPET_MESSAGES.width };
  if (n > WIDTH_MAX) return { value: WIDTH_DEFAULT, error: SNIPPET_MESSAGES.width };
  if (n < WIDTH_MIN) return { value: WIDTH_DEFAULT, error: RULE_MESSAGES.minOrEqual(LABELS.width, WIDTH_MIN) };
  return { value: n, error: null };
}

export function widthError(value: unknown): string | null {
  return parseWidth(value).error;
}

// Logo width in px: empty means 120; numeric from 40 to 600 (fractions are rounded).
export function parseLogoWidth(value: unknown): { value: number; error: string | null } {
  if (isBlank(value)) return { value: LOGO_WIDTH_DEFAULT, error: null };
  const n = toNumber(value);
  if (n === null) return { value: LOGO_WIDTH_DEFAULT, error: SNIPPET_MESSAGES.invalidField };
  if (n > LOGO_WIDTH_MAX) return { value: LOGO_WIDTH_DEFAULT, error: SNIPPET_MESSAGES.logoWidth };
  if (n < LOGO_WIDTH_MIN) return { value: LOGO_WIDTH_DEFAULT, error: RULE_MESSAGES.minOrEqual(LABELS.logoWidth, LOGO_WIDTH_MIN) };
  return { value: Math.round(n), error: null };
}

export function logoWidthError(value: unknown): string | null {
  return parseLogoWidth(value).error;
}

// Landing page URL: optional; http or https with a domain.
export function landingPageUrlError(value: unknown): string | null {
  if (isBlank(value)) return null;
  return parseHttpUrl(value) ? null : SNIPPET_MESSAGES.landingPageUrl;
}

// Call-to-action video link: optional; http or https.
export function videoLinkError(value: unknown): string | null {
  if (isBlank(value)) return null;
  return parseHttpUrl(value) ? null : SNIPPET_MESSAGES.url;
}

// A button URL after https:// has been added where the scheme was missing.
export function buttonUrlError(value: unknown): string | null {
  if (isBlank(value)) return RULE_MESSAGES.required(LABELS.buttonUrl);
  if (typeof value !== 'string') return SNIPPET_MESSAGES.url;
  return parseHttpUrl(withDefaultScheme(value)) ? null : SNIPPET_MESSAGES.url;
}

export function buttonTextError(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return RULE_MESSAGES.required(LABELS.buttonText);
  if (value.trim().length > BUTTON_TEXT_MAX) return RULE_MESSAGES.maxLength(LABELS.buttonText, BUTTON_TEXT_MAX);
  return null;
}

export function colourError(value: unknown, label: string): string | null {
  if (isBlank(value)) return RULE_MESSAGES.required(label);
  return typeof value === 'string' && HEX_COLOUR_RE.test(value.trim()) ? null : SNIPPET_MESSAGES.colour(label);
}

// #abc and #AABBCC both become #aabbcc: one spelling everywhere, and VML understands it.
export function normalizeColour(value: string): string {
  const v = value.trim().toLowerCase();
  return v.length === 4 ? `#${v[1]}${v[1]}${v[2]}${v[2]}${v[3]}${v[3]}` : v;
}

export function radiusError(value: unknown): string | null {
  if (isBlank(value)) return null;
  const n = toNumber(value);
  if (n === null || !Number.isInteger(n)) return SNIPPET_MESSAGES.invalidField;
  if (n < BUTTON_RADIUS_MIN) return RULE_MESSAGES.minOrEqual(LABELS.radius, BUTTON_RADIUS_MIN);
  if (n > BUTTON_RADIUS_MAX) return RULE_MESSAGES.maxOrEqual(LABELS.radius, BUTTON_RADIUS_MAX);
  return null;
}

export function headerTextError(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return SNIPPET_MESSAGES.headerText;
  if (value.trim().length > HEADER_TEXT_MAX) return RULE_MESSAGES.maxLength(LABELS.headerText, HEADER_TEXT_MAX);
  return null;
}

function oneOf<T extends string | number>(value: unknown, allowed: readonly T[], fallback: T, label: string): { value: T; error: string | null } {
  if (isBlank(value)) return { value: fallback, error: null };
  const v = typeof value === 'string' ? value.trim().toLowerCase() : value;
  const hit = allowed.find((a) => a === v || String(a) === String(v));
  return hit === undefined ? { value: fallback, error: RULE_MESSAGES.oneOf(label, allowed) } : { value: hit, error: null };
}

function toBool(value: unknown, fallback: boolean): boolean {
  if (value === true || value === 'true' || value === 1 || value === '1') return true;
  if (value === false || value === 'false' || value === 0 || value === '0') return false;
  return fallback;
}

// ---- Call-to-action buttons ------------------------------------------------------------------

export interface CtaButton {
  title: string;
  url: string;
  backgroundColor: string;
  fontColor: string;
  btnSize: ButtonSize;
  fontSize: ButtonSize;
  radius: number;
  bold: boolean;
}

// Older clients send the CSS values (padding "15px 10px", fontValue "1.2em") instead of names.
function sizeFromCss(value: unknown, table: Record<ButtonSize, string>): ButtonSize | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim().toLowerCase();
  return BUTTON_SIZES.find((s) => table[s] === v);
}

// One button from whatever a client sent: defaults filled in, https:// added, every rule checked.
// Errors are keyed by field name (title, url, backgroundColor, fontColor, btnSize, fontSize, radius).
export function validateCtaButton(raw: unknown): { value: CtaButton | null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return { value: null, errors: { title: RULE_MESSAGES.required(LABELS.buttonText) } };
  }
  const b = raw as Record<string, unknown>;

  const titleErr = buttonTextError(b.title);
  if (titleErr) errors.title = titleErr;

  const urlErr = buttonUrlError(b.url);
  if (urlErr) errors.url = urlErr;

  const bg = isBlank(b.backgroundColor) ? BUTTON_DEFAULTS.backgroundColor : b.backgroundColor;
  const bgErr = colourError(bg, LABELS.backgroundColor);
  if (bgErr) errors.backgroundColor = bgErr;
  const fg = isBlank(b.fontColor) ? BUTTON_DEFAULTS.fontColor : b.fontColor;
  const fgErr = colourError(fg, LABELS.fontColor);
  if (fgErr) errors.fontColor = fgErr;

  const size = oneOf(b.btnSize ?? sizeFromCss(b.padding, BUTTON_PADDING), BUTTON_SIZES, BUTTON_DEFAULTS.btnSize, LABELS.buttonSize);
  if (size.error) errors.btnSize = size.error;
  const font = oneOf(b.fontSize ?? sizeFromCss(b.fontValue, BUTTON_FONT_SIZE), BUTTON_SIZES, BUTTON_DEFAULTS.fontSize, LABELS.fontSize);
  if (font.error) errors.fontSize = font.error;

  const radiusErr = radiusError(b.radius);
  if (radiusErr) errors.radius = radiusErr;

  if (Object.keys(errors).length) return { value: null, errors };
  return {
    value: {
      title: (b.title as string).trim(),
      url: parseHttpUrl(withDefaultScheme(b.url as string))!,
      backgroundColor: normalizeColour(bg as string),
      fontColor: normalizeColour(fg as string),
      btnSize: size.value,
      fontSize: font.value,
      radius: isBlank(b.radius) ? BUTTON_DEFAULTS.radius : (toNumber(b.radius) as number),
      bold: toBool(b.bold, BUTTON_DEFAULTS.bold),
    },
    errors,
  };
}

// A list of buttons. Errors are keyed "<index>.<field>", plus "list" for the list itself.
export function validateCtaButtons(raw: unknown): { value: CtaButton[]; errors: Record<string, string> } {
  if (isBlank(raw)) return { value: [], errors: {} };
  if (!Array.isArray(raw)) return { value: [], errors: { list: SNIPPET_MESSAGES.invalidField } };
  if (raw.length > MAX_BUTTONS) return { value: [], errors: { list: SNIPPET_MESSAGES.tooManyButtons } };
  const value: CtaButton[] = [];
  const errors: Record<string, string> = {};
  raw.forEach((item, i) => {
    const r = validateCtaButton(item);
    if (r.value) value.push(r.value);
    for (const [field, message] of Object.entries(r.errors)) errors[`${i}.${field}`] = message;
  });
  return { value: Object.keys(errors).length ? [] : value, errors };
}

// ctaButtonsJSON is "a string holding a list of buttons"; an already-parsed list is accepted too.
export function parseCtaButtonsJson(raw: unknown): { value: CtaButton[]; errors: Record<string, string> } {
  if (typeof raw !== 'string') return validateCtaButtons(raw);
  if (raw.trim() === '') return { value: [], errors: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { value: [], errors: { list: SNIPPET_MESSAGES.invalidField } };
  }
  return validateCtaButtons(parsed);
}

// ---- The whole snippet form --------------------------------------------------------------------

export interface SnippetFormValue {
  title: string;
  videoId: string;
  gifId: string | null;
  width: number;
  landingPageUrl: string | null;
  videoURLData: string | null;
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

// The create/update payload (spec 01 section 3) checked field by field, errors keyed by payload
// field name (buttons as "ctaButtonsJSON.<index>.<field>"). ctaButtonsHTML is ignored: the server
// writes the button HTML itself. Express accounts lose logo, cover and buttons here too.
export function validateSnippetForm(
  raw: Record<string, unknown>,
  tier: SnippetTier = 'standard',
): { value: SnippetFormValue | null; errors: Record<string, string> } {
  const input = normalizeForTier(raw, tier);
  const errors: Record<string, string> = {};
  const put = (field: string, message: string | null) => {
    if (message && !errors[field]) errors[field] = message;
  };

  put('title', titleError(input.title));
  put('videoId', videoIdError(input.videoId));
  for (const f of ['gifId', 'videoLogoImgId', 'logoImageId', 'coverImageId']) put(f, optionalIdError(input[f]));
  const width = parseWidth(input.width);
  put('width', width.error);
  put('landingPageUrl', landingPageUrlError(input.landingPageUrl));
  put('videoURLData', videoLinkError(input.videoURLData));
  const logoWidth = parseLogoWidth(input.logoImageWidth);
  put('logoImageWidth', logoWidth.error);
  const alignment = oneOf(input.logoImageAlignment, LOGO_ALIGNMENTS, 'left', LABELS.logoAlignment);
  put('logoImageAlignment', alignment.error);
  const placement = oneOf(input.coverImagePlacement, COVER_PLACEMENTS, 'below', LABELS.coverPlacement);
  put('coverImagePlacement', placement.error);
  const spacing = oneOf(
    typeof input.coverImageSpacing === 'string' ? toNumber(input.coverImageSpacing) ?? input.coverImageSpacing : input.coverImageSpacing,
    COVER_SPACING_LEVELS,
    COVER_SPACING_DEFAULT,
    LABELS.coverSpacing,
  );
  put('coverImageSpacing', spacing.error);
  const overlay = oneOf(input.videoOverlay, VIDEO_OVERLAYS, 'none', LABELS.overlay);
  put('videoOverlay', overlay.error);
  const buttons = parseCtaButtonsJson(input.ctaButtonsJSON);
  for (const [k, m] of Object.entries(buttons.errors)) put(k === 'list' ? 'ctaButtonsJSON' : `ctaButtonsJSON.${k}`, m);

  if (Object.keys(errors).length) return { value: null, errors };
  const addVideoOverlay = toBool(input.addVideoOverlay, false) || (input.addVideoOverlay === undefined && overlay.value !== 'none');
  const optionalId = (v: unknown) => (isBlank(v) ? null : (v as string).toLowerCase());
  return {
    value: {
      title: (input.title as string).trim(),
      videoId: (input.videoId as string).toLowerCase(),
      gifId: optionalId(input.gifId),
      width: width.value,
      landingPageUrl: isBlank(input.landingPageUrl) ? null : parseHttpUrl(input.landingPageUrl),
      videoURLData: isBlank(input.videoURLData) ? null : parseHttpUrl(input.videoURLData),
      videoLogoImgId: optionalId(input.videoLogoImgId),
      addVideoOverlay,
      videoOverlay: normalizeOverlay(addVideoOverlay, overlay.value),
      logoImageId: optionalId(input.logoImageId),
      logoImageAlignment: alignment.value,
      logoImageWidth: logoWidth.value,
      coverImageId: optionalId(input.coverImageId),
      coverImagePlacement: placement.value,
      coverImageSpacing: spacing.value,
      buttons: buttons.value,
    },
    errors,
  };
}

// ---- Account tiers ------------------------------------------------------------------------------

// What an Express (enterprise) account may not have: logo, cover (creative) image and buttons.
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
// (set to null, so an update also removes what an older standard plan had). Standard: unchanged.
export function normalizeForTier<T extends Record<string, unknown>>(input: T, tier: SnippetTier): T {
  if (tier !== 'enterprise') return input;
  const out: Record<string, unknown> = { ...input };
  for (const f of ENTERPRISE_DROPPED_FIELDS) out[f] = null;
  return out as T;
}

// The fields an Express payload filled in although it may not have them, for servers that prefer
// to refuse rather than drop. An empty button list does not count.
export function tierViolations(input: Record<string, unknown>, tier: SnippetTier): string[] {
  if (tier !== 'enterprise') return [];
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

// ---- Export options (spec 01 section 3) ----------------------------------------------------------

export interface ExportOptions {
  headerText: string;
  includeHeader: boolean;
  includeUnsubscribeLink: boolean;
  removeBranding: boolean;
}

export const EXPORT_OPTION_DEFAULTS: ExportOptions = {
  headerText: DEFAULT_HEADER_TEXT,
  includeHeader: true,
  includeUnsubscribeLink: false,
  removeBranding: false,
};

// Missing options take their defaults. The header text is required while the header is included
// ('Please enter header text!'); without the header it is not checked.
export function validateExportOptions(raw: Partial<Record<keyof ExportOptions, unknown>> | null | undefined): {
  value: ExportOptions | null;
  errors: Record<string, string>;
} {
  const r = raw ?? {};
  const includeHeader = toBool(r.includeHeader, EXPORT_OPTION_DEFAULTS.includeHeader);
  const headerText = r.headerText === undefined || r.headerText === null ? EXPORT_OPTION_DEFAULTS.headerText : r.headerText;
  const errors: Record<string, string> = {};
  const headerErr = includeHeader ? headerTextError(headerText) : null;
  if (headerErr) errors.headerText = headerErr;
  if (Object.keys(errors).length) return { value: null, errors };
  return {
    value: {
      headerText: includeHeader ? (headerText as string).trim() : EXPORT_OPTION_DEFAULTS.headerText,
      includeHeader,
      includeUnsubscribeLink: toBool(r.includeUnsubscribeLink, EXPORT_OPTION_DEFAULTS.includeUnsubscribeLink),
      removeBranding: toBool(r.removeBranding, EXPORT_OPTION_DEFAULTS.removeBranding),
    },
    errors,
  };
}

// The export modal's Preview button opens the preview with these query parameters (spec 01
// section 2): emailHeader (the header text; left out when there is no header), speakerIcon,
// unsub=true, p (platform code) and brand=no. Both directions live here so the dashboard and the
// server agree on them.
export interface PreviewQuery {
  emailHeader?: string;
  speakerIcon?: 'true' | 'false';
  unsub?: 'true';
  p?: string;
  brand?: 'no';
}

export function previewQueryFor(options: ExportOptions, platformCode: string, speakerIcon: boolean): PreviewQuery {
  const q: PreviewQuery = { speakerIcon: speakerIcon ? 'true' : 'false', p: platformCode };
  if (options.includeHeader) q.emailHeader = options.headerText;
  if (options.includeUnsubscribeLink) q.unsub = 'true';
  if (options.removeBranding) q.brand = 'no';
  return q;
}

// Query values may arrive as lists (?p=a&p=b): the first one counts.
function firstOf(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

export function exportOptionsFromPreviewQuery(query: Record<string, unknown>): {
  options: ExportOptions;
  platformCode: string | null;
  speakerIcon: boolean | null;
} {
  const header = firstOf(query.emailHeader);
  const headerText = typeof header === 'string' ? header.trim().slice(0, HEADER_TEXT_MAX) : '';
  const speaker = firstOf(query.speakerIcon);
  const p = firstOf(query.p);
  return {
    options: {
      includeHeader: headerText !== '',
      headerText: headerText || DEFAULT_HEADER_TEXT,
      includeUnsubscribeLink: firstOf(query.unsub) === 'true',
      removeBranding: firstOf(query.brand) === 'no',
    },
    platformCode: typeof p === 'string' && p.trim() ? p.trim() : null,
    speakerIcon: speaker === 'true' ? true : speaker === 'false' ? false : null,
  };
}
