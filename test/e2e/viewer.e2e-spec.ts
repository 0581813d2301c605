// The public side of an EyeMail on the real app: the viewer pages, the email preview page, the
// viewer's data call, the global reference calls and where the click redirect goes.
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { newClient, signUp, type Client } from '../support/account-factory.js';
import { buttonsJson, createSnippet, readyVideo, snippetPayload, tinyPng, uploadFile } from '../support/snippet-factory.js';

jest.setTimeout(120_000);

const BASE = 'http://eyemail.test';
const LANDING = 'https://shop.example.com/spring?utm_source=email';
const FILM = 'https://shop.example.com/film';
const BUTTON_URL = 'https://shop.example.com/book';
const MISSING = '00000000-0000-4000-8000-000000000000';
const HOSTILE = '"><script>alert(1)</script><img src=x onerror=alert(1)>';

// Tags with an on...= attribute, once attribute values are blanked out.
const eventHandlers = (html: string) => (html.replace(/="[^"]*"/g, '=""').match(/<[a-z][^>]*>/gi) ?? []).filter((tag) => /\son[a-z]+=/i.test(tag));
// Script elements without a src (inline code).
const inlineScripts = (html: string) => (html.match(/<script\b[^>]*>/gi) ?? []).filter((tag) => !/\ssrc=/i.test(tag));

describe('public EyeMail pages and tracking', () => {
  let t: TestApp;
  let owner: Client;
  let anonymous: Client;
  let active: Record<string, any>;
  let inactive: Record<string, any>;
  let plain: Record<string, any>;

  beforeAll(async () => {
    t = await startTestApp();
    owner = (await signUp(t)).client;
    anonymous = await newClient(t);
    const { videoId } = await readyVideo(owner, ['none', 'black']);
    const logoId = (await uploadFile(owner, 'logo', tinyPng('red'))).fileId;
    const coverId = (await uploadFile(owner, 'cover', tinyPng('blue', '300x100'))).fileId;
    active = await createSnippet(
      owner,
      snippetPayload(videoId, {
        title: 'Spring <launch> & more',
        addVideoOverlay: true,
        videoOverlay: 'black',
        logoImageId: logoId,
        logoImageAlignment: 'right',
        logoImageWidth: 150,
        coverImageId: coverId,
        coverImagePlacement: 'above',
        coverImageSpacing: 2,
        landingPageUrl: LANDING,
        videoURLData: FILM,
        ctaButtonsJSON: buttonsJson([{ title: 'Book now', url: BUTTON_URL }]),
      }),
    );
    inactive = await createSnippet(owner, snippetPayload(videoId, { title: 'Switched off' }));
    await owner.put('/api/snippets/status').send({ snippetId: inactive.snippet, status: false }).expect(200);
    plain = await createSnippet(owner, snippetPayload(videoId, { title: 'Plain', landingPageUrl: '' }));
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('viewer', () => {
    it('shows an active EyeMail to anyone: logo, cover above, the muted autoplaying video, mute icon and buttons', async () => {
      for (const path of [`/live/${active.snippet}`, `/eyemail/${active.snippet}`, `/livePreview/${active.snippet}`, `/LIVE/${active.snippet.toUpperCase()}`]) {
        const res = await anonymous.get(path);
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.headers['content-security-policy']).toContain("script-src 'self'");
        const html = res.text;
        expect(html).toContain('<title>Spring &lt;launch&gt; &amp; more | EyeMail</title>');
        expect(html).toContain('<div class="em-logo" style="text-align:right">');
        expect(html).toContain(`<img src="${active.logoImageUrl}" alt="Logo" width="150" style="width:150px">`);
        expect(html).toContain('<div class="em-cover" style="margin-bottom:16px">');
        expect(html.indexOf('em-cover')).toBeLessThan(html.indexOf('<video'));
        expect(html).toMatch(new RegExp(`<video autoplay muted controls playsinline [^>]*poster="${active.thumbnailUrl}"`));
        expect(html).toContain(`<source src="${active.videoUrl}" type="video/mp4">`);
        expect(html).toContain('aria-label="Turn sound on"><img src="http://eyemail.test/static/viewer/mute-black.svg"');
        expect(html).toContain('>Book now</a>');
        expect(inlineScripts(html)).toEqual([]);
        expect(eventHandlers(html)).toEqual([]);
        expect(html).toMatch(/<script src="\/static\/viewer\/viewer\.js\?h=[0-9a-f]+" defer><\/script>/);
        // the dashboard bundle is not involved
        expect(html).not.toMatch(/\/assets\//);
      }
    });

    it('leaves out the mute icon, logo, cover and buttons when the EyeMail has none', async () => {
      const html = (await anonymous.get(`/live/${plain.snippet}`)).text;
      expect(html).not.toMatch(/em-unmute"|em-logo"|em-cover"|em-buttons"/);
      expect(html).toContain('<video autoplay muted controls playsinline');
    });

    it('takes the receiver from v=, URL-decoded, without surrounding quotes, escaped', async () => {
      const quoted = await anonymous.get(`/eyemail/${active.snippet}?v=${encodeURIComponent('"ann+news@example.com"')}`);
      expect(quoted.text).toContain('data-receiver="ann+news@example.com"');
      const single = await anonymous.get(`/eyemail/${active.snippet}?v='a@b.com'`);
      expect(single.text).toContain('data-receiver="a@b.com"');
      const hostile = await anonymous.get(`/eyemail/${active.snippet}?v=${encodeURIComponent(HOSTILE)}`);
      expect(hostile.status).toBe(200);
      expect(hostile.text).not.toMatch(/<script>alert|<img src=x/);
      expect(eventHandlers(hostile.text)).toEqual([]);
      // the leading quote counts as a surrounding one; the rest is escaped
      expect(hostile.text).toContain('data-receiver="&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src&#x3D;x onerror&#x3D;alert(1)&gt;"');
      // an unreplaced merge tag is nobody, handed on as it was so the page's plays are tests
      const tag = await anonymous.get(`/eyemail/${active.snippet}?v=*|URL:EMAIL|*`);
      expect(tag.text).toContain('data-receiver="*|URL:EMAIL|*"');
    });

    it('counts plays and clicks on the web view for the receiver, but not on the preview', async () => {
      const html = (await anonymous.get(`/eyemail/${active.snippet}?v=a@b.com`)).text;
      expect(html).toContain(`data-report-url="/api/reports/updateduration" data-snippet-id="${active.snippet}" data-receiver="a@b.com"`);
      const tracked = `${BASE}/t/c/${active.snippet}?v&#x3D;a%40b.com&amp;u&#x3D;${encodeURIComponent(LANDING)}`;
      expect(html).toContain(`<a href="${tracked}" target="_blank" rel="noopener"><img src="${active.logoImageUrl}"`);
      expect(html).toContain(`href="${BASE}/t/c/${active.snippet}?v=a%40b.com&amp;u=${encodeURIComponent(BUTTON_URL)}&amp;b=1"`);
      const preview = (await anonymous.get(`/livePreview/${active.snippet}?v=a@b.com`)).text;
      expect(preview).not.toContain('data-report-url');
      expect(preview).not.toContain('/t/c/');
      expect(preview).toContain(`href="${BUTTON_URL}"`);
    });

    it("shows 'No active campaign found.' with 404 for an inactive, missing or malformed EyeMail", async () => {
      for (const path of [`/live/${inactive.snippet}`, `/eyemail/${inactive.snippet}`, `/livePreview/${inactive.snippet}`, `/live/${MISSING}`, '/eyemail/nope', '/live/%22%3E%3Cscript%3E']) {
        const res = await anonymous.get(path);
        expect(res.status).toBe(404);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.text).toContain('<h1>No active campaign found.</h1>');
        expect(res.text).not.toContain('<video');
        expect(res.text).not.toMatch(/<script/);
      }
    });

    it('lets the owner preview an inactive EyeMail, marked as such, on the preview address only', async () => {
      const preview = await owner.get(`/livePreview/${inactive.snippet}`);
      expect(preview.status).toBe(200);
      expect(preview.text).toContain('This EyeMail is inactive: only you can see this preview.');
      expect(preview.text).not.toContain('data-report-url');
      expect((await owner.get(`/live/${inactive.snippet}`)).status).toBe(404);
      const stranger = (await signUp(t)).client;
      expect((await stranger.get(`/livePreview/${inactive.snippet}`)).status).toBe(404);
    });

    it('serves the viewer script from this site', async () => {
      const res = await anonymous.get('/static/viewer/viewer.js');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.text).toContain('sendBeacon');
      expect(res.text).toContain('DurationSecs');
    });
  });

  describe('viewer data call', () => {
    it('answers an active EyeMail without a session, display fields only', async () => {
      const res = await anonymous.get(`/api/public/snippets/${active.snippet}?v=a@b.com`);
      expect(res.status).toBe(200);
      const body = res.body.body;
      expect(body).toMatchObject({
        snippet: active.snippet,
        title: 'Spring <launch> & more',
        logoImageUrl: active.logoImageUrl,
        logoImageAlignment: 'right',
        logoImageWidth: 150,
        coverImageUrl: active.coverImageUrl,
        coverImagePlacement: 'above',
        coverImageSpacing: 2,
        width: 600,
        addVideoOverlay: true,
        videoOverlay: 'black',
        landingPageUrl: LANDING,
        video: { url: active.videoUrl, thumbnailUrl: active.thumbnailUrl, gifUrl: active.gifUrl },
      });
      expect(body.ctaButtonsHTML).toContain(`/t/c/${active.snippet}?v=a%40b.com&amp;u=`);
      expect(body).not.toHaveProperty('videoId');
      expect(body).not.toHaveProperty('status');
    });

    it("answers 404 'No active campaign found.' otherwise", async () => {
      for (const id of [inactive.snippet, MISSING, 'nope']) {
        const res = await anonymous.get(`/api/public/snippets/${id}`);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ result: false, message: 'No active campaign found.', body: null, errors: null });
      }
    });
  });

  describe('global reference calls', () => {
    it('lists the email platforms with absolute icon addresses that load', async () => {
      const res = await anonymous.get('/api/global/email-platforms');
      expect(res.status).toBe(200);
      const list = res.body.body as { code: string; name: string; iconUrl: string }[];
      expect(list.length).toBeGreaterThanOrEqual(10);
      expect(list.map((p) => p.code)).toEqual(expect.arrayContaining(['mailchimp', 'hubspot', 'other']));
      for (const p of list) {
        expect(p.iconUrl).toBe(`${BASE}/static/platforms/${p.code}.svg`);
        const icon = await anonymous.get(new URL(p.iconUrl).pathname);
        expect(icon.status).toBe(200);
        expect(icon.headers['content-type']).toMatch(/svg/);
      }
    });

    it('gives the public base URL and the product title', async () => {
      const res = await anonymous.get('/api/global/config');
      expect(res.body).toEqual({ result: true, message: '', body: { baseUrl: BASE, productTitle: 'EyeMail' }, errors: null });
    });
  });

  describe('email preview page', () => {
    it('shows the email as a recipient sees it, with the options from the query', async () => {
      const q = `emailHeader=${encodeURIComponent('Watch <it> here')}&speakerIcon=true&unsub=true&p=mailchimp&brand=no`;
      const res = await anonymous.get(`/emailpreview/${active.snippet}?${q}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const html = res.text;
      expect(html).toContain('class="em-preview"');
      expect(html).toContain('>Watch &lt;it&gt; here</a>');
      expect(html).toContain('href="*|UNSUB|*"');
      expect(html).toContain('Play with sound');
      expect(html).not.toContain('Powered by');
      // the email's own MP4 (without sound, as the inbox plays it), of the same encoding; the web
      // view's, with sound, is videoUrl
      const source = /<source src="([^"]+)" type="video\/mp4">/.exec(html)![1];
      expect(source).not.toBe(active.videoUrl);
      expect(source.slice(0, source.lastIndexOf('/'))).toBe(active.videoUrl.slice(0, active.videoUrl.lastIndexOf('/')));
      // looking at a preview is neither an open nor a click
      expect(html).not.toContain('/t/o/');
      expect(html).not.toContain('/t/c/');
      expect(html).toContain(`href="${BUTTON_URL}"`);
      expect(inlineScripts(html)).toEqual([]);
    });

    it('shows the preheader from the preview link as the inbox will show it', async () => {
      const html = (await anonymous.get(`/emailpreview/${active.snippet}?preheader=${encodeURIComponent('New <this> spring')}`)).text;
      expect(html).toContain('<p class="em-inbox"><strong>Preview text in the inbox:</strong> New &lt;this&gt; spring</p>');
      expect((await anonymous.get(`/emailpreview/${active.snippet}`)).text).not.toContain('Preview text in the inbox');
    });

    it('leaves out the header, unsubscribe link and mute icon unless asked, and keeps the branding', async () => {
      const html = (await anonymous.get(`/emailpreview/${active.snippet}?speakerIcon=false`)).text;
      expect(html).not.toContain('If Unable to See or Hear');
      expect(html).not.toContain('Unsubscribe');
      expect(html).not.toContain('Play with sound');
      expect(html).toContain('Powered by <strong>EyeMail</strong>');
      // without speakerIcon the snippet's own choice holds
      expect((await anonymous.get(`/emailpreview/${active.snippet}`)).text).toContain('Play with sound');
      expect((await anonymous.get(`/emailpreview/${plain.snippet}`)).text).not.toContain('Play with sound');
    });

    it('is there for active EyeMails, and for the owner of an inactive one', async () => {
      expect((await anonymous.get(`/emailpreview/${inactive.snippet}`)).status).toBe(404);
      expect((await anonymous.get(`/emailpreview/${MISSING}`)).status).toBe(404);
      expect((await owner.get(`/emailpreview/${inactive.snippet}`)).status).toBe(200);
    });
  });

  // The open pixel and what the pixel and clicks store: test/e2e/reports-ingest.e2e-spec.ts.

  describe('click redirect', () => {
    const click = (id: string, u: string, v = 'a@b.com') => t.http.get(`/t/c/${id}?v=${encodeURIComponent(v)}&u=${encodeURIComponent(u)}`);
    const webView = (id: string) => `${BASE}/eyemail/${id}?v=a%40b.com`;

    it("redirects to the EyeMail's own targets", async () => {
      for (const target of [LANDING, FILM, BUTTON_URL]) {
        const res = await click(active.snippet, target);
        expect(res.status).toBe(302);
        expect(res.headers.location).toBe(target);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    });

    it.each([
      ['a foreign site', 'https://evil.example/phish'],
      ['a javascript: URL', 'javascript:alert(document.cookie)'],
      ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
      ['a protocol-relative URL', '//evil.example/'],
      ['a look-alike of a target', `${LANDING}&x=1`],
      ['nothing', ''],
    ])('sends %s to the web view', async (_what, target) => {
      const res = await click(active.snippet, target);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(webView(active.snippet));
    });

    it('sends clicks for an unknown EyeMail to its web view, which says so', async () => {
      const res = await click(MISSING, LANDING);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(webView(MISSING));
      expect((await t.http.get('/t/c/nope?u=x')).headers.location).toBe(`${BASE}/`);
    });
  });
});
