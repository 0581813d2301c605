// The snippets API through HTTP on the real app: create, update, read, list, status, delete,
// tier limits, ownership, validation messages and the usage checks on file deletion. One tiny clip
// is uploaded and encoded per user at the start (a few seconds each).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import sharp from 'sharp';
import { EMAIL_PLATFORMS } from '../../src/snippets/email-platforms.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { ffprobe } from '../support/media.js';
import { DEFAULT_PASSWORD, newClient, signUp, sql, uniqueEmail, type Client } from '../support/account-factory.js';
import { buttonsJson, createSnippet, readyVideo, snippetPayload, tinyClip, tinyGif, tinyPng, uploadFile, type Button } from '../support/snippet-factory.js';

jest.setTimeout(180_000);

const BASE = 'http://eyemail.test';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EXPRESS_REFUSAL = 'Express accounts include the video only: logo, cover image and buttons are Premium features.';
const STILL_PROCESSING = 'Your video is still being processed. Please wait until it is ready.';

const button = (over: Partial<Button> = {}): Button => ({ title: 'Shop now', url: 'https://shop.example.com/sale', ...over });

// Every URL written into an attribute of the exported HTML, entity-decoded.
const urlAttributes = (html: string) =>
  [...html.matchAll(/\s(?:href|src|poster)="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'"));
