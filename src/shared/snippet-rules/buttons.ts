// Call-to-action buttons: validated button data (the server renders their HTML).
// Pure: no Node, Nest or React imports; shared by the server and the dashboard.

import { buttonTextError, buttonUrlError, colourError, isBlank, normalizeColour, oneOf, parseHttpUrl, radiusError, toBool, toNumber, withDefaultScheme } from './fields.js';
import { BUTTON_DEFAULTS, BUTTON_FONT_SIZE, BUTTON_PADDING, BUTTON_SIZES, type ButtonSize, LABELS, MAX_BUTTONS, RULE_MESSAGES, SNIPPET_MESSAGES } from './limits.js';

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
