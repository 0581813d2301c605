import {
  BUTTON_FONT_SIZE,
  BUTTON_PADDING,
  parseCtaButtonsJson,
  validateCtaButton,
  type ButtonSize,
  type CtaButton,
} from '../shared/snippet-rules.js';
import { defuseUrl, escapeHtml, escapeUserText } from './email-escape.js';

// Call-to-action buttons: stored as validated data (ctaButtonsJSON), rendered by the server as
// bulletproof email buttons. Whatever HTML a client sends for them (ctaButtonsHTML) is ignored.

export type { CtaButton };

// Height of the Outlook (VML) button at the smallest size, spec 01 section 3; larger buttons grow
// with their padding and font as the HTML button does, so both look the same.
export const OUTLOOK_BUTTON_HEIGHT = 42;
// Buttons sit in a 16 px context, so 1em / 1.2em / 1.4em are 16 / 19 / 22 px where px are needed.
const BASE_FONT_PX = 16;
const FONT_PX: Record<ButtonSize, number> = { small: 16, medium: 19, large: 22 };
// The vertical half of BUTTON_PADDING ('10px', '15px 10px', '20px 10px') and the link's line-height.
const PADDING_Y_PX: Record<ButtonSize, number> = { small: 10, medium: 15, large: 20 };
const LINE_HEIGHT = 1.2;

// The HTML button's height (padding, line box), never below the spec's 42 px.
export function vmlHeightFor(btnSize: ButtonSize, fontSize: ButtonSize): number {
  return Math.max(OUTLOOK_BUTTON_HEIGHT, Math.round(2 * PADDING_Y_PX[btnSize] + FONT_PX[fontSize] * LINE_HEIGHT));
}
const FONT_STACK = 'Arial,Helvetica,sans-serif';

// The button as API responses show it: the stored data plus the CSS values the old clients read.
export interface CtaButtonDto extends CtaButton {
  padding: string;
  fontValue: string;
}

export function toCtaButtonDto(b: CtaButton): CtaButtonDto {
  return { ...b, padding: BUTTON_PADDING[b.btnSize], fontValue: BUTTON_FONT_SIZE[b.fontSize] };
}

// ctaButtonsJSON from a client into clean buttons, or field errors keyed "<index>.<field>".
export function parseCtaButtons(json: unknown): { buttons: CtaButton[]; errors: Record<string, string> } {
  const r = parseCtaButtonsJson(json);
  return { buttons: r.value, errors: r.errors };
}

// What the database keeps: the clean data only, as a JSON string (spec: "a string holding a list").
export function serializeCtaButtons(buttons: CtaButton[]): string {
  return JSON.stringify(
    buttons.map((b) => ({
      title: b.title,
      url: b.url,
      backgroundColor: b.backgroundColor,
      fontColor: b.fontColor,
      btnSize: b.btnSize,
      fontSize: b.fontSize,
      radius: b.radius,
      bold: b.bold,
    })),
  );
}

export interface ButtonGeometry {
  paddingCss: string;
  fontCss: string;
  fontPx: number;
  // The VML button needs fixed pixel sizes; the HTML one sizes itself.
  vmlWidth: number;
  vmlHeight: number;
  arcsize: string;
}

// VML arcsize as the bulletproof-button references write it (Campaign Monitor's buttons.cm, the
// padding-based VML button generator): the CSS radius over the button's height, in per cent,
// rounded up; 50% is a full pill, so it stops there.
export function arcsizeFor(radius: number, height = OUTLOOK_BUTTON_HEIGHT): string {
  const pct = Math.min(50, Math.max(0, Math.ceil((radius / height) * 100)));
  return `${pct}%`;
}

