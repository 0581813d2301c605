// Personal API tokens and feed links through HTTP on the real app: made once and shown once,
// stored hashed, listed with their last use, revoked; a token reads its owner's reports and
// feeds and nothing else (every other route of the app, read from the app itself, refuses it);
// feed links open an EyeMail's feeds and CSV with their key only, and a reset ends the old link.
import { createHash } from 'node:crypto';
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { newClient, signInAdmin, signUp, sql, type SignedUpUser } from '../support/account-factory.js';
import { createSnippet, readyVideo, snippetPayload } from '../support/snippet-factory.js';
import { insertEngagement } from '../support/engagement-factory.js';
import { listRoutes } from '../support/route-table.js';

jest.setTimeout(180_000);

const ADMIN_EMAIL = 'admin@eyemail.test';
const ADMIN_PASSWORD = 'admin-pass-1';
const OWNER_TITLE = 'Spring launch 3f9c';

let t: TestApp;
let owner: SignedUpUser;
let other: SignedUpUser;
let snippetId: string;
let otherSnippetId: string;
let secondSnippetId: string;

const bearer = (token: string) => `Bearer ${token}`;
const getWith = (path: string, token: string) => t.http.get(path).set('Authorization', bearer(token));

async function makeToken(user: SignedUpUser, name = 'Sheets') {
  const res = await user.client.post('/api/api-tokens').send({ name });
  expect(res.status).toBe(201);
  return res.body.body as { id: string; token: string; name: string; hint: string; lastUsedAt: string | null };
}

beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAIL, ADMIN_PASSWORD });
  owner = await signUp(t, { fullName: 'Olga Owner' });
  other = await signUp(t, { fullName: 'Otto Other' });
  const { videoId } = await readyVideo(owner.client);
  snippetId = (await createSnippet(owner.client, snippetPayload(videoId, { title: OWNER_TITLE }))).snippet;
  secondSnippetId = (await createSnippet(owner.client, snippetPayload(videoId, { title: 'Second one' }))).snippet;
  const otherVideo = await readyVideo(other.client);
  otherSnippetId = (await createSnippet(other.client, snippetPayload(otherVideo.videoId, { title: 'Not yours' }))).snippet;
  await insertEngagement(t, snippetId, { kind: 'open', at: new Date(Date.now() - 3_600_000).toISOString(), receiver: 'reader@example.com', ip: '203.0.113.5' });
  await insertEngagement(t, snippetId, { kind: 'click', at: new Date(Date.now() - 3_000_000).toISOString(), receiver: 'reader@example.com', ip: '203.0.113.5', target: 'https://shop.example.com/' });
});

afterAll(async () => t?.close());

