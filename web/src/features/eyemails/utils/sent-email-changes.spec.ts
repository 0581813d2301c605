import { describe, expect, it } from '@jest/globals';
import { emptyForm, type SnippetFormValues } from './snippet-form';
import { keptBySentEmails, sentEmailsNote } from './sent-email-changes';

const saved: SnippetFormValues = {
  ...emptyForm(),
  title: 'Spring',
  publicTitle: 'Spring',
  width: 600,
  buttons: [{ title: 'Shop now', url: 'https://shop.example.com/a', backgroundColor: '#444444', fontColor: '#ffffff', btnSize: 'small', fontSize: 'small', radius: 0, bold: true } as SnippetFormValues['buttons'][number]],
};

describe('what emails already sent keep', () => {
  it('says nothing about what reaches them: the title, the landing page, a button address, the video', () => {
    const now = { ...saved, title: 'Summer', landingPageUrl: 'https://shop.example.com/summer', buttons: [{ ...saved.buttons[0], url: 'https://shop.example.com/b' }] };
    expect(keptBySentEmails(saved, now)).toEqual([]);
    expect(sentEmailsNote([])).toBeNull();
  });

  it('names the width and the buttons’ text, and asks for the HTML again', () => {
    const now = { ...saved, width: '700', buttons: [{ ...saved.buttons[0], title: 'Buy' }] };
    expect(keptBySentEmails(saved, now)).toEqual(['their width', "the buttons' text and look"]);
    expect(sentEmailsNote(keptBySentEmails(saved, now))).toBe("Emails already sent keep their width and the buttons' text and look; copy the HTML again for new sends.");
  });

  it('names a picture added or removed, and the logo’s size', () => {
    const logo = { fileId: 'f', url: 'https://x.test/l.png', name: 'l.png' };
    expect(keptBySentEmails(saved, { ...saved, logo })).toEqual(['which pictures they show']);
    expect(keptBySentEmails(saved, { ...saved, logoImageWidth: 200 })).toEqual(["the logo's and the cover's size and place"]);
    expect(sentEmailsNote(['their width', 'which pictures they show', "the 'Play with sound' line"])).toBe(
      "Emails already sent keep their width, which pictures they show and the 'Play with sound' line; copy the HTML again for new sends.",
    );
  });

  it('names the title recipients see, not the name', () => {
    expect(keptBySentEmails(saved, { ...saved, title: 'Spring (internal)' })).toEqual([]);
    expect(keptBySentEmails(saved, { ...saved, publicTitle: 'Our spring' })).toEqual(['the title in their picture descriptions']);
  });

  it('treats a width typed as text as the same width', () => {
    expect(keptBySentEmails(saved, { ...saved, width: '600' })).toEqual([]);
  });
});
