import { gifFamiliesInWords, listInWords, videoClients, videoClientsInWords } from './client-claims.js';
import { MAIL_CLIENTS, mediaFor, type MailClient } from './client-video.js';

describe('the claims the pages make about mail clients', () => {
  it('names exactly the clients the table gives the video', () => {
    expect(videoClients().map((c) => c.id)).toEqual(MAIL_CLIENTS.filter((c) => mediaFor(c) === 'video').map((c) => c.id));
    expect(videoClientsInWords()).toBe('Apple Mail on macOS and iOS');
    // Every client that gets the GIF is left out, Outlook for Mac included.
    for (const c of MAIL_CLIENTS.filter((x) => mediaFor(x) === 'gif')) expect(videoClientsInWords()).not.toContain(c.name);
  });

  it('follows the table when it changes', () => {
    const macAutoplays: MailClient[] = MAIL_CLIENTS.map((c) => (c.id === 'outlook-macos' ? { ...c, playback: 'autoplays' } : c));
    expect(videoClientsInWords(macAutoplays)).toBe('Apple Mail on macOS and iOS and Outlook for Mac');
    const iosNeedsTap: MailClient[] = MAIL_CLIENTS.map((c) => (c.id === 'apple-mail-ios' ? { ...c, playback: 'needs-controls' } : c));
    expect(videoClientsInWords(iosNeedsTap)).toBe('Apple Mail on macOS');
    expect(gifFamiliesInWords(iosNeedsTap)).toMatch(/^Apple Mail, Outlook/);
  });

  it('names the families that get the animated GIF', () => {
    expect(gifFamiliesInWords()).toBe('Outlook, Samsung Email, Gmail, Yahoo Mail and Thunderbird');
  });

  it('lists in words', () => {
    expect(listInWords([])).toBe('');
    expect(listInWords(['a'])).toBe('a');
    expect(listInWords(['a', 'b'])).toBe('a and b');
    expect(listInWords(['a', 'b', 'c'])).toBe('a, b and c');
  });
});