describe('API tokens', () => {
  it('are shown once, stored only as a hash, and listed with their hint and last use', async () => {
    const made = await makeToken(owner, '  Google   Sheets ');
    expect(made.token).toMatch(/^eym_[A-Za-z0-9_-]{43}$/);
    expect(made.name).toBe('Google Sheets');
    const [row] = await sql<{ token_hash: string; all: string }>(t, 'select token_hash, row_to_json(api_token)::text as all from api_token where id = ?', [made.id]);
    expect(row.token_hash).toBe(createHash('sha256').update(made.token).digest('hex'));
    expect(row.all).not.toContain(made.token);

    const list = (await owner.client.get('/api/api-tokens').expect(200)).body.body as Record<string, unknown>[];
    const listed = list.find((x) => x.id === made.id)!;
    expect(listed).toMatchObject({ name: 'Google Sheets', lastUsedAt: null, scopes: ['reports:read'] });
    expect(String(listed.hint)).toBe(`${made.token.slice(0, 10)}…`);
    expect(JSON.stringify(list)).not.toContain(made.token);
    // Another user sees none of them.
    expect((await other.client.get('/api/api-tokens').expect(200)).body.body).toEqual([]);

    await getWith(`/api/reports/${snippetId}/feed/json`, made.token).expect(200);
    const after = (await owner.client.get('/api/api-tokens').expect(200)).body.body as { id: string; lastUsedAt: string | null }[];
    expect(after.find((x) => x.id === made.id)!.lastUsedAt).not.toBeNull();
  });

  it('refuses a nameless or over-long name with a field error and stores nothing', async () => {
    const before = await sql(t, 'select id from api_token');
    for (const name of ['', '   ', undefined, 'x'.repeat(81), 42]) {
      const res = await owner.client.post('/api/api-tokens').send(name === undefined ? {} : { name });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ result: false });
      expect(res.body.errors.name).toBeTruthy();
    }
    expect(await sql(t, 'select id from api_token')).toHaveLength(before.length);
  });

  it("read the owner's reports, summary, CSV and feeds, and nobody else's", async () => {
    const { token } = await makeToken(owner);
    const records = await getWith(`/api/reports/${snippetId}`, token).expect(200);
    expect(records.body.body).toHaveLength(2);
    const feed = await getWith(`/api/reports/${snippetId}/feed/json`, token).expect(200);
    expect(feed.body.body.snippet.title).toBe(OWNER_TITLE);
    expect((await getWith(`/api/reports/${snippetId}/feed/xml`, token).expect(200)).text).toContain(OWNER_TITLE);
    expect((await getWith(`/api/reports/${snippetId}/download`, token).expect(200)).text).toContain('reader@example.com');
    await getWith(`/api/reports/${snippetId}/summary`, token).expect(200);
    await getWith('/api/reports/filter/devices', token).expect(200);
    // Another user's EyeMail is "not found", as with a session.
    const theirs = await getWith(`/api/reports/${otherSnippetId}/feed/json`, token);
    expect(theirs.status).toBe(404);
    expect(theirs.text).not.toContain('Not yours');
  });

  it('opens no other route of the app, whatever its owner may do with a session', async () => {
    const { token } = await makeToken(owner, 'Scope check');
    // A client with the CSRF cookie (so state-changing calls reach the guard) and no session.
    const anon = await newClient(t);
    const routes = listRoutes(t.app).filter((r) => r.access !== 'public');
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    for (const r of routes) {
      const path = r.path.replace(/:snippetId/g, snippetId).replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000').replace('*key', 'x');
      const req = (anon as unknown as Record<string, (p: string) => import('supertest').Test>)[r.method.toLowerCase()](path).set('Authorization', bearer(token));
      // A HEAD carries no body.
      const res = await (r.method === 'HEAD' ? req : req.send({}));
      const scoped = r.controller === 'ReportsController';
      if (scoped) {
        if (res.status === 401 || res.status === 403) failures.push(`${r.method} ${r.path}: in scope but ${res.status}`);
      } else if (res.status !== 403 || (r.method !== 'HEAD' && !/only reads reports and feeds/.test(res.body?.message ?? ''))) {
        failures.push(`${r.method} ${r.path}: ${res.status} ${(res.text ?? '').slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    // Profile, snippets and uploads really stayed as they were.
    expect((await owner.client.get('/api/users/profile').expect(200)).body.body.firstName).toBe('Olga');
    expect((await owner.client.get(`/api/snippets/${snippetId}`).expect(200)).body.body.title).toBe(OWNER_TITLE);
  });

  it("is the token's owner even when a session of someone else comes with it, and never more", async () => {
    const { token } = await makeToken(owner, 'Mixed');
    // The other user's browser session plus the owner's token: the token decides, within scope.
    const feed = await other.client.get(`/api/reports/${snippetId}/feed/json`).set('Authorization', bearer(token));
    expect(feed.status).toBe(200);
    const profile = await other.client.get('/api/users/profile').set('Authorization', bearer(token));
    expect(profile.status).toBe(403);
    // An admin's token is no admin.
    const admin = await signInAdmin(t);
    const adminToken = (await admin.post('/api/api-tokens').send({ name: 'admin' }).expect(201)).body.body.token as string;
    expect((await getWith('/api/Admin/GetAllUserData', adminToken)).status).toBe(403);
  });

  it('stops working when revoked, and a wrong or malformed token opens nothing', async () => {
    const made = await makeToken(owner, 'Short-lived');
    await getWith(`/api/reports/${snippetId}/summary`, made.token).expect(200);
    expect((await other.client.delete(`/api/api-tokens/${made.id}`)).status).toBe(404);
    await getWith(`/api/reports/${snippetId}/summary`, made.token).expect(200);
    await owner.client.delete(`/api/api-tokens/${made.id}`).expect(200);
    const gone = await getWith(`/api/reports/${snippetId}/summary`, made.token);
    expect(gone.status).toBe(401);
    expect(gone.body).toMatchObject({ result: false, message: expect.stringMatching(/not valid/) });
    expect((await owner.client.get('/api/api-tokens').expect(200)).body.body.map((x: { id: string }) => x.id)).not.toContain(made.id);
    for (const header of ['Bearer', 'Bearer ', `Bearer ${made.token}x`, 'Bearer eym_short', `Bearer ${'a'.repeat(47)}`]) {
      const res = await t.http.get(`/api/reports/${snippetId}/summary`).set('Authorization', header);
      expect(res.status).toBe(401);
    }
  });

  it("stops working when its owner's account is deactivated", async () => {
    const user = await signUp(t, { fullName: 'Dee Activated' });
    const { token } = await makeToken(user);
    await getWith('/api/reports/filter/devices', token).expect(200);
    await sql(t, 'update app_user set is_active = false where id = ?', [user.id]);
    expect((await getWith('/api/reports/filter/devices', token)).status).toBe(403);
  });

  it('is rate limited per token (429 with Retry-After), other tokens unaffected', async () => {
    const a = await makeToken(owner, 'Busy');
    const b = await makeToken(owner, 'Quiet');
    let last = 0;
    let retryAfter: string | undefined;
    for (let i = 0; i < 121; i++) {
      const res = await getWith('/api/reports/filter/devices', a.token);
      last = res.status;
      retryAfter = res.headers['retry-after'];
      if (i < 120) expect(res.status).toBe(200);
    }
    expect(last).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    await getWith('/api/reports/filter/devices', b.token).expect(200);
  });

  it('are listed in the OpenAPI document as a bearer scheme on the report routes', async () => {
    const doc = (await t.http.get('/api/docs/openapi.json').expect(200)).body;
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    // The tokens are opaque eym_ strings, not JWTs (NestJS swagger's default bearerFormat).
    expect(doc.components.securitySchemes.bearer.bearerFormat).toMatch(/^eym_/);
    expect(JSON.stringify(doc)).not.toMatch(/JWT/i);
    expect(doc.paths['/api/reports/{snippetId}/feed/json'].get.security).toEqual(expect.arrayContaining([{ bearer: [] }]));
    // The feed and CSV routes name the feed link's key.
    for (const p of ['/api/reports/{snippetId}/feed/json', '/api/reports/{snippetId}/feed/xml', '/api/reports/{snippetId}/download']) {
      expect(doc.paths[p].get.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'key', in: 'query', required: false })]));
    }
  });
});

describe('feed links', () => {
  const withoutSession = (url: string) => t.http.get(new URL(url).pathname + new URL(url).search);

  it("open the EyeMail's JSON, XML and CSV with the key alone, at absolute addresses", async () => {
    expect((await owner.client.get(`/api/feed-links/${snippetId}`).expect(200)).body.body).toBeNull();
    const link = (await owner.client.post(`/api/feed-links/${snippetId}`).expect(200)).body.body;
    expect(link.urls.json).toMatch(new RegExp(`^http://eyemail\\.test/api/reports/${snippetId}/feed/json\\?key=[A-Za-z0-9_-]{32}$`));
    expect((await owner.client.get(`/api/feed-links/${snippetId}`).expect(200)).body.body.urls).toEqual(link.urls);
    const json = await withoutSession(link.urls.json).expect(200);
    expect(json.body.body.snippet.title).toBe(OWNER_TITLE);
    expect((await withoutSession(link.urls.xml).expect(200)).text).toContain(OWNER_TITLE);
    const csv = await withoutSession(link.urls.csv).expect(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.text).toContain('reader@example.com');
    // Filters still apply.
    expect((await withoutSession(`${link.urls.json}&page=1&size=1`).expect(200)).body.body.records).toHaveLength(1);
  });

  it('open nothing else: another EyeMail, the other report routes, a wrong key', async () => {
    const link = (await owner.client.post(`/api/feed-links/${snippetId}`).expect(200)).body.body;
    const key = new URL(link.urls.json).searchParams.get('key')!;
    // The key with its last character changed (to one it is not: a key ending in 'A' once made the
    // "wrong" key the right one, one run in 64).
    const wrongKey = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
    expect(wrongKey).not.toBe(key);
    for (const path of [
      `/api/reports/${secondSnippetId}/feed/json?key=${key}`,
      `/api/reports/${otherSnippetId}/feed/json?key=${key}`,
      `/api/reports/${snippetId}?key=${key}`,
      `/api/reports/${snippetId}/summary?key=${key}`,
      `/api/snippets/${snippetId}?key=${key}`,
      `/api/reports/${snippetId}/feed/json?key=${wrongKey}`,
      `/api/reports/${snippetId}/feed/json?key=`,
    ]) {
      const res = await t.http.get(path);
      expect([path, res.status]).toEqual([path, 401]);
      expect(res.text).not.toContain(OWNER_TITLE);
    }
  });

  it('are made only by the owner, and a reset ends the old link at once', async () => {
    expect((await other.client.post(`/api/feed-links/${snippetId}`)).status).toBe(404);
    expect((await other.client.get(`/api/feed-links/${snippetId}`)).status).toBe(404);
    const first = (await owner.client.post(`/api/feed-links/${snippetId}`).expect(200)).body.body;
    await withoutSession(first.urls.json).expect(200);
    const second = (await owner.client.post(`/api/feed-links/${snippetId}`).expect(200)).body.body;
    expect(second.urls.json).not.toBe(first.urls.json);
    const old = await withoutSession(first.urls.json);
    expect(old.status).toBe(401);
    expect(old.body.message).toMatch(/reset/);
    await withoutSession(second.urls.csv).expect(200);
    await owner.client.delete(`/api/feed-links/${snippetId}`).expect(200);
    expect((await withoutSession(second.urls.json)).status).toBe(401);
  });
});
