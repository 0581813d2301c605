import { shownPublicTitle, type SnippetFormValues } from './snippet-form';

// What an edit changes that emails already sent cannot follow. Their media and click targets
// follow the EyeMail (the living addresses), but their HTML is fixed: its sizes, the buttons'
// text and look, and whether a logo, cover or icon is there. Pure: the update page names them.

export const SENT_EMAILS_NOTE_END = 'copy the HTML again for new sends.';

function same<T>(a: T, b: T): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

// What sent emails keep, in the words the notice uses ('their width', ...); empty when nothing.
export function keptBySentEmails(saved: SnippetFormValues, now: SnippetFormValues): string[] {
  const kept: string[] = [];
  if (String(saved.width) !== String(now.width)) kept.push('their width');
  // The web view's title follows; the email's alt texts and aria-labels are written in its HTML.
  if (shownPublicTitle(saved).trim() !== shownPublicTitle(now).trim()) kept.push('the title in their picture descriptions');
  const look = (v: SnippetFormValues) => ({ align: v.logoImageAlignment, width: String(v.logoImageWidth), place: v.coverImagePlacement, spacing: v.coverImageSpacing });
  if (!same(look(saved), look(now))) kept.push("the logo's and the cover's size and place");
  const has = (v: SnippetFormValues) => [!!v.logo, !!v.cover, !!v.videoIcon];
  if (!same(has(saved), has(now))) kept.push('which pictures they show');
  const buttons = (v: SnippetFormValues) => v.buttons.map((b) => ({ ...b, url: undefined }));
  if (!same(buttons(saved), buttons(now))) kept.push("the buttons' text and look");
  if (saved.addVideoOverlay !== now.addVideoOverlay && !now.videoIcon) kept.push("the 'Play with sound' line");
  return kept;
}

// "Emails already sent keep their width and the buttons' text and look; copy the HTML again for new sends."
export function sentEmailsNote(kept: readonly string[]): string | null {
  if (!kept.length) return null;
  const list = kept.length === 1 ? kept[0] : `${kept.slice(0, -1).join(', ')} and ${kept[kept.length - 1]}`;
  return `Emails already sent keep ${list}; ${SENT_EMAILS_NOTE_END}`;
}
