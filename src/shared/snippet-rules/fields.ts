// Field rules: each returns the message to show, or null when the value is fine.
// Pure: no Node, Nest or React imports; shared by the server and the dashboard.

import { isUuid } from '../uuid.js';
import { BUTTON_RADIUS_MAX, BUTTON_RADIUS_MIN, BUTTON_TEXT_MAX, HEADER_TEXT_MAX, LABELS, LOGO_WIDTH_DEFAULT, LOGO_WIDTH_MAX, LOGO_WIDTH_MIN, RULE_MESSAGES, SNIPPET_MESSAGES, TITLE_MAX, URL_MAX, WIDTH_DEFAULT, WIDTH_MAX, WIDTH_MIN } from './limits.js';

const HEX_COLOUR_RE = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
// A dotted host name with a letter TLD, an IPv4 address, or localhost.
const HOST_RE = /^(?:localhost|(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})|\d{1,3}(?:\.\d{1,3}){3})$/i;

export function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
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

// The title recipients see: optional (empty means the EyeMail's name), at most TITLE_MAX.
export function publicTitleError(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') return RULE_MESSAGES.maxLength(LABELS.publicTitle, TITLE_MAX);
  if (value.trim().length > TITLE_MAX) return RULE_MESSAGES.maxLength(LABELS.publicTitle, TITLE_MAX);
  return null;
}

// What recipients read as an EyeMail's title: its public title, else its name, else a neutral
// word (every saved EyeMail has a name; a view model must never print an empty title).
export function recipientTitle(s: { title?: string | null; publicTitle?: string | null }): string {
  return s.publicTitle?.trim() || s.title?.trim() || 'EyeMail';
}

export function videoIdError(value: unknown): string | null {
  if (isBlank(value)) return SNIPPET_MESSAGES.videoRequired;
  return isUuid(value) ? null : SNIPPET_MESSAGES.invalidField;
}

// Optional file ids (logo, cover, GIF, video icon): empty is fine, anything else must be a GUID.
export function optionalIdError(value: unknown): string | null {
  if (isBlank(value)) return null;
  return isUuid(value) ? null : SNIPPET_MESSAGES.invalidField;
}

export function toNumber(value: unknown): number | null {
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

export function oneOf<T extends string | number>(value: unknown, allowed: readonly T[], fallback: T, label: string): { value: T; error: string | null } {
  if (isBlank(value)) return { value: fallback, error: null };
  const v = typeof value === 'string' ? value.trim().toLowerCase() : value;
  const hit = allowed.find((a) => a === v || String(a) === String(v));
  return hit === undefined ? { value: fallback, error: RULE_MESSAGES.oneOf(label, allowed) } : { value: hit, error: null };
}

export function toBool(value: unknown, fallback: boolean): boolean {
  if (value === true || value === 'true' || value === 1 || value === '1') return true;
  if (value === false || value === 'false' || value === 0 || value === '0') return false;
  return fallback;
}
