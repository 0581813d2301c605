// The public hits served outside Nest's pipeline (the open pixel, the click redirect, the
// recipients' viewer pages), on the real app and database: an owner's edit shows at once although
// click targets and pages are cached, each recipient gets their own page from the cached one, no
// cookie is ever set on them, the security headers are there, and every answered hit is stored.
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { newClient, signUp, sql, type Client } from '../support/account-factory.js';
import { buttonsJson, createSnippet, readyVideo, snippetPayload } from '../support/snippet-factory.js';

jest.setTimeout(120_000);

const BASE = 'http://eyemail.test';
const FIRST = 'https://shop.example.com/first';
const SECOND = 'https://shop.example.com/second';
const BUTTON = 'https://shop.example.com/book';

describe('public hits (pixel, click, viewer page)', () => {
  let t: TestApp;
  let owner: Client;
  let anonymous: Client;
  let videoId: string;
  let snippet: Record<string, any>;

  const click = (who: Client, id: string, receiver: string, target: string) => who.get(`/t/c/${id}?v=${encodeURIComponent(receiver)}&u=${encodeURIComponent(target)}`);
  const edit = (over: Record<string, unknown>) =>
    owner
      .put('/api/snippets')
      .send(snippetPayload(videoId, { snippetId: snippet.snippet, title: 'First title', landingPageUrl: FIRST, ctaButtonsJSON: buttonsJson([{ title: 'Book', url: BUTTON }]), ...over }))
      .expect(200);

  beforeAll(async () => {
    t = await startTestApp();
    owner = (await signUp(t)).client;
    anonymous = await newClient(t);
    videoId = (await readyVideo(owner)).videoId;
    snippet = await createSnippet(owner, snippetPayload(videoId, { title: 'First title', landingPageUrl: FIRST, ctaButtonsJSON: buttonsJson([{ title: 'Book', url: BUTTON }]) }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends a click to the new target as soon as the owner changes it, and the old one to the web view', async () => {
    const id = snippet.snippet as string;
    // Twice: the second answer comes from the cache.
    for (let i = 0; i < 2; i++) expect((await click(anonymous, id, 'a@example.com', FIRST).expect(302)).headers.location).toBe(FIRST);
    await edit({ landingPageUrl: SECOND });
    expect((await click(anonymous, id, 'a@example.com', SECOND).expect(302)).headers.location).toBe(SECOND);
    expect((await click(anonymous, id, 'a@example.com', FIRST).expect(302)).headers.location).toBe(`${BASE}/eyemail/${id}?v=a%40example.com`);
    const stored = await sql<{ target: string | null }>(t, `select target from engagement where kind = 'click' and snippet_id = ? order by id`, [id]);
    expect(stored.map((r) => r.target)).toEqual([FIRST, FIRST, SECOND, null]);
    await edit({ landingPageUrl: FIRST });
  });

  it('shows the new title recipients see on the viewer page as soon as the owner changes it, and a switched-off EyeMail no more', async () => {
    const id = snippet.snippet as string;
    for (const path of [`/live/${id}?v=a%40example.com`, `/eyemail/${id}?v=a%40example.com`, `/live/${id}`]) {
      expect((await anonymous.get(path).expect(200)).text).toContain('<title>First title | EyeMail</title>');
    }
    await edit({ publicTitle: 'Second title' });
    for (const path of [`/live/${id}?v=a%40example.com`, `/eyemail/${id}?v=a%40example.com`, `/live/${id}`]) {
      const text = (await anonymous.get(path).expect(200)).text;
      expect(text).toContain('<title>Second title | EyeMail</title>');
      expect(text).not.toContain('First title');
    }
    await owner.put('/api/snippets/status').send({ snippetId: id, status: false }).expect(200);
    await anonymous.get(`/live/${id}?v=a%40example.com`).expect(404);
    await owner.put('/api/snippets/status').send({ snippetId: id, status: true }).expect(200);
    await anonymous.get(`/live/${id}?v=a%40example.com`).expect(200);
    await edit({});
  });

  it("gives each recipient their own page from the cached one: their address, escaped, and their tracked links", async () => {
    const id = snippet.snippet as string;
    const people = ['ann@example.com', "o'brien+news@example.com", 'x"><b>x</b>@example.com'];
    for (const who of people) {
      const text = (await anonymous.get(`/live/${id}?v=${encodeURIComponent(who)}`).expect(200)).text;
      const escaped = who.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
      expect(text).toContain(`data-receiver="${escaped}"`);
      expect(text).not.toContain('<b>x</b>');
      // Every tracked link on the page (landing page, button) carries this recipient, and clicking
      // it records them.
      const links = [...text.matchAll(/href="(http:\/\/eyemail\.test\/t\/c\/[^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&').replace(/&#x3D;/g, '='));
      expect(links.length).toBeGreaterThanOrEqual(2);
      for (const link of links) {
        expect(new URL(link).searchParams.get('v')).toBe(who);
      }
      const before = await sql(t, `select 1 from engagement where kind = 'click' and receiver = ?`, [who]);
      await anonymous.get(links[0].slice(BASE.length)).expect(302);
      const after = await sql(t, `select 1 from engagement where kind = 'click' and receiver = ?`, [who]);
      expect(after.length).toBe(before.length + 1);
    }
  });

  it('sets no cookie on any of them, even for a signed-in owner, and keeps the security headers', async () => {
    const id = snippet.snippet as string;
    for (const who of [anonymous, owner]) {
      const pixel = await who.get(`/t/o/${id}.gif?v=a%40example.com`).expect(200);
      const clicked = await click(who, id, 'a@example.com', FIRST).expect(302);
      const page = await who.get(`/live/${id}?v=a%40example.com`).expect(200);
      const web = await who.get(`/eyemail/${id}`).expect(200);
      for (const [name, res] of Object.entries({ pixel, clicked, page, web })) {
        expect([name, res.headers['set-cookie']]).toEqual([name, undefined]);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['referrer-policy']).toBe('no-referrer');
        expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      }
      expect(pixel.headers['content-type']).toBe('image/gif');
      expect(pixel.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
    // Over https (behind the trusted proxy), Strict-Transport-Security as on every response.
    const https = await anonymous.get(`/t/o/${id}.gif`).set('X-Forwarded-Proto', 'https').expect(200);
    expect(https.headers['strict-transport-security'] ?? 'none').toBe(t.config.trustProxy ? 'max-age=31536000; includeSubDomains' : 'none');
  });

  it('answers the viewer pages ahead of Express with the same security headers as the pages Express serves', async () => {
    const id = snippet.snippet as string;
    // The owner's email preview goes through helmet and Nest: the security headers must be the same.
    const nest = await owner.get(`/emailpreview/${id}`).expect(200);
    const security = (h: Record<string, string>) =>
      Object.fromEntries(Object.entries(h).filter(([k]) => /^(content-security-policy|cross-origin-|origin-agent-cluster|referrer-policy|x-)/.test(k)));
    expect(Object.keys(security(nest.headers)).length).toBeGreaterThan(8);
    for (const path of [`/live/${id}`, `/eyemail/${id}/`, `/LIVE/${id}`]) {
      const page = await anonymous.get(path).set('Accept-Encoding', 'identity').expect(200);
      expect([path, security(page.headers)]).toEqual([path, security(nest.headers)]);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers.etag).toBeUndefined();
      expect(Number(page.headers['content-length'])).toBe(Buffer.byteLength(page.text));
      // A HEAD is answered with the headers and no body (and stored as a machine's visit).
      const head = await anonymous.head(path).expect(200);
      expect([head.headers['content-length'], head.text ?? '']).toEqual([page.headers['content-length'], '']);
    }
    // Over https (behind the trusted proxy), Strict-Transport-Security; never over plain http.
    expect((await anonymous.get(`/live/${id}`)).headers['strict-transport-security']).toBeUndefined();
    const https = await anonymous.get(`/live/${id}`).set('X-Forwarded-Proto', 'https').expect(200);
    expect(https.headers['strict-transport-security'] ?? 'none').toBe(t.config.trustProxy ? 'max-age=31536000; includeSubDomains' : 'none');
    // An address that is no EyeMail's, even a broken escape, is the page saying so, not an error.
    for (const path of ['/live/%E0%A4%A', '/eyemail/no-such-eyemail']) {
      const missing = await anonymous.get(path).expect(404);
      expect([path, missing.headers['content-type'], missing.text]).toEqual([path, 'text/html; charset=utf-8', expect.stringContaining('No active campaign found.')]);
    }
    // Other methods are not the page: Express answers them as it always did.
    expect((await anonymous.post(`/live/${id}`)).status).toBe(404);
  });

  it('stores every pixel it answers, concurrent ones included', async () => {
    const id = snippet.snippet as string;
    const n = 40;
    const answers = await Promise.all(Array.from({ length: n }, (_, i) => anonymous.get(`/t/o/${id}.gif?v=batch-${i}%40example.com`)));
    expect(answers.map((r) => r.status)).toEqual(Array(n).fill(200));
    const rows = await sql<{ receiver: string }>(t, `select receiver from engagement where kind = 'open' and receiver like 'batch-%'`);
    expect(rows.map((r) => r.receiver).sort()).toEqual(Array.from({ length: n }, (_, i) => `batch-${i}@example.com`).sort());
  });
});
