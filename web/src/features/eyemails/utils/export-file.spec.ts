import { describe, expect, it } from '@jest/globals';
import { emailPreviewLink, htmlFileName } from './export-file';

describe('export', () => {
  it('names the download after the title, safely', () => {
    expect(htmlFileName('Spring launch')).toBe('Spring launch.html');
    expect(htmlFileName('a/b\\c:d*e?"<>|')).toBe('a-b-c-d-e-.html');
    expect(htmlFileName('  ')).toBe('EyeMail.html');
    expect(htmlFileName('../secret')).toBe('-secret.html');
  });

  it('opens the email preview with the chosen options', () => {
    const url = emailPreviewLink('http://h/emailpreview/abc', { headerText: 'Watch & listen', includeHeader: true, includeUnsubscribeLink: true, removeBranding: true, preheader: 'New & now' }, 'hubspot', true);
    const u = new URL(url);
    expect(u.pathname).toBe('/emailpreview/abc');
    expect(Object.fromEntries(u.searchParams)).toEqual({ emailHeader: 'Watch & listen', speakerIcon: 'true', unsub: 'true', p: 'hubspot', brand: 'no', preheader: 'New & now' });
    const plain = new URL(emailPreviewLink('http://h/emailpreview/abc', { headerText: 'x', includeHeader: false, includeUnsubscribeLink: false, removeBranding: false, preheader: '' }, 'other', false));
    expect(Object.fromEntries(plain.searchParams)).toEqual({ speakerIcon: 'false', p: 'other' });
  });
});
