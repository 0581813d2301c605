// The living EyeMail: one exported email followed address by address through an edit, a
// deactivation, a reactivation and a delete, through the real export, the real media answers and
// the real click redirect. What the inbox shows follows the EyeMail as it is now: an edit's new
// video, GIF and landing page reach the email already sent; once off (or deleted) its GIF and
// poster are a neutral still of the same size, its video is gone and its clicks land on the web
// view, which says so.
import { jest } from '@jest/globals';
import sharp from 'sharp';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, type Client } from '../support/account-factory.js';
import { buttonsJson, createSnippet, readyVideo, snippetPayload, tinyPng, uploadFile } from '../support/snippet-factory.js';

jest.setTimeout(180_000);

const BASE = 'http://eyemail.test';
const RECIPIENT = 'ann+news@example.com';
const FIRST_LANDING = 'https://shop.example.com/spring';
const NEW_LANDING = 'https://shop.example.com/summer';

// The addresses of one exported email, as a mail client meets them.
function addressesOf(html: string) {
  const decode = (h: string) => h.replace(/&amp;/g, '&');
  const one = (re: RegExp, what: string) => {
    const m = re.exec(html);
    if (!m) throw new Error(`${what} missing from the export: ${html}`);
    return decode(m[1]);
  };
  return {
    mp4: one(/<source src="([^"]+)" type="video\/mp4">/, 'the MP4'),
    poster: one(/<video [^>]*poster="([^"]+)"/, 'the poster'),
    gif: one(/<img class="em-f" src="([^"]+)"/, 'the GIF'),
    logo: one(/<img src="([^"]+)" width="120"/, 'the logo'),
    video: one(/<!--\[if !mso\]><!--><a href="([^"]+)"[^>]*><video /, "the video's link"),
    button: one(/<a href="([^"]+)" target="_blank" style="display:inline-block;[^"]*">Shop now<\/a>/, 'the button'),
    header: one(/<a class="em-d" href="([^"]+)"[^>]*>If Unable to See or Hear, Click Here<\/a>/, 'the header line'),
  };
}