// Outlook cannot size a VML button to its text, so the width is estimated from the text: about
// 0.6 em per character (bold Arial is a little wider), plus the side padding and some air.
export function buttonGeometry(b: CtaButton, maxWidth: number): ButtonGeometry {
  const fontPx = FONT_PX[b.fontSize];
  const sidePadding = 10;
  const perChar = b.bold ? 0.62 : 0.56;
  const text = Math.ceil(b.title.length * fontPx * perChar);
  const vmlWidth = Math.min(maxWidth, Math.max(80, text + 2 * sidePadding + 24));
  const vmlHeight = vmlHeightFor(b.btnSize, b.fontSize);
  return {
    paddingCss: BUTTON_PADDING[b.btnSize],
    fontCss: BUTTON_FONT_SIZE[b.fontSize],
    fontPx,
    vmlWidth,
    vmlHeight,
    arcsize: arcsizeFor(b.radius, vmlHeight),
  };
}

export interface RenderButtonsOptions {
  // Turns a button's target into the link written in the email (the click-tracking redirect).
  // Given the button's place among the stored buttons (1-based), so the report can name it.
  trackUrl?: (target: string, button: number) => string;
  // The widest a button may be (the snippet width).
  maxWidth?: number;
}

// One bulletproof button: a padded <a> in a table cell for every client, and for Outlook on
// Windows (which ignores padding and radius on links) a VML roundrect of the same size instead.
export function renderCtaButtonHtml(button: CtaButton, options: RenderButtonsOptions = {}, place = 1): string {
  // Stored data is validated already; checking again keeps a bad row from ever reaching HTML.
  const checked = validateCtaButton(button).value;
  if (!checked) return '';
  const b = checked;
  const g = buttonGeometry(b, options.maxWidth ?? 600);
  // Through the tracker the target is percent-encoded whole; written directly it is defused.
  const href = escapeHtml(options.trackUrl ? options.trackUrl(b.url, place) : defuseUrl(b.url));
  const text = escapeUserText(b.title);
  const weight = b.bold ? 'bold' : 'normal';
  const bg = escapeHtml(b.backgroundColor);
  const fg = escapeHtml(b.fontColor);
  const vml =
    `<!--[if mso]><v:roundrect xmlns:v="urn:schemas-microsoft-com:vml" xmlns:w="urn:schemas-microsoft-com:office:word" href="${href}" ` +
    `style="height:${g.vmlHeight}px;v-text-anchor:middle;width:${g.vmlWidth}px;" arcsize="${g.arcsize}" stroke="f" fillcolor="${bg}">` +
    `<w:anchorlock/><center style="color:${fg};font-family:${FONT_STACK};font-size:${g.fontPx}px;font-weight:${weight};">${text}</center>` +
    `</v:roundrect><![endif]-->`;
  const html =
    `<!--[if !mso]><!--><table role="presentation" border="0" cellpadding="0" cellspacing="0" style="margin:0 auto;"><tr>` +
    `<td align="center" bgcolor="${bg}" style="border-radius:${b.radius}px;background-color:${bg};font-size:${BASE_FONT_PX}px;">` +
    `<a href="${href}" target="_blank" style="display:inline-block;padding:${g.paddingCss};font-family:${FONT_STACK};font-size:${g.fontCss};` +
    `font-weight:${weight};line-height:1.2;color:${fg};text-decoration:none;border-radius:${b.radius}px;background-color:${bg};">${text}</a>` +
    `</td></tr></table><!--<![endif]-->`;
  return vml + html;
}

// All buttons, stacked and centred with a little space between them; '' when there are none.
export function renderCtaButtonsHtml(buttons: readonly CtaButton[] | null | undefined, options: RenderButtonsOptions = {}): string {
  const rows = (buttons ?? [])
    .map((b, i) => renderCtaButtonHtml(b, options, i + 1))
    .filter(Boolean)
    .map((html) => `<tr><td align="center" style="padding:6px 0;">${html}</td></tr>`);
  if (!rows.length) return '';
  return `<table role="presentation" width="100%" border="0" cellpadding="0" cellspacing="0">${rows.join('')}</table>`;
}
