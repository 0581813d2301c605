// The call-to-action editor: its draft button, what is wrong with it, and how the list changes.
import {
  BUTTON_DEFAULTS,
  LABELS,
  MAX_BUTTONS,
  buttonTextError,
  buttonUrlError,
  colourError,
  normalizeColour,
  radiusError,
  withDefaultScheme,
  type ButtonSize,
  type CtaButton,
} from '@shared/snippet-rules';

export interface ButtonDraft {
  title: string;
  url: string;
  backgroundColor: string;
  fontColor: string;
  btnSize: ButtonSize;
  fontSize: ButtonSize;
  radius: number | string;
  bold: boolean;
}

export function emptyDraft(): ButtonDraft {
  return { title: '', url: '', ...BUTTON_DEFAULTS };
}

export function draftOf(b: CtaButton): ButtonDraft {
  return { ...b };
}

export type DraftErrors = Partial<Record<'title' | 'url' | 'backgroundColor' | 'fontColor' | 'radius', string>>;

export function draftErrors(d: ButtonDraft): DraftErrors {
  const e: DraftErrors = {};
  const put = (k: keyof DraftErrors, m: string | null) => {
    if (m) e[k] = m;
  };
  put('title', buttonTextError(d.title));
  put('url', buttonUrlError(d.url));
  put('backgroundColor', colourError(d.backgroundColor, LABELS.backgroundColor));
  put('fontColor', colourError(d.fontColor, LABELS.fontColor));
  put('radius', radiusError(d.radius));
  return e;
}

// Add and Update wait until the draft is valid.
export function draftIsValid(d: ButtonDraft): boolean {
  return Object.keys(draftErrors(d)).length === 0;
}

// The button as saved: trimmed, https:// added where the scheme was missing, colours spelt one way.
export function finishDraft(d: ButtonDraft): CtaButton {
  const radius = typeof d.radius === 'number' ? d.radius : d.radius.trim() === '' ? 0 : Number(d.radius);
  return {
    title: d.title.trim(),
    url: withDefaultScheme(d.url),
    backgroundColor: normalizeColour(d.backgroundColor),
    fontColor: normalizeColour(d.fontColor),
    btnSize: d.btnSize,
    fontSize: d.fontSize,
    radius,
    bold: d.bold,
  };
}

// Add appends (up to the limit); Update replaces the button at `index`.
export function saveButton(list: CtaButton[], draft: ButtonDraft, index: number | null): CtaButton[] {
  if (!draftIsValid(draft)) return list;
  const button = finishDraft(draft);
  if (index === null) return list.length >= MAX_BUTTONS ? list : [...list, button];
  if (index < 0 || index >= list.length) return list;
  return list.map((b, i) => (i === index ? button : b));
}

export function removeButton(list: CtaButton[], index: number): CtaButton[] {
  return list.filter((_, i) => i !== index);
}

export function canAddButton(list: CtaButton[]): boolean {
  return list.length < MAX_BUTTONS;
}

// The button form is open with input not yet added or updated: the submit bar says so, and
// leaving the page asks first. Opened and left as it was: nothing pending.
export function draftPending(draft: ButtonDraft | null, start: ButtonDraft | null, index: number | null): 'add' | 'update' | null {
  if (!draft) return null;
  if (start && JSON.stringify(draft) === JSON.stringify(start)) return null;
  return index === null ? 'add' : 'update';
}

// What the submit bar says instead of 'Everything is ready.' while the button form is open.
export function buttonPendingHint(pending: 'add' | 'update'): string {
  return pending === 'add'
    ? 'Your new button is not added yet: press Add in the button form, or Cancel.'
    : 'Your button changes are not saved yet: press Update in the button form, or Cancel.';
}