describe('an exported EyeMail follows the EyeMail as it is now', () => {
  let t: TestApp;
  let owner: Client;
  let videoId: string;
  let logoId: string;
  let snippet: Record<string, any>;
  let sent: ReturnType<typeof addressesOf>;

  const get = (url: string, headers: Record<string, string> = {}) => {
    expect(url.startsWith(`${BASE}/`)).toBe(true);
    const req = t.http.get(url.slice(BASE.length)).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    for (const [k, v] of Object.entries(headers)) req.set(k, v);
    return req;
  };
  // Mailchimp fills in the recipient, then the recipient clicks: where the redirect sends them.
  const click = async (href: string) => {
    const res = await get(href.replace('*|URL:EMAIL|*', encodeURIComponent(RECIPIENT)));
    expect(res.status).toBe(302);
    return res.headers.location as string;
  };
  const webView = () => `${BASE}/eyemail/${snippet.snippet}?v=${encodeURIComponent(RECIPIENT)}`;
  const current = async () => (await owner.get(`/api/snippets/${snippet.snippet}`).expect(200)).body.body;
  const setStatus = (status: boolean) => owner.put('/api/snippets/status').send({ snippetId: snippet.snippet, status }).expect(200);

  // What a deactivated or deleted EyeMail's email shows.
  const expectGone = async () => {
    const gif = await get(sent.gif);
    expect(gif.status).toBe(200);
    expect(gif.headers['content-type']).toBe('image/gif');
    expect(gif.headers['cache-control']).toBe('public, max-age=60');
    const gifMeta = await sharp(gif.body as Buffer, { animated: true }).metadata();
    // one frame, exactly the size the address (and the email's img) names
    expect([gifMeta.format, gifMeta.width, gifMeta.pageHeight ?? gifMeta.height, gifMeta.pages]).toEqual(['gif', 600, Number(/x(\d+)\.gif$/.exec(sent.gif)![1]), 1]);
    const poster = await get(sent.poster);
    expect(poster.status).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    const posterMeta = await sharp(poster.body as Buffer).metadata();
    expect([posterMeta.format, posterMeta.width, posterMeta.height]).toEqual(['jpeg', 600, Number(/x(\d+)\.jpg$/.exec(sent.poster)![1])]);
    // a still, not a blank: the card and its words differ in colour
    expect((await sharp(poster.body as Buffer).stats()).channels[0].max - (await sharp(poster.body as Buffer).stats()).channels[0].min).toBeGreaterThan(40);
    const mp4 = await get(sent.mp4);
    expect(mp4.status).toBe(404);
    expect(JSON.parse((mp4.body as Buffer).toString())).toMatchObject({ result: false, message: 'This video is no longer available.' });
    const logo = await get(sent.logo);
    expect([logo.status, logo.headers['content-type']]).toEqual([200, 'image/png']);
    expect((await sharp(logo.body as Buffer).metadata()).width).toBe(1);
    // Every click lands on the web view, which says the video is gone.
    for (const href of [sent.video, sent.button, sent.header]) expect(await click(href)).toBe(webView());
    const page = await get(webView());
    expect(page.status).toBe(404);
    expect((page.body as Buffer).toString()).toContain('This video is no longer available');
  };

  beforeAll(async () => {
    t = await startTestApp();
    owner = (await signUp(t)).client;
    videoId = (await readyVideo(owner, ['none', 'black'])).videoId;
    logoId = (await uploadFile(owner, 'logo', tinyPng())).fileId;
    snippet = await createSnippet(
      owner,
      snippetPayload(videoId, { landingPageUrl: FIRST_LANDING, logoImageId: logoId, ctaButtonsJSON: buttonsJson([{ title: 'Shop now', url: 'https://shop.example.com/shop' }]) }),
    );
    const res = await owner.get(`/api/snippets/${snippet.snippet}/html?emailPlatform=mailchimp`).expect(200);
    sent = addressesOf(res.body.body.html);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('names its media by the EyeMail, and each address serves the current version with a short Cache-Control and an ETag', async () => {
    const id = snippet.snippet;
    expect(sent.mp4).toBe(`${BASE}/m/${id}/video.mp4`);
    expect(sent.gif).toMatch(new RegExp(`^${BASE}/m/${id}/gif-600x\\d+\\.gif$`));
    expect(sent.poster).toMatch(new RegExp(`^${BASE}/m/${id}/poster-600x\\d+\\.jpg$`));
    expect(sent.logo).toBe(`${BASE}/m/${id}/logo`);
    const now = await current();
    for (const [address, stored, type] of [
      [sent.gif, now.gifUrl, 'image/gif'],
      [sent.poster, now.thumbnailUrl, 'image/jpeg'],
      [sent.logo, now.logoImageUrl, 'image/jpeg'], // an opaque logo is stored as JPEG
    ] as const) {
      const res = await get(address);
      expect([res.status, res.headers['content-type'], res.headers['cache-control']]).toEqual([200, type, 'public, max-age=60']);
      expect(res.headers['set-cookie']).toBeUndefined();
      // stored media never runs as a page on our origin
      expect([res.headers['x-content-type-options'], res.headers['content-security-policy']]).toEqual(['nosniff', expect.stringContaining('sandbox')]);
      expect(res.headers.etag).toBeTruthy();
      expect(res.body).toEqual((await get(stored)).body);
      expect((await get(address, { 'If-None-Match': res.headers.etag })).status).toBe(304);
    }
    const mp4 = await get(sent.mp4, { Range: 'bytes=0-99' });
    expect([mp4.status, mp4.headers['content-type'], (mp4.body as Buffer).length]).toEqual([206, 'video/mp4', 100]);
    expect(await click(sent.video)).toBe(FIRST_LANDING);
  });

  it('an edit reaches the email already sent: the new GIF, poster and video, the new landing page and button target', async () => {
    const before = { gif: await get(sent.gif), mp4: await get(sent.mp4) };
    await owner
      .put('/api/snippets')
      .send(
        snippetPayload(videoId, {
          snippetId: snippet.snippet,
          addVideoOverlay: true,
          videoOverlay: 'black',
          landingPageUrl: NEW_LANDING,
          logoImageId: logoId,
          ctaButtonsJSON: buttonsJson([{ title: 'Shop now', url: 'https://shop.example.com/shop-summer' }]),
        }),
      )
      .expect(200);
    const now = await current();
    const gif = await get(sent.gif);
    expect(gif.headers.etag).not.toBe(before.gif.headers.etag);
    expect(gif.body).toEqual((await get(now.gifUrl)).body);
    expect(gif.body).not.toEqual(before.gif.body);
    expect((await get(sent.poster)).body).toEqual((await get(now.thumbnailUrl)).body);
    expect((await get(sent.mp4)).headers.etag).not.toBe(before.mp4.headers.etag);
    // The email's old ETag no longer matches: the cache takes the new version.
    expect((await get(sent.gif, { 'If-None-Match': before.gif.headers.etag })).status).toBe(200);
    expect(await click(sent.video)).toBe(NEW_LANDING);
    expect(await click(sent.button)).toBe('https://shop.example.com/shop-summer');
  });

  it('deactivated: a neutral still of the same size, no video, clicks to the web view saying so', async () => {
    await setStatus(false);
    await expectGone();
  });

  it('reactivated: everything comes back', async () => {
    await setStatus(true);
    const now = await current();
    expect((await get(sent.gif)).body).toEqual((await get(now.gifUrl)).body);
    expect((await get(sent.mp4)).status).toBe(200);
    expect((await get(sent.logo)).body).toEqual((await get(now.logoImageUrl)).body);
    expect(await click(sent.video)).toBe(NEW_LANDING);
    expect((await get(webView())).status).toBe(200);
  });

  it('deleted: the same still, no video, clicks to the web view saying so', async () => {
    await owner.delete(`/api/snippets/${snippet.snippet}`).expect(200);
    await expectGone();
  });

  it('answers 404 to an address no export writes, and a HEAD with headers only', async () => {
    const id = snippet.snippet;
    for (const path of [
      '/m/not-an-id/video.mp4',
      `/m/${id}/video.webm`,
      `/m/${id}/gif-600x338.jpg`,
      `/m/${id}/poster-600x99999.jpg`,
      `/m/${id}/poster-0x338.jpg`,
      `/m/${id}/poster.jpg`,
      `/m/${id}/..%2f..%2fetc%2fpasswd`,
    ]) {
      const res = await t.http.get(path);
      expect([path, res.status, res.body.result]).toEqual([path, 404, false]);
    }
    const head = await t.http.head(`/m/${id}/poster-640x360.jpg`);
    expect([head.status, head.headers['content-type']]).toEqual([200, 'image/jpeg']);
  });
});
