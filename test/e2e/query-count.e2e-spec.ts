// Listing or exporting EyeMails costs a constant number of database queries, however many
// EyeMails there are and however many files each one uses (reads between modules are batched).
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, type Client } from '../support/account-factory.js';
import { countQueries } from '../support/query-counter.js';
import { createSnippet, readyVideo, snippetPayload, tinyGif, tinyPng, uploadFile } from '../support/snippet-factory.js';

jest.setTimeout(300_000);

// The queries that read EyeMails and their media (the session's own queries are left out: its
// expiry is refreshed only now and then).
const dataQueries = (queries: string[]) => queries.filter((q) => /\b(snippet|media_file|video_encoding)\b/.test(q));
// The request's own queries: the in-process job queue polls the job table once a second for each
// job name in the background, whatever the request does.
const requestQueries = (queries: string[]) => queries.filter((q) => !/\bjob\b/.test(q));

describe('query counts', () => {
  let t: TestApp;
  let owner: Client;
  let ownerEmail: string;
  let videoId: string;
  let media: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp();
    ({ client: owner, email: ownerEmail } = await signUp(t));
    ({ videoId } = await readyVideo(owner, ['none']));
    media = {
      logoImageId: (await uploadFile(owner, 'logo', tinyPng('red'))).fileId,
      coverImageId: (await uploadFile(owner, 'cover', tinyPng('blue', '300x100'))).fileId,
      gifId: (await uploadFile(owner, 'gif', tinyGif())).fileId,
      videoLogoImgId: (await uploadFile(owner, 'videoIcon', tinyPng('green', '48x48'))).fileId,
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = () =>
    countQueries(t, async () => {
      const res = await owner.get('/api/snippets');
      expect(res.status).toBe(200);
      return res.body.body as { snippet: string; logoImageUrl: string | null; encoding: { state: string } }[];
    });

  it('lists 50 EyeMails with the same queries as 2', async () => {
    for (let i = 0; i < 2; i++) await createSnippet(owner, snippetPayload(videoId, { title: `EyeMail ${i}`, ...media }));
    const two = await list();
    expect(two.result).toHaveLength(2);

    for (let i = 2; i < 50; i++) await createSnippet(owner, snippetPayload(videoId, { title: `EyeMail ${i}`, ...media }));
    const fifty = await list();
    expect(fifty.result).toHaveLength(50);
    // Every item still carries its media.
    for (const s of fifty.result) {
      expect(s.logoImageUrl).toMatch(/^http:\/\/eyemail\.test\//);
      expect(s.encoding.state).toBe('completed');
    }
    // the snippets, their files, their encodings: the same three queries for 2 or 50
    expect(dataQueries(fifty.queries)).toHaveLength(3);
    expect(dataQueries(two.queries)).toHaveLength(3);
    // and nothing else grows with the list (the session and user lookups stay as they are)
    expect(requestQueries(fifty.queries).length).toBeLessThanOrEqual(requestQueries(two.queries).length + 1);
  });

  it('exports an EyeMail with all its media in three queries', async () => {
    const full = await createSnippet(owner, snippetPayload(videoId, { title: 'Full', ...media }));
    const plain = await createSnippet(owner, snippetPayload(videoId, { title: 'Plain' }));
    const exportOf = (id: string) =>
      countQueries(t, async () => {
        const res = await owner.get(`/api/snippets/${id}/html?emailPlatform=mailchimp`);
        expect(res.status).toBe(200);
        return res.body.body.html as string;
      });
    const a = await exportOf(full.snippet);
    const b = await exportOf(plain.snippet);
    expect(a.result).toContain('<video');
    expect(b.result).toContain('<video');
    // the snippet, its four files at once, its encoding
    expect(dataQueries(a.queries)).toHaveLength(3);
    expect(dataQueries(b.queries).length).toBeLessThanOrEqual(3);
  });

  it("reads an API token's report with one read of its owner, with the token and their membership, and the EyeMail with the profile's zone name and the journal's waiting row", async () => {
    const { snippet } = await createSnippet(owner, snippetPayload(videoId, { title: 'Report' }));
    const zones = (await owner.get('/api/timezones')).body.body as { timezoneId: number; timezoneName: string }[];
    const tokyo = zones.find((z) => z.timezoneName === 'Asia/Tokyo');
    expect(tokyo).toBeDefined();
    const profile = await owner.put('/api/users/profile').send({ firstName: 'Ann', lastName: 'Lee', email: ownerEmail, country: null, timezone: tokyo!.timezoneId });
    expect(profile.status).toBe(200);
    const made = await owner.post('/api/api-tokens').send({ name: 'Sheets' });
    expect(made.status).toBe(201);
    const { token } = made.body.body as { token: string };
    const read = await countQueries(t, async () => (await t.http.get(`/api/reports/${snippet}/summary`).set('Authorization', `Bearer ${token}`)).body);
    expect(read.result).toMatchObject({ result: true, body: { snippetId: snippet, title: 'Report', timeZone: 'Asia/Tokyo' } });
    // the EyeMail, checked to be the token's workspace's, and the zone's name: one statement
    const snippetReads = read.queries.filter((q) => /\bfrom\s+"?snippet"?\s/.test(q));
    expect(snippetReads).toHaveLength(1);
    expect(snippetReads[0]).toMatch(/\bworkspace_id\b/);
    expect(snippetReads[0]).toMatch(/\btimezone\b/);
    // whether any of its events wait in the ingest's journal, in that statement too: with none
    // waiting, nothing else is asked of the ingest
    expect(snippetReads[0]).toMatch(/\bingest_journal\b/);
    expect(read.queries.filter((q) => /\bingest_journal\b/.test(q))).toHaveLength(1);
    const userReads = read.queries.filter((q) => /\bapp_user\b/.test(q));
    expect(userReads).toHaveLength(1);
    // the token, its maker and their membership of its workspace in that one statement
    expect(userReads[0]).toMatch(/\bapi_token\b/);
    expect(userReads[0]).toMatch(/\bworkspace_member\b/);
    expect(read.queries.filter((q) => /\bworkspace_member\b/.test(q))).toHaveLength(1);
  });
});
