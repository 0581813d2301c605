// Which face the create page shows first: the Getting Started flow (the default, and always with
// ?start) or the full form, once someone has asked for 'More options' on this browser.
const KEY = 'eyemail.createForm';

export function opensFullForm(search: string, stored: string | null): boolean {
  if (new URLSearchParams(search).has('start')) return false;
  return stored === 'full';
}

export function readCreateMode(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function rememberCreateMode(mode: 'full' | 'start'): void {
  try {
    window.localStorage.setItem(KEY, mode);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}