// Tags with an on...= attribute, once attribute values are blanked out.
const eventHandlers = (html: string) => (html.replace(/="[^"]*"/g, '=""').match(/<[a-z][^>]*>/gi) ?? []).filter((tag) => /\son[a-z]+=/i.test(tag));

describe('snippets API', () => {
  let t: TestApp;
  let owner: Client;
  let other: Client;
  let express: Client;
  let videoId: string;
  let expressVideoId: string;
  let otherVideoId: string;
  let logoId: string;
  let coverId: string;
  let gifId: string;
  let iconId: string;
  let otherLogoId: string;

  beforeAll(async () => {
    t = await startTestApp();
    owner = (await signUp(t)).client;
    other = (await signUp(t)).client;
    express = (await signUp(t, { tier: 'enterprise' })).client;
    ({ videoId } = await readyVideo(owner, ['none', 'black']));
    ({ videoId: expressVideoId } = await readyVideo(express, ['none']));
    ({ fileId: otherVideoId } = await uploadFile(other, 'video', tinyClip(), 'clip.mp4'));
    logoId = (await uploadFile(owner, 'logo', tinyPng('red'))).fileId;
    coverId = (await uploadFile(owner, 'cover', tinyPng('blue', '300x100'))).fileId;
    gifId = (await uploadFile(owner, 'gif', tinyGif())).fileId;
    iconId = (await uploadFile(owner, 'videoIcon', tinyPng('green', '48x48'))).fileId;
    otherLogoId = (await uploadFile(other, 'logo', tinyPng('red'))).fileId;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('create', () => {
    it('creates an active EyeMail with the defaults and absolute addresses', async () => {
      const res = await owner.post('/api/snippets').send({ title: '  Spring launch ', videoId });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ result: true, message: 'EyeMail created', errors: null });
      const s = res.body.body;
      expect(s.snippet).toMatch(UUID_RE);
      expect(s).toMatchObject({
        title: 'Spring launch',
        status: true,
        width: 600,
        logoImageWidth: 120,
        logoImageAlignment: 'left',
        coverImagePlacement: 'below',
        coverImageSpacing: 1,
        videoOverlay: 'none',
        addVideoOverlay: false,
        videoId,
        landingPageUrl: null,
        logoImageId: null,
        logoImageUrl: null,
        ctaButtonsJSON: '[]',
        ctaButtonsHTML: '',
        encoding: { state: 'completed', progress: 100 },
        previewUrl: `${BASE}/livePreview/${s.snippet}`,
        liveUrl: `${BASE}/live/${s.snippet}`,
        exportUrl: `${BASE}/eyemail/${s.snippet}`,
        livePreviewUrlForEmail: `${BASE}/emailpreview/${s.snippet}`,
      });
      for (const u of [s.thumbnailUrl, s.videoUrl, s.gifUrl, s.video.url, s.video.thumbnailUrl, s.video.gifUrl]) expect(u).toMatch(/^http:\/\/eyemail\.test\/media\//);
      expect(s.videoUrl).toMatch(/\.mp4$/);
      expect(new Date(s.dateCreatedUTC).toISOString()).toBe(s.dateCreatedUTC);
    });

    it('stores every field of a full Premium EyeMail and generates the button HTML itself', async () => {
      const s = await createSnippet(
        owner,
        snippetPayload(videoId, {
          title: 'Full',
          addVideoOverlay: true,
          videoOverlay: 'black',
          logoImageId: logoId,
          logoImageAlignment: 'center',
          logoImageWidth: '150',
          coverImageId: coverId,
          coverImagePlacement: 'above',
          coverImageSpacing: '3',
          gifId,
          videoLogoImgId: iconId,
          videoURLData: 'https://shop.example.com/film',
          ctaButtonsJSON: buttonsJson([button({ url: 'shop.example.com/no-scheme', btnSize: 'large', radius: 8 }), button({ title: 'Read more', url: 'http://blog.example.com/' })]),
          ctaButtonsHTML: '<a href="javascript:alert(1)" onclick="steal()">Evil</a>',
        }),
      );
      expect(s).toMatchObject({
        addVideoOverlay: true,
        videoOverlay: 'black',
        logoImageId: logoId,
        logoImageAlignment: 'center',
        logoImageWidth: 150,
        coverImageId: coverId,
        coverImagePlacement: 'above',
        coverImageSpacing: 3,
        gifId,
        videoLogoImgId: iconId,
        videoURLData: 'https://shop.example.com/film',
        landingPageUrl: 'https://shop.example.com/spring',
      });
      for (const u of [s.logoImageUrl, s.coverImageUrl, s.gifUrl, s.videoLogoImgUrl]) expect(u).toMatch(/^http:\/\/eyemail\.test\/media\//);
      // the uploaded GIF replaces the encoder's
      expect(s.gifUrl).not.toBe(s.thumbnailUrl);
      const buttons = JSON.parse(s.ctaButtonsJSON);
      expect(buttons).toEqual([
        expect.objectContaining({ title: 'Shop now', url: 'https://shop.example.com/no-scheme', btnSize: 'large', padding: '20px 10px', radius: 8, backgroundColor: '#444444', fontColor: '#ffffff', bold: true }),
        expect.objectContaining({ title: 'Read more', url: 'http://blog.example.com/' }),
      ]);
      expect(s.ctaButtonsHTML).toContain('href="https://shop.example.com/no-scheme"');
      expect(s.ctaButtonsHTML).toContain('v:roundrect');
      expect(s.ctaButtonsHTML).not.toMatch(/Evil|javascript:|onclick/);
    });

    it('takes the overlay from the mute icon checkbox: unchecked is none, checked without a colour is black', async () => {
      const off = await createSnippet(owner, snippetPayload(videoId, { addVideoOverlay: false, videoOverlay: 'black' }));
      expect(off).toMatchObject({ addVideoOverlay: false, videoOverlay: 'none' });
      const on = await createSnippet(owner, snippetPayload(videoId, { addVideoOverlay: true, videoOverlay: 'none' }));
      expect(on).toMatchObject({ addVideoOverlay: true, videoOverlay: 'black' });
    });

    const long = 'x'.repeat(241);
    it.each([
      [{ title: '' }, 'title', 'Title is required'],
      [{ title: '   ' }, 'title', 'Title is required'],
      [{ title: long }, 'title', 'Title must not exceed 240 characters in length'],
      [{ videoId: '' }, 'videoId', 'Video is required.'],
      [{ videoId: 'not-a-guid' }, 'videoId', 'Invalid Field'],
      [{ width: 900 }, 'width', 'Video width can be up to 800px.'],
      [{ width: 'wide' }, 'width', 'Video width can be up to 800px.'],
      [{ width: 650.5 }, 'width', 'Video width can be up to 800px.'],
      [{ width: 500 }, 'width', 'Video width must be equal to or greater than 600'],
      [{ landingPageUrl: 'javascript:alert(1)' }, 'landingPageUrl', 'Not a valid URL'],
      [{ landingPageUrl: 'ftp://files.example.com/' }, 'landingPageUrl', 'Not a valid URL'],
      [{ landingPageUrl: 'https://nodomain' }, 'landingPageUrl', 'Not a valid URL'],
      [{ landingPageUrl: 'shop.example.com' }, 'landingPageUrl', 'Not a valid URL'],
      [{ videoURLData: 'data:text/html,hi' }, 'videoURLData', 'Not a valid url.'],
      [{ logoImageWidth: 700 }, 'logoImageWidth', 'Logo size less than 600px'],
      [{ logoImageWidth: 20 }, 'logoImageWidth', 'Logo width must be equal to or greater than 40'],
      [{ logoImageWidth: 'big' }, 'logoImageWidth', 'Invalid Field'],
      [{ logoImageAlignment: 'middle' }, 'logoImageAlignment', 'Logo alignment must be one of these: left, center, right'],
      [{ coverImagePlacement: 'beside' }, 'coverImagePlacement', 'Cover image placement must be one of these: above, below'],
      [{ coverImageSpacing: 4 }, 'coverImageSpacing', 'Cover image spacing must be one of these: 0, 1, 2, 3'],
      [{ videoOverlay: 'red' }, 'videoOverlay', 'Video icon must be one of these: none, black, white'],
      [{ logoImageId: 'x' }, 'logoImageId', 'Invalid Field'],
      [{ gifId: '123' }, 'gifId', 'Invalid Field'],
      [{ ctaButtonsJSON: '{not json' }, 'ctaButtonsJSON', 'Invalid Field'],
      [{ ctaButtonsJSON: '{"title":"x"}' }, 'ctaButtonsJSON', 'Invalid Field'],
      [{ ctaButtonsJSON: buttonsJson([1, 2, 3, 4, 5].map(() => button())) }, 'ctaButtonsJSON', 'You can add up to 4 call-to-action buttons.'],
      [{ ctaButtonsJSON: buttonsJson([button({ title: '' })]) }, 'ctaButtonsJSON.0.title', 'Button text is required'],
      [{ ctaButtonsJSON: buttonsJson([button(), button({ title: 'x'.repeat(17) })]) }, 'ctaButtonsJSON.1.title', 'Button text must not exceed 16 characters in length'],
      [{ ctaButtonsJSON: buttonsJson([button({ url: 'javascript:alert(1)' })]) }, 'ctaButtonsJSON.0.url', 'Not a valid url.'],
      [{ ctaButtonsJSON: buttonsJson([button({ url: '' })]) }, 'ctaButtonsJSON.0.url', 'Button URL is required'],
      [{ ctaButtonsJSON: buttonsJson([button({ backgroundColor: 'red' })]) }, 'ctaButtonsJSON.0.backgroundColor', 'Background color must be a colour like #444444'],
      [{ ctaButtonsJSON: buttonsJson([button({ fontColor: '#12' })]) }, 'ctaButtonsJSON.0.fontColor', 'Font color must be a colour like #444444'],
      [{ ctaButtonsJSON: buttonsJson([button({ radius: 31 })]) }, 'ctaButtonsJSON.0.radius', 'Radius must be equal to or less than 30'],
      [{ ctaButtonsJSON: buttonsJson([button({ btnSize: 'huge' })]) }, 'ctaButtonsJSON.0.btnSize', 'Button size must be one of these: small, medium, large'],
    ])('refuses %j: %s "%s"', async (over, field, message) => {
      const before = (await owner.get('/api/snippets')).body.body.length;
      const res = await owner.post('/api/snippets').send(snippetPayload(videoId, over));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ result: false, body: null, message });
      expect(res.body.errors[field]).toBe(message);
      expect((await owner.get('/api/snippets')).body.body).toHaveLength(before);
    });

    it('reports every failing field at once, the first as the message', async () => {
      const res = await owner.post('/api/snippets').send({ title: '', videoId: '', width: 9000 });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Title is required');
      expect(res.body.errors).toEqual({ title: 'Title is required', videoId: 'Video is required.', width: 'Video width can be up to 800px.' });
    });

    it.each([[[]], ['just text'], [null]])('refuses a body that is not an object: %j', async (body) => {
      const res = await owner.post('/api/snippets').set('Content-Type', 'application/json').send(JSON.stringify(body));
      expect(res.status).toBe(400);
      expect(res.body.result).toBe(false);
    });

    it("refuses another user's files with 404, and a file of the wrong kind", async () => {
      for (const payload of [
        snippetPayload(otherVideoId),
        snippetPayload(videoId, { logoImageId: otherLogoId }),
        snippetPayload(logoId),
        snippetPayload(videoId, { gifId: logoId }),
        snippetPayload(videoId, { coverImageId: '00000000-0000-4000-8000-000000000000' }),
      ]) {
        const res = await owner.post('/api/snippets').send(payload);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ result: false, message: 'File not found.' });
      }
    });

    it('refuses with 409 while no finished encoding exists for the overlay and width', async () => {
      const wider = await owner.post('/api/snippets').send(snippetPayload(videoId, { width: 700 }));
      expect(wider.status).toBe(409);
      expect(wider.body).toMatchObject({ result: false, message: STILL_PROCESSING });
      const white = await owner.post('/api/snippets').send(snippetPayload(videoId, { addVideoOverlay: true, videoOverlay: 'white' }));
      expect(white.status).toBe(409);
      // an uploaded video that was never encoded at all
      const fresh = await uploadFile(owner, 'video', tinyClip(), 'fresh.mp4');
      expect((await owner.post('/api/snippets').send(snippetPayload(fresh.fileId))).status).toBe(409);
    });

    it('needs a session', async () => {
      const anonymous = await newClient(t);
      const res = await anonymous.post('/api/snippets').send(snippetPayload(videoId));
      expect(res.status).toBe(401);
      expect((await anonymous.get('/api/snippets')).status).toBe(401);
    });
  });

  describe('Express accounts', () => {
    it('create an EyeMail with the video, overlay and link', async () => {
      const s = await createSnippet(express, { title: 'Express', videoId: expressVideoId, videoURLData: 'https://example.com/watch', landingPageUrl: 'https://example.com/' });
      expect(s).toMatchObject({ title: 'Express', logoImageId: null, coverImageId: null, ctaButtonsJSON: '[]', ctaButtonsHTML: '' });
      // the form's harmless defaults for hidden sections are fine
      const withDefaults = await express.post('/api/snippets').send(snippetPayload(expressVideoId, { ctaButtonsJSON: '[]' }));
      expect(withDefaults.status).toBe(201);
    });

    it.each([
      [{ logoImageId: '11111111-1111-4111-8111-111111111111' }],
      [{ coverImageId: '11111111-1111-4111-8111-111111111111' }],
      [{ ctaButtonsJSON: buttonsJson([button()]) }],
    ])('are refused logo, cover and buttons with 403: %j', async (over) => {
      const res = await express.post('/api/snippets').send(snippetPayload(expressVideoId, over));
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ result: false, message: EXPRESS_REFUSAL });
    });

    it('are refused them on update too', async () => {
      const s = await createSnippet(express, snippetPayload(expressVideoId));
      const res = await express.put('/api/snippets').send(snippetPayload(expressVideoId, { snippetId: s.snippet, ctaButtonsJSON: buttonsJson([button()]) }));
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(EXPRESS_REFUSAL);
    });
  });

  describe('export', () => {
    let full: Record<string, any>;

    beforeAll(async () => {
      // The heaviest EyeMail there is: logo, cover, mute icon overlay, video link and 4 large buttons.
      full = await createSnippet(
        owner,
        snippetPayload(videoId, {
          title: 'Spring launch: meet the new collection in motion, filmed on location in Lisbon',
          addVideoOverlay: true,
          videoOverlay: 'black',
          logoImageId: logoId,
          logoImageAlignment: 'center',
          logoImageWidth: 160,
          coverImageId: coverId,
          coverImagePlacement: 'above',
          coverImageSpacing: 2,
          landingPageUrl: 'https://shop.example.com/collections/spring?utm_source=email&utm_medium=video',
          videoURLData: 'https://shop.example.com/watch/spring-film',
          ctaButtonsJSON: buttonsJson(
            [1, 2, 3, 4].map((i) => button({ title: `Book seat ${i} now`, url: `https://shop.example.com/p/${i}?utm_source=email`, btnSize: 'large', fontSize: 'large', radius: 8 })),
          ),
        }),
      );
    });

    it.each(EMAIL_PLATFORMS.map((p) => [p.code, p] as const))('exports for %s: merge tags literal, absolute links, small, no script', async (code, platform) => {
      const res = await owner.get(`/api/snippets/${full.snippet}/html?emailPlatform=${code}&includeUnsubscribeLink=true`);
      expect(res.status).toBe(200);
      const { html, sizeBytes, platform: used } = res.body.body;
      expect(used).toBe(code);
      expect(sizeBytes).toBe(Buffer.byteLength(html, 'utf8'));
      expect(sizeBytes).toBeLessThan(15 * 1024);
      expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
      expect(html).not.toMatch(/<script|javascript:/i);
      expect(eventHandlers(html)).toEqual([]);
      const urls = urlAttributes(html);
      for (const u of urls) {
        if (u === platform.unsubscribeTag) continue;
        expect(u.startsWith(`${BASE}/`)).toBe(true);
      }
      // logo, cover, poster, MP4 and GIF are the EyeMail's living media addresses
      expect(urls.filter((u) => u.startsWith(`${BASE}/m/${full.snippet}/`)).length).toBeGreaterThanOrEqual(5);
      const tracked = urls.filter((u) => u.startsWith(`${BASE}/t/`) || u.startsWith(`${BASE}/eyemail/`));
      expect(tracked.length).toBeGreaterThanOrEqual(15);
      for (const u of tracked) {
        if (platform.recipientTag) expect(u).toContain(`?v=${platform.recipientTag}`);
        else expect(u).not.toContain('v=');
      }
      // clicks go through the tracker, never straight to the landing page
      expect(html).not.toContain('href="https://shop.example.com');
      expect(html).toContain(`${BASE}/t/o/${full.snippet}.gif`);
      if (platform.unsubscribeStyle === 'href') expect(html).toContain(`href="${platform.unsubscribeTag}"`);
    });

    it('sends every link to the web view through the click endpoint, which lands on the web view with the recipient', async () => {
      const { html } = (await owner.get(`/api/snippets/${full.snippet}/html?emailPlatform=mailchimp`)).body.body;
      const webView = `${BASE}/eyemail/${full.snippet}`;
      const hrefs = [...html.matchAll(/\shref="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
      // Never straight to the web view: a click there would not be counted.
      expect(hrefs.filter((h) => h.startsWith(`${webView}`))).toEqual([]);
      // (the unsubscribe link is Mailchimp's *|UNSUB|*, not a URL yet)
      const toWebView = hrefs.filter((h) => h.startsWith('http') && new URL(h).searchParams.get('u') === webView);
      // the header line and 'Play with sound' (the video, GIF and poster open the landing page)
      expect(toWebView.length).toBe(2);
      for (const h of toWebView) expect(h.startsWith(`${BASE}/t/c/${full.snippet}?v=*|URL:EMAIL|*&u=`)).toBe(true);
      // As Mailchimp sends it to ann+news@example.com (*|URL:EMAIL|* is the URL-encoded address).
      const sent = toWebView[0].replace('*|URL:EMAIL|*', encodeURIComponent('ann+news@example.com')).slice(BASE.length);
      const res = await t.http.get(sent);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(`${webView}?v=${encodeURIComponent('ann+news@example.com')}`);
    });

    it('states the width and the right height of every image and the video, from the stored files', async () => {
      const { html } = (await owner.get(`/api/snippets/${full.snippet}/html?emailPlatform=hubspot`)).body.body;
      const tags = html.match(/<(?:img|video)\b[^>]*>/g) ?? [];
      expect(tags.length).toBeGreaterThanOrEqual(6);
      for (const tag of tags) expect(tag).toMatch(/\swidth="\d+"[^>]*\sheight="\d+"/);
      // the logo (120x60) at 160 px wide, the cover (300x100) at the email's 600
      // the logo named by the brand: this personal account has no company, so the EyeMail's title
      expect(html).toMatch(/<img src="[^"]+" width="160" height="80" alt="Spring launch: meet the new collection in motion, filmed on location in Lisbon"/);
      expect(html).toMatch(/<img src="[^"]+" width="600" height="200" alt="Spring launch/);
      // the video, GIF and poster at the encoded frame's shape (the GIF's living address names it)
      const video = html.match(/<video class="em-v" width="600" height="(\d+)"/);
      expect(video).not.toBeNull();
      expect(html).toContain(`<img class="em-f" src="${BASE}/m/${full.snippet}/gif-600x${video![1]}.gif" width="600" height="${video![1]}"`);
    });

    it('puts the sound-less MP4 in the email and keeps the sound for the web view', async () => {
      const { html } = (await owner.get(`/api/snippets/${full.snippet}/html?emailPlatform=hubspot`)).body.body;
      const emailMp4 = /<source src="([^"]+)" type="video\/mp4">/.exec(html)![1];
      const webViewMp4 = (await t.http.get(`/api/public/snippets/${full.snippet}`)).body.body.videoUrl as string;
      expect(emailMp4).not.toBe(webViewMp4);
      const audioStreams = async (url: string) => {
        const file = path.join(os.tmpdir(), `eyemail-${process.pid}-${path.basename(new URL(url).pathname)}`);
        const res = await t.http.get(new URL(url).pathname).buffer(true).parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        });
        fs.writeFileSync(file, res.body as Buffer);
        return ffprobe(file).streams.filter((st) => st.codec_type === 'audio').length;
      };
      // the uploaded clip has a sine tone
      expect(await audioStreams(emailMp4)).toBe(0);
      expect(await audioStreams(webViewMp4)).toBe(1);
    });

    it('keeps a transparent logo transparent (PNG, for dark mode) and names it by the company', async () => {
      const company = await newClient(t);
      const companyName = 'Acme & Sons <Lisbon>';
      await company
        .post('/api/accounts/companysignup')
        .send({ fullName: 'Carl Boss', email: uniqueEmail('brand'), password: DEFAULT_PASSWORD, companyName, domain: 'acme.com', department: 'Marketing' })
        .expect(201);
      const { videoId: companyVideo } = await readyVideo(company, ['none']);
      // a red square on a transparent ground, and an opaque JPEG
      const transparent = path.join(os.tmpdir(), `eyemail-logo-transparent-${process.pid}.png`);
      const square = { create: { width: 60, height: 30, channels: 4 as const, background: { r: 255, g: 0, b: 0, alpha: 1 } } };
      await sharp({ create: { width: 120, height: 60, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
        .composite([{ input: await sharp(square).png().toBuffer(), left: 30, top: 15 }])
        .png()
        .toFile(transparent);
      const opaque = path.join(os.tmpdir(), `eyemail-logo-opaque-${process.pid}.jpg`);
      await sharp({ create: { width: 120, height: 60, channels: 3, background: '#2a9d8f' } }).jpeg().toFile(opaque);
      const logo = await uploadFile(company, 'logo', transparent);
      const stored = await t.http.get(new URL(logo.url).pathname).buffer(true).parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
      expect(stored.headers['content-type']).toBe('image/png');
      const meta = await sharp(stored.body as Buffer).metadata();
      expect(meta).toMatchObject({ format: 'png', hasAlpha: true });
      const corner = await sharp(stored.body as Buffer).ensureAlpha().extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
      expect(corner[3]).toBe(0);
      // an opaque JPEG logo stays a JPEG, and so does an opaque PNG (smaller for a photo)
      const jpegLogo = await uploadFile(owner, 'logo', opaque);
      expect(jpegLogo.url).toMatch(/\.jpg$/);
      expect((await uploadFile(owner, 'logo', tinyPng('blue'))).url).toMatch(/\.jpg$/);

      const s = await createSnippet(company, snippetPayload(companyVideo, { title: 'Spring', logoImageId: logo.fileId }));
      const { html } = (await company.get(`/api/snippets/${s.snippet}/html?emailPlatform=hubspot`)).body.body;
      expect(html).toContain(`<img src="${BASE}/m/${s.snippet}/logo" width="120" height="60" alt="Acme &amp; Sons &lt;Lisbon&gt;"`);
      // its living address serves the stored PNG
      const served = await t.http.get(`/m/${s.snippet}/logo`);
      expect([served.status, served.headers['content-type']]).toEqual([200, 'image/png']);
      expect(html).not.toContain('alt="Logo"');
      const preview = (await company.get(`/emailpreview/${s.snippet}`)).text;
      expect(preview).toContain('alt="Acme &amp; Sons &lt;Lisbon&gt;"');
    });

    it('adds the preheader as hidden preview text first in the body, and refuses one that is too long', async () => {
      const preheader = 'Our spring film: 3 minutes <of> colour';
      const { html } = (await owner.get(`/api/snippets/${full.snippet}/html?emailPlatform=mailchimp&preheader=${encodeURIComponent(preheader)}`)).body.body;
      const body = html.slice(html.indexOf('<body'));
      expect(body).toMatch(/^<body[^>]*><div style="display:none;[^"]*">Our spring film: 3 minutes &lt;of&gt; colour(&#847;&zwnj;&nbsp;)+<\/div>/);
      // Hidden without colour tricks, which spam filters score (HTML_FONT_LOW_CONTRAST).
      expect(body).toMatch(/^<body[^>]*><div style="display:none;max-height:0;max-width:0;overflow:hidden;mso-hide:all;font-size:1px;line-height:1px;">/);
      expect((await owner.get(`/api/snippets/${full.snippet}/html`)).body.body.html).not.toContain('&#847;');
      const long = await owner.get(`/api/snippets/${full.snippet}/html?preheader=${'x'.repeat(151)}`);
      expect(long.status).toBe(400);
      expect(long.body).toMatchObject({
        result: false,
        message: 'Preview text must not exceed 150 characters in length',
        errors: { preheader: 'Preview text must not exceed 150 characters in length' },
      });
    });

    it('shows the call-to-action video icon linked to the call-to-action video link, in the export and the email preview', async () => {
      const film = 'https://shop.example.com/watch/film';
      const s = await createSnippet(owner, snippetPayload(videoId, { videoLogoImgId: iconId, videoURLData: film, addVideoOverlay: true, videoOverlay: 'black' }));
      const view = (await owner.get(`/api/snippets/${s.snippet}`)).body.body;
      const { html } = (await owner.get(`/api/snippets/${s.snippet}/html?emailPlatform=hubspot`)).body.body;
      const tracked = `${BASE}/t/c/${s.snippet}?v={{contact.email|urlencode}}&amp;u=${encodeURIComponent(film)}&amp;k=icon`;
      expect(html).toContain(`<a href="${tracked}" target="_blank"><img src="${BASE}/m/${s.snippet}/icon" width="48" height="48" alt="Watch the video"`);
      expect(html).not.toContain('Play with sound');
      // the click endpoint takes it to the film
      const res = await t.http.get(tracked.replace(/&amp;/g, '&').replace('{{contact.email|urlencode}}', 'a%40b.com').slice(BASE.length));
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(film);
      const preview = (await owner.get(`/emailpreview/${s.snippet}?speakerIcon=true`)).text;
      expect(preview).toContain(`<a href="${film}" target="_blank"><img src="${view.videoLogoImgUrl}" width="48" height="48" alt="Watch the video"`);
      expect(preview).not.toContain('Play with sound');
    });

    it('uses the defaults: plain HTML, the header on, no unsubscribe link, branding on', async () => {
      const res = await owner.get(`/api/snippets/${full.snippet}/html`);
      expect(res.status).toBe(200);
      const { html, platform } = res.body.body;
      expect(platform).toBe('other');
      expect(html).toContain('>If Unable to See or Hear, Click Here</a>');
      expect(html).not.toContain('Unsubscribe');
      expect(html).toContain('Powered by <strong>EyeMail</strong>');
      // no platform, so no recipient in the links
      expect(html).not.toMatch(/[?&]v=/);
    });

    it("includes the unsubscribe link by default for a platform whose rules require one (Mailchimp's *|UNSUB|*), and leaves it out when asked", async () => {
      const platforms = (await t.http.get('/api/global/email-platforms')).body.body as { code: string; unsubscribeRequired: boolean }[];
      expect(platforms.find((p) => p.code === 'mailchimp')).toMatchObject({ unsubscribeRequired: true });
      expect(platforms.find((p) => p.code === 'hubspot')).toMatchObject({ unsubscribeRequired: false });
      const html = async (q: string) => (await owner.get(`/api/snippets/${full.snippet}/html?${q}`)).body.body as { html: string; blockHtml: string };
      const mailchimp = await html('emailPlatform=mailchimp');
      expect(mailchimp.html).toContain('<a class="em-d" href="*|UNSUB|*" target="_blank"');
      expect(mailchimp.blockHtml).toContain('href="*|UNSUB|*"');
      expect((await html('emailPlatform=mailchimp&includeUnsubscribeLink=false')).html).not.toContain('*|UNSUB|*');
      // HubSpot adds its own subscription footer: no second link unless asked.
      expect((await html('emailPlatform=hubspot')).html).not.toContain('Unsubscribe');
    });

    it('applies the export options', async () => {
      const q = 'emailPlatform=mailchimp&headerText=Watch%20%3Cthis%3E%20now&includeUnsubscribeLink=true&removeBranding=true';
      const { html } = (await owner.get(`/api/snippets/${full.snippet}/html?${q}`)).body.body;
      expect(html).toContain('>Watch &lt;this&gt; now</a>');
      expect(html).toContain('href="*|UNSUB|*"');
      expect(html).not.toContain('Powered by');
      const noHeader = (await owner.get(`/api/snippets/${full.snippet}/html?includeHeader=false&headerText=`)).body.body.html;
      expect(noHeader).not.toContain('If Unable to See or Hear');
    });

    it('refuses blank header text while the header is included, and an unknown platform', async () => {
      const blank = await owner.get(`/api/snippets/${full.snippet}/html?includeHeader=true&headerText=%20%20`);
      expect(blank.status).toBe(400);
      expect(blank.body).toMatchObject({ result: false, message: 'Please enter header text!', errors: { headerText: 'Please enter header text!' } });
      const unknown = await owner.get(`/api/snippets/${full.snippet}/html?emailPlatform=myspace`);
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors).toEqual({ emailPlatform: 'Please choose an email platform from the list.' });
    });

    it('exports active EyeMails only', async () => {
      const s = await createSnippet(owner, snippetPayload(videoId));
      await owner.put('/api/snippets/status').send({ snippetId: s.snippet, status: false }).expect(200);
      const res = await owner.get(`/api/snippets/${s.snippet}/html`);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ result: false, message: 'Activate this EyeMail to export it.', body: null });
      await owner.put('/api/snippets/status').send({ snippetId: s.snippet, status: true }).expect(200);
      expect((await owner.get(`/api/snippets/${s.snippet}/html`)).status).toBe(200);
    });

    it('escapes a hostile title, button text and URLs, and defuses merge syntax people typed', async () => {
      const s = await createSnippet(
        owner,
        snippetPayload(videoId, {
          title: '"><script>alert(1)</script> *|EMAIL|* <img src=x onerror=alert(1)>',
          landingPageUrl: 'https://shop.example.com/?q="><script>alert(2)</script>&who=*|EMAIL|*',
          videoURLData: "https://shop.example.com/it's?a=<b>",
          ctaButtonsJSON: buttonsJson([button({ title: '<b>"Hi"</b>', url: 'shop.example.com/x?y="z"' })]),
        }),
      );
      const { html } = (await owner.get(`/api/snippets/${s.snippet}/html?emailPlatform=mailchimp`)).body.body;
      expect(html).not.toMatch(/<script|<img src=x|<b>/i);
      expect(eventHandlers(html)).toEqual([]);
      // only the platform's own tags reach the source, never one someone typed
      expect(html).not.toContain('*|EMAIL|*');
      expect(html).toContain('&lt;b&gt;&quot;Hi&quot;&lt;/b&gt;');
      for (const u of urlAttributes(html)) expect(u).not.toMatch(/[<>"\s]/);
    });

    it("answers an Express account's export with the video only", async () => {
      const s = await createSnippet(express, snippetPayload(expressVideoId));
      const { html } = (await express.get(`/api/snippets/${s.snippet}/html?emailPlatform=hubspot`)).body.body;
      expect(html).toContain('<video');
      expect(html).not.toContain('v:roundrect');
      expect(html).toContain('?v={{contact.email|urlencode}}');
    });
  });

  describe('update', () => {
    it('changes what was sent and answers the new view', async () => {
      const s = await createSnippet(owner, snippetPayload(videoId, { title: 'Before', logoImageId: logoId, ctaButtonsJSON: buttonsJson([button()]) }));
      const res = await owner.put('/api/snippets').send(
        snippetPayload(videoId, { snippetId: s.snippet, title: 'After', addVideoOverlay: true, videoOverlay: 'black', landingPageUrl: '', coverImageId: coverId }),
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ result: true, message: 'EyeMail updated' });
      expect(res.body.body).toMatchObject({
        snippet: s.snippet,
        title: 'After',
        videoOverlay: 'black',
        landingPageUrl: null,
        logoImageId: null,
        coverImageId: coverId,
        ctaButtonsJSON: '[]',
        status: true,
      });
      expect(res.body.body.dateCreatedUTC).toBe(s.dateCreatedUTC);
      expect(new Date(res.body.body.dateUpdatedUTC).getTime()).toBeGreaterThanOrEqual(new Date(s.dateUpdatedUTC).getTime());
      expect((await owner.get(`/api/snippets/${s.snippet}`)).body.body.title).toBe('After');
    });

    it('checks the payload as create does', async () => {
      const s = await createSnippet(owner, snippetPayload(videoId, { title: 'Kept' }));
      const bad = await owner.put('/api/snippets').send(snippetPayload(videoId, { snippetId: s.snippet, title: '' }));
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual({ title: 'Title is required' });
      const busy = await owner.put('/api/snippets').send(snippetPayload(videoId, { snippetId: s.snippet, width: 800 }));
      expect(busy.status).toBe(409);
      expect((await owner.get(`/api/snippets/${s.snippet}`)).body.body).toMatchObject({ title: 'Kept', width: 600 });
    });

    // The payload is checked at the edge, before the snippet is looked up: the answer to a bad
    // payload is the same whether the snippet exists, is yours or someone else's.
    it('refuses a bad payload with 400 whoever owns the snippet, changing nothing', async () => {
      const s = await createSnippet(owner, snippetPayload(videoId, { title: 'Kept' }));
      for (const [client, id] of [[owner, s.snippet], [other, s.snippet], [owner, '00000000-0000-4000-8000-000000000000'], [owner, 'nope']] as const) {
        const res = await client.put('/api/snippets').send(snippetPayload(videoId, { snippetId: id, title: '' }));
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ result: false, message: 'Title is required', body: null, errors: { title: 'Title is required' } });
      }
      expect((await owner.get(`/api/snippets/${s.snippet}`)).body.body.title).toBe('Kept');
    });

    it("answers 404 for another user's or a missing snippet, and 400 without an id", async () => {
      const s = await createSnippet(owner, snippetPayload(videoId));
      const theirs = await other.put('/api/snippets').send(snippetPayload(otherVideoId, { snippetId: s.snippet }));
      expect(theirs.status).toBe(404);
      expect(theirs.body.message).toBe('EyeMail not found.');
      expect((await owner.put('/api/snippets').send(snippetPayload(videoId, { snippetId: '00000000-0000-4000-8000-000000000000' }))).status).toBe(404);
      expect((await owner.put('/api/snippets').send(snippetPayload(videoId, { snippetId: 'nope' }))).status).toBe(404);
      const noId = await owner.put('/api/snippets').send(snippetPayload(videoId));
      expect(noId.status).toBe(400);
      expect(noId.body).toMatchObject({ message: 'EyeMail is required', errors: { snippetId: 'EyeMail is required' } });
    });
  });

  describe('reading', () => {
    let a: Record<string, any>;
    let b: Record<string, any>;
    let c: Record<string, any>;
    let reader: Client;
    let readerVideo: string;

    beforeAll(async () => {
      // A user of its own, so the list holds exactly these three.
      reader = (await signUp(t)).client;
      ({ videoId: readerVideo } = await readyVideo(reader, ['none']));
      a = await createSnippet(reader, snippetPayload(readerVideo, { title: 'Spring Sale 50% off' }));
      b = await createSnippet(reader, snippetPayload(readerVideo, { title: 'summer SALE' }));
      c = await createSnippet(reader, snippetPayload(readerVideo, { title: 'Autumn news' }));
      await reader.put('/api/snippets/status').send({ snippetId: c.snippet, status: false });
    });

    it('lists the newest updated first, only your own', async () => {
      const res = await reader.get('/api/snippets');
      expect(res.status).toBe(200);
      expect(res.body.body.map((s: { snippet: string }) => s.snippet)).toEqual([c.snippet, b.snippet, a.snippet]);
      // updating moves a snippet to the top
      await reader.put('/api/snippets').send(snippetPayload(readerVideo, { snippetId: a.snippet, title: 'Spring Sale 50% off' }));
      expect((await reader.get('/api/snippets')).body.body[0].snippet).toBe(a.snippet);
      const theirs = (await other.get('/api/snippets')).body.body.map((s: { snippet: string }) => s.snippet);
      expect(theirs).not.toContain(a.snippet);
    });

    it('searches titles in any case, taking % and _ literally', async () => {
      const titles = async (q: string) => (await reader.get(`/api/snippets?query=${encodeURIComponent(q)}`)).body.body.map((s: { title: string }) => s.title).sort();
      expect(await titles('sale')).toEqual(['Spring Sale 50% off', 'summer SALE']);
      expect(await titles('  AUTUMN ')).toEqual(['Autumn news']);
      expect(await titles('%')).toEqual(['Spring Sale 50% off']);
      expect(await titles('_')).toEqual([]);
      expect(await titles('')).toHaveLength(3);
    });

    it('filters by status', async () => {
      const ids = async (q: string) => (await reader.get(`/api/snippets?${q}`)).body.body.map((s: { snippet: string }) => s.snippet).sort();
      expect(await ids('status=false')).toEqual([c.snippet]);
      expect(await ids('status=true')).toEqual([a.snippet, b.snippet].sort());
      expect(await ids('status=true&query=spring')).toEqual([a.snippet]);
      expect(await ids('status=')).toHaveLength(3);
      const bad = await reader.get('/api/snippets?status=maybe');
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ result: false, message: 'Status must be true or false.', errors: { status: 'Status must be true or false.' } });
    });

    it('gives a brief list for selectors', async () => {
      const res = await reader.get('/api/snippets/brief?status=true');
      expect(res.status).toBe(200);
      expect(res.body.body).toHaveLength(2);
      for (const item of res.body.body) {
        expect(Object.keys(item).sort()).toEqual(['snippet', 'thumbnailUrl', 'title']);
        expect(item.thumbnailUrl).toMatch(/^http:\/\/eyemail\.test\/media\/.+\.jpg$/);
      }
      expect((await reader.get('/api/snippets/brief')).body.body).toHaveLength(3);
    });

    it('reads one by id, by POST snippets/snippetId and its addresses', async () => {
      const one = await reader.get(`/api/snippets/${a.snippet}`);
      expect(one.status).toBe(200);
      expect(one.body.body.snippet).toBe(a.snippet);
      const byBody = await reader.post('/api/Snippets/snippetId').send({ snippetId: a.snippet });
      expect(byBody.status).toBe(200);
      expect(byBody.body.body).toEqual(one.body.body);
      const u = await reader.get(`/api/snippets/${a.snippet}/u`);
      expect(u.body.body).toEqual({
        previewUrl: `${BASE}/livePreview/${a.snippet}`,
        liveUrl: `${BASE}/live/${a.snippet}`,
        exportUrl: `${BASE}/eyemail/${a.snippet}`,
        livePreviewUrlForEmail: `${BASE}/emailpreview/${a.snippet}`,
      });
    });

    it('makes a readable slug whose link opens the viewer', async () => {
      const res = await reader.get(`/api/snippets/${a.snippet}/slug`);
      expect(res.status).toBe(200);
      const slug = `spring-sale-50-off-${a.snippet.slice(0, 8)}`;
      expect(res.body.body).toEqual({ slug, url: `${BASE}/live/${slug}` });
      const page = await t.http.get(`/live/${slug}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('<title>Spring Sale 50% off | EyeMail</title>');
    });

    it("answers 404 'EyeMail not found.' for another user's, a missing or a malformed id, on every call", async () => {
      const calls = (c: Client, id: string) => [
        c.get(`/api/snippets/${id}`),
        c.get(`/api/snippets/${id}/u`),
        c.get(`/api/snippets/${id}/slug`),
        c.get(`/api/snippets/${id}/html`),
        c.post('/api/snippets/snippetId').send({ snippetId: id }),
        c.put('/api/snippets/status').send({ snippetId: id, status: false }),
        c.delete(`/api/snippets/${id}`),
        c.delete('/api/snippets').send({ SnippetId: id }),
        c.put('/api/snippets').send(snippetPayload(otherVideoId, { snippetId: id })),
      ];
      for (const [client, id] of [
        [other, a.snippet],
        [reader, '00000000-0000-4000-8000-000000000000'],
        [reader, 'not-an-id'],
      ] as const) {
        for (const res of await Promise.all(calls(client, id))) {
          expect(res.status).toBe(404);
          expect(res.body).toEqual({ result: false, message: 'EyeMail not found.', body: null, errors: null });
        }
      }
      // and nothing changed
      expect((await reader.get(`/api/snippets/${a.snippet}`)).body.body.status).toBe(true);
    });
  });

  describe('status', () => {
    it('deactivates and activates', async () => {
      const s = await createSnippet(owner, snippetPayload(videoId));
      const off = await owner.put('/api/snippets/status').send({ snippetId: s.snippet, status: false });
      expect(off.status).toBe(200);
      expect(off.body).toMatchObject({ result: true, message: 'Deactivated!', body: { snippet: s.snippet, status: false } });
      expect((await owner.get('/api/snippets?status=false')).body.body.map((x: { snippet: string }) => x.snippet)).toContain(s.snippet);
      const on = await owner.put('/api/snippets/status').send({ snippetId: s.snippet, status: true });
      expect(on.body).toMatchObject({ result: true, message: 'Activated!', body: { status: true } });
    });

    it.each([['yes'], ['true'], [1], [null]])('refuses status %j with 400', async (status) => {
      const s = await createSnippet(owner, snippetPayload(videoId));
      const res = await owner.put('/api/snippets/status').send({ snippetId: s.snippet, status });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ result: false, message: 'Status must be true or false.', errors: { status: 'Status must be true or false.' } });
      expect((await owner.get(`/api/snippets/${s.snippet}`)).body.body.status).toBe(true);
    });
  });

  describe('delete and files in use', () => {
    it('deletes by id and by {SnippetId}; the files stay in the library', async () => {
      const one = await createSnippet(owner, snippetPayload(videoId));
      const two = await createSnippet(owner, snippetPayload(videoId));
      const byId = await owner.delete(`/api/snippets/${one.snippet}`);
      expect(byId.status).toBe(200);
      expect(byId.body).toEqual({ result: true, message: 'EyeMail deleted', body: null, errors: null });
      const byBody = await owner.delete('/api/snippets').send({ SnippetId: two.snippet });
      expect(byBody.body).toMatchObject({ result: true, message: 'EyeMail deleted' });
      expect((await owner.get(`/api/snippets/${one.snippet}`)).status).toBe(404);
      expect((await owner.get(`/api/snippets/${two.snippet}`)).status).toBe(404);
      expect((await owner.delete(`/api/snippets/${one.snippet}`)).status).toBe(404);
      const library = (await owner.get('/api/files?type=video')).body.body.map((f: { file: { fileId: string } }) => f.file.fileId);
      expect(library).toContain(videoId);
    });

    it('refuses to delete a video or an image an EyeMail uses, and allows it once the EyeMail is gone', async () => {
      const user = (await signUp(t)).client;
      const { videoId: v } = await readyVideo(user, ['none']);
      const logo = (await uploadFile(user, 'logo', tinyPng('red'))).fileId;
      const cover = (await uploadFile(user, 'image', tinyPng('blue'))).fileId;
      const s = await createSnippet(user, snippetPayload(v, { logoImageId: logo, coverImageId: cover }));

      const video = await user.delete(`/api/files/${v}`);
      expect(video.status).toBe(409);
      expect(video.body).toMatchObject({ result: false, message: 'This video is used by an EyeMail and cannot be deleted.' });
      for (const id of [logo, cover]) {
        const image = await user.delete(`/api/files/${id}`);
        expect(image.status).toBe(409);
        expect(image.body.message).toBe('This image is used by an EyeMail and cannot be deleted.');
      }
      expect((await user.get(`/api/snippets/${s.snippet}`)).body.body.videoUrl).toMatch(/\.mp4$/);

      await user.delete(`/api/snippets/${s.snippet}`).expect(200);
      for (const id of [v, logo, cover]) expect((await user.delete(`/api/files/${id}`)).status).toBe(200);
    });
  });

  it("removes a user's EyeMails with the account, although their video may not be deleted alone", async () => {
    const user = await signUp(t);
    const { videoId: v } = await readyVideo(user.client, ['none']);
    const s = await createSnippet(user.client, snippetPayload(v));
    await expect(sql(t, 'delete from media_file where id = ?', [v])).rejects.toThrow(/foreign key/i);
    await sql(t, 'delete from app_user where id = ?', [user.id]);
    expect(await sql(t, 'select id from snippet where id = ?', [s.snippet])).toEqual([]);
    expect(await sql(t, 'select id from media_file where id = ?', [v])).toEqual([]);
  });

  it('documents the calls in the OpenAPI document', async () => {
    const doc = (await t.http.get('/api/docs/openapi.json')).body;
    for (const p of ['/api/snippets', '/api/snippets/{id}', '/api/snippets/status', '/api/snippets/{id}/html', '/api/global/email-platforms', '/api/public/snippets/{id}']) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
  });
});
