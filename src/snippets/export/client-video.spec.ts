import { MAIL_CLIENTS, VIDEO_REVEAL_FEATURE, findMailClient, mediaFor, revealsVideo, type MailClient } from './client-video.js';
import { renderEmailExport } from './export-html.js';
import { buildEmailViewModel } from './export-view-model.js';

const html = renderEmailExport(
  buildEmailViewModel({
    snippet: {
      id: '3f2b8c1e-5d4a-4b7e-9c21-0a1b2c3d4e5f',
      title: 'Spring launch',
      width: 600,
      video: { mp4Url: 'https://cdn.example.com/v.mp4', posterUrl: 'https://cdn.example.com/p.jpg', gifUrl: 'https://cdn.example.com/g.gif', size: { width: 600, height: 338 } },
    },
    platform: 'hubspot',
    publicBaseUrl: 'https://app.example.com',
  }),
);

describe('which mail client shows the video', () => {
  it('shows the video only in Apple Mail on macOS and iOS, the GIF everywhere else', () => {
    const video = MAIL_CLIENTS.filter((c) => mediaFor(c) === 'video').map((c) => c.id);
    expect(video).toEqual(['apple-mail-macos', 'apple-mail-ios']);
    for (const id of ['outlook-ios', 'outlook-android', 'outlook-com', 'gmail', 'yahoo', 'outlook-windows', 'thunderbird']) {
      expect(mediaFor(findMailClient(id))).toBe('gif');
    }
  });

  it('gives Samsung Email and Outlook for Mac the GIF: their video would sit still until tapped', () => {
    // Samsung plays only with controls (a still poster and a play button until tapped); Outlook for
    // Mac neither autoplays nor shows controls. The GIF moves by itself.
    expect(mediaFor(findMailClient('samsung-email'))).toBe('gif');
    expect(mediaFor(findMailClient('outlook-macos'))).toBe('gif');
    expect(mediaFor({ videoTag: 'keeps', playback: 'needs-controls' })).toBe('gif');
    expect(mediaFor({ videoTag: 'keeps', playback: 'no-autoplay-no-controls' })).toBe('gif');
    expect(mediaFor({ videoTag: 'keeps', playback: 'cannot-play' })).toBe('gif');
    expect(mediaFor({ videoTag: 'strips', playback: 'autoplays' })).toBe('gif');
  });

  it.each(MAIL_CLIENTS.map((c) => [c.id, c] as const))('the style rules show in %s what the decision says', (_id, client) => {
    expect(revealsVideo(client)).toBe(mediaFor(client) === 'video');
    expect(client.source).toMatch(/html-video/);
  });

  it('keeps the GIF in a client that keeps a dead <video>, whatever else it does', () => {
    const outlookIos = findMailClient('outlook-ios');
    // Should the Outlook apps start honouring @supports, data-outlook-cycle still hides the video.
    expect(revealsVideo({ ...outlookIos, featureQueries: 'honoured' })).toBe(false);
    expect(revealsVideo({ ...findMailClient('outlook-com'), featureQueries: 'honoured' })).toBe(false);
    // A Blink or Gecko client that keeps <video> and honours @supports: the query is false.
    expect(revealsVideo({ ...findMailClient('samsung-email') })).toBe(false);
    expect(revealsVideo({ ...findMailClient('thunderbird'), featureQueries: 'honoured' })).toBe(false);
    // Yahoo filters the property inside the query.
    expect(revealsVideo({ ...findMailClient('yahoo'), videoTag: 'keeps' })).toBe(false);
  });

  it('writes the gates the model assumes into the export', () => {
    const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
    // The reveal rules sit only inside the WebKit feature query.
    const reveal = styles.find((s) => s.includes('display:block!important}video.em-v+.em-f{display:none'));
    expect(reveal).toBe(`@supports (${VIDEO_REVEAL_FEATURE}){video.em-v{display:block!important}video.em-v+.em-f{display:none!important}}`);
    expect(styles).toContain('[data-outlook-cycle] video.em-v{display:none!important}[data-outlook-cycle] video.em-v+.em-f{display:block!important}');
    expect(styles).toContain('video[class~="x_em-v"]{display:none!important}video[class~="x_em-v"]+img[class~="x_em-f"]{display:block!important}');
    // Nothing else reveals the video.
    expect(styles.filter((s) => /video\.em-v\{display:block/.test(s))).toHaveLength(1);
    // Hidden inline, the GIF shown inline: a client without <style> shows the GIF.
    expect(html).toMatch(/<video class="em-v"[^>]* style="display:none;/);
    expect(html).toMatch(/<img class="em-f"[^>]* style="display:block;/);
    // No controls: no client that needs them gets the video.
    expect(html).not.toMatch(/<video[^>]*\scontrols/);
  });

  it('knows each client once', () => {
    const ids = MAIL_CLIENTS.map((c: MailClient) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(() => findMailClient('nope')).toThrow(/Unknown mail client/);
  });
});
