// What was typed into Create EyeMail, kept on this browser for the signed-in user until the
// EyeMail is created or the draft discarded: a reload, a closed tab or a detour to My Videos
// loses nothing. Pure rules, plus the two localStorage calls.
import { emptyForm, type SnippetFormValues } from './snippet-form';

const PREFIX = 'eyemail.createDraft.';

export interface CreateDraft {
  values: SnippetFormValues;
  savedAt: string;
}

// One draft per user on a shared browser: another account never sees it.
export function draftKey(userId: string): string {
  return `${PREFIX}${userId}`;
}

// Equal forms, field by field (the order of keys aside).
export function sameForm(a: SnippetFormValues, b: SnippetFormValues): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof SnippetFormValues>;
  for (const k of keys) if (JSON.stringify(a[k] ?? null) !== JSON.stringify(b[k] ?? null)) return false;
  return true;
}

// Worth keeping: anything differs from the empty form.
export function isWorthKeeping(values: SnippetFormValues): boolean {
  return !sameForm(values, emptyForm());
}

const isFileRef = (v: unknown) => v === null || (typeof v === 'object' && v !== null && typeof (v as { fileId?: unknown }).fileId === 'string');

// A stored draft, or null when there is none or it is not one (an older shape, hand-edited):
// the empty form's fields with the draft's own where their type fits.
export function parseDraft(raw: string | null): CreateDraft | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const { values, savedAt } = parsed as { values?: unknown; savedAt?: unknown };
  if (!values || typeof values !== 'object' || typeof savedAt !== 'string') return null;
  const base = emptyForm() as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(values as Record<string, unknown>)) {
    if (!(k in base)) continue;
    const fileField = ['video', 'gif', 'logo', 'cover', 'videoIcon'].includes(k);
    if (k === 'publicTitle') {
      if (v === null || typeof v === 'string') out[k] = v;
      continue;
    }
    if (fileField ? isFileRef(v) : k === 'buttons' ? Array.isArray(v) : typeof v === typeof base[k] || (typeof v === 'string' && typeof base[k] === 'number')) out[k] = v;
  }
  const draft = { values: out as unknown as SnippetFormValues, savedAt };
  return isWorthKeeping(draft.values) ? draft : null;
}

export function readDraft(userId: string): CreateDraft | null {
  try {
    return parseDraft(window.localStorage.getItem(draftKey(userId)));
  } catch {
    return null;
  }
}

// Keeps the form, or forgets the draft when nothing is left in it.
export function writeDraft(userId: string, values: SnippetFormValues, now = new Date()): void {
  try {
    if (isWorthKeeping(values)) window.localStorage.setItem(draftKey(userId), JSON.stringify({ values, savedAt: now.toISOString() }));
    else window.localStorage.removeItem(draftKey(userId));
  } catch {
    // Private mode or a full storage: the form still works, without a draft.
  }
}

export function clearDraft(userId: string): void {
  try {
    window.localStorage.removeItem(draftKey(userId));
  } catch {
    // nothing kept
  }
}
