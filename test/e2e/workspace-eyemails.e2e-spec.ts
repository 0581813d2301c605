// EyeMails and their reports belong to a workspace (issue 36): an EyeMail an editor makes in a
// company is the company's. Every member reads it, its report, CSV, feeds and export; editors and
// above change it; a viewer gets 403 on a change; anyone outside the company, and a member acting
// in their personal workspace, gets 404 as if it did not exist. An EyeMail is made only from the
// workspace's own library.
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signIn, signUp, sql, type Client, type SignedUpUser } from '../support/account-factory.js';
import { createSnippet, readyVideo, snippetPayload, tinyPng, uploadFile } from '../support/snippet-factory.js';
import { insertEngagement } from '../support/engagement-factory.js';
import { companyWithTeam, type TestCompany } from '../support/workspace-factory.js';

jest.setTimeout(180_000);

const NOT_FOUND = { result: false, message: 'EyeMail not found.', body: null, errors: null };
const ROLE_REFUSAL = (label: string) => `Your role in this workspace (${label}) does not allow this. Ask its owner or an admin.`;
const ids = (list: { snippet: string }[]) => list.map((s) => s.snippet);

describe('EyeMails in a company workspace', () => {
  let t: TestApp;
  let team: TestCompany;
  let outsider: SignedUpUser;
  // the same people signed in again, acting in their personal workspace (no X-Workspace-Id)
  let editorPersonal: Client;
  let viewerPersonal: Client;
  let companyVideo: string;
  let companyLogo: string;
  let editorsOwnVideo: string;
  let eyemail: Record<string, any>;

  // Every call on one EyeMail, by name: read, links, export, report, CSV, feeds, then the changes.
  const READS = ['read', 'readByBody', 'urls', 'slug', 'exportHtml', 'report', 'summary', 'engagement', 'plays', 'csv', 'feedJson', 'feedXml'] as const;
  const everyCall = (c: Client, id: string, videoId: string) => ({
    read: () => c.get(`/api/snippets/${id}`),
    readByBody: () => c.post('/api/snippets/snippetId').send({ snippetId: id }),
    urls: () => c.get(`/api/snippets/${id}/u`),
    slug: () => c.get(`/api/snippets/${id}/slug`),
    exportHtml: () => c.get(`/api/snippets/${id}/html`),
    report: () => c.get(`/api/reports/${id}`),
    summary: () => c.get(`/api/reports/${id}/summary`),
    engagement: () => c.get(`/api/reports/${id}/engagement`),
    plays: () => c.get(`/api/reports/${id}/plays`),
    csv: () => c.get(`/api/reports/${id}/download`),
    feedJson: () => c.get(`/api/reports/${id}/feed/json`),
    feedXml: () => c.get(`/api/reports/${id}/feed/xml`),
    update: () => c.put('/api/snippets').send(snippetPayload(videoId, { snippetId: id, title: 'Taken over' })),
    deactivate: () => c.put('/api/snippets/status').send({ snippetId: id, status: false }),
    remove: () => c.delete(`/api/snippets/${id}`),
    removeByBody: () => c.delete('/api/snippets').send({ SnippetId: id }),
  });

  beforeAll(async () => {
    t = await startTestApp();
    team = await companyWithTeam(t);
    outsider = await signUp(t, { fullName: 'Otto Outsider' });
    const { editor, viewer } = team.members;
    editorPersonal = await signIn(t, editor.email, editor.password);
    viewerPersonal = await signIn(t, viewer.email, viewer.password);
    // The editor uploads and encodes in the company (their client acts in it)...
    ({ videoId: companyVideo } = await readyVideo(editor.client));
    companyLogo = (await uploadFile(editor.client, 'logo', tinyPng('red'))).fileId;
    // ...and has a video of their own in their personal library.
    ({ videoId: editorsOwnVideo } = await readyVideo(editorPersonal));
    eyemail = await createSnippet(editor.client, snippetPayload(companyVideo, { title: 'Company launch', logoImageId: companyLogo }));
    await insertEngagement(t, eyemail.snippet, { kind: 'open', at: '2026-01-10T17:00:00Z', receiver: 'ann@example.com', ip: '203.0.113.5', device: 'desktop', platform: 'Windows', client: 'Outlook' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("belongs to the company, with the editor who made it as its creator", async () => {
    const [row] = await sql<{ ownerId: string; workspaceId: string }>(t, 'select owner_id as "ownerId", workspace_id as "workspaceId" from snippet where id = ?', [eyemail.snippet]);
    expect(row).toEqual({ ownerId: team.members.editor.id, workspaceId: team.id });
  });

  it('every member lists and reads it, its links, export, report, CSV and feeds', async () => {
    for (const member of [team.owner, team.members.admin, team.members.editor, team.members.viewer]) {
      const c = member.client;
      expect(ids((await c.get('/api/snippets').expect(200)).body.body)).toEqual([eyemail.snippet]);
      expect(ids((await c.get('/api/snippets/brief').expect(200)).body.body)).toEqual([eyemail.snippet]);
      const calls = everyCall(c, eyemail.snippet, companyVideo);
      const got: Partial<Record<(typeof READS)[number], Awaited<ReturnType<typeof calls.read>>>> = {};
      for (const name of READS) {
        const res = (got[name] = await calls[name]());
        expect([member.fullName, name, res.status]).toEqual([member.fullName, name, 200]);
      }
      expect(got.read!.body.body).toMatchObject({ snippet: eyemail.snippet, title: 'Company launch', videoId: companyVideo });
      expect(got.report!.body.body.map((r: { receiver: string }) => r.receiver)).toEqual(['ann@example.com']);
      expect(got.summary!.body.body).toMatchObject({ snippetId: eyemail.snippet, title: 'Company launch' });
      expect(got.csv!.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(got.csv!.text).toContain('ann@example.com');
      // the export carries the company's brand and its logo from the company's library
      const { html } = got.exportHtml!.body.body;
      expect(html).toContain(`/m/${eyemail.snippet}/logo" width="120" height="60" alt="Acme Marketing"`);
    }
    // the email preview and the living logo are the company's too
    expect((await t.http.get(`/emailpreview/${eyemail.snippet}`)).text).toContain('alt="Acme Marketing"');
    expect((await t.http.get(`/m/${eyemail.snippet}/logo`)).status).toBe(200);
  });

  it("is not in the personal list of the editor who made it, nor of any member", async () => {
    for (const c of [editorPersonal, viewerPersonal]) {
      expect((await c.get('/api/snippets').expect(200)).body.body).toEqual([]);
      expect((await c.get('/api/snippets/brief').expect(200)).body.body).toEqual([]);
    }
  });

  it('is 404 for an outsider and for members acting in their personal workspace, on every call, and nothing changes', async () => {
    for (const [who, c, videoId] of [
      ['outsider', outsider.client, companyVideo],
      ['editor, personal', editorPersonal, editorsOwnVideo],
      ['viewer, personal', viewerPersonal, companyVideo],
    ] as const) {
      const calls = everyCall(c, eyemail.snippet, videoId);
      for (const [name, call] of Object.entries(calls)) {
        const res = await call();
        expect([who, name, res.status]).toEqual([who, name, 404]);
        // the CSV and XML routes answer their failures in JSON too
        expect([who, name, res.body]).toEqual([who, name, NOT_FOUND]);
      }
    }
    // an outsider who names the company is not let in either
    const named = await signIn(t, outsider.email, outsider.password);
    named.workspace = team.id;
    expect((await named.get(`/api/snippets/${eyemail.snippet}`)).status).toBe(404);
    expect((await named.get(`/api/reports/${eyemail.snippet}/download`)).status).toBe(404);
    expect((await named.get('/api/snippets')).status).toBe(404);
    const still = (await team.owner.client.get(`/api/snippets/${eyemail.snippet}`).expect(200)).body.body;
    expect(still).toMatchObject({ title: 'Company launch', status: true });
  });

  it('refuses the viewer every change with 403, and serves them the report and the CSV', async () => {
    const viewer = team.members.viewer.client;
    const refusal = { result: false, message: ROLE_REFUSAL('Viewer'), body: null, errors: null };
    const changes = [
      viewer.post('/api/snippets').send(snippetPayload(companyVideo, { title: 'By the viewer' })),
      viewer.put('/api/snippets').send(snippetPayload(companyVideo, { snippetId: eyemail.snippet, title: 'By the viewer' })),
      viewer.put('/api/snippets/status').send({ snippetId: eyemail.snippet, status: false }),
      viewer.put('/api/snippets/status').send({ snippetId: eyemail.snippet, status: true }),
      viewer.delete(`/api/snippets/${eyemail.snippet}`),
      viewer.delete('/api/snippets').send({ SnippetId: eyemail.snippet }),
    ];
    for (const res of await Promise.all(changes)) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(refusal);
    }
    expect((await viewer.get(`/api/reports/${eyemail.snippet}`)).status).toBe(200);
    const csv = await viewer.get(`/api/reports/${eyemail.snippet}/download`);
    expect([csv.status, csv.headers['content-type']]).toEqual([200, 'text/csv; charset=utf-8']);
    // nothing changed, nothing was added
    expect(ids((await viewer.get('/api/snippets')).body.body)).toEqual([eyemail.snippet]);
    expect((await viewer.get(`/api/snippets/${eyemail.snippet}`)).body.body).toMatchObject({ title: 'Company launch', status: true });
  });

  it("is made only from the company's library: a video or logo of someone's personal library is 404", async () => {
    const editor = team.members.editor.client;
    const ownersOwnVideo = (await readyVideo(await signIn(t, team.owner.email, team.owner.password))).videoId;
    const personalLogo = (await uploadFile(editorPersonal, 'logo', tinyPng('blue'))).fileId;
    for (const payload of [
      snippetPayload(editorsOwnVideo, { title: 'From my own library' }),
      snippetPayload(ownersOwnVideo, { title: "From the owner's own library" }),
      snippetPayload(companyVideo, { title: 'With my own logo', logoImageId: personalLogo }),
    ]) {
      const res = await editor.post('/api/snippets').send(payload);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ result: false, message: 'File not found.' });
      const update = await editor.put('/api/snippets').send({ ...payload, snippetId: eyemail.snippet });
      expect(update.status).toBe(404);
    }
    // and the other way round: the company's video is not in the editor's personal library
    expect((await editorPersonal.post('/api/snippets').send(snippetPayload(companyVideo))).status).toBe(404);
    expect(ids((await editor.get('/api/snippets')).body.body)).toEqual([eyemail.snippet]);
    expect((await editorPersonal.get('/api/snippets')).body.body).toEqual([]);
  });

  it('lets every member preview it while it is inactive, and no one else', async () => {
    await team.members.editor.client.put('/api/snippets/status').send({ snippetId: eyemail.snippet, status: false }).expect(200);
    try {
      for (const member of [team.owner, team.members.admin, team.members.editor, team.members.viewer]) {
        const page = await member.client.get(`/livePreview/${eyemail.snippet}`);
        expect([member.fullName, page.status]).toEqual([member.fullName, 200]);
        expect(page.text).toContain('This EyeMail is inactive');
        expect((await member.client.get(`/emailpreview/${eyemail.snippet}`)).status).toBe(200);
      }
      expect((await outsider.client.get(`/livePreview/${eyemail.snippet}`)).status).toBe(404);
      expect((await outsider.client.get(`/emailpreview/${eyemail.snippet}`)).status).toBe(404);
      expect((await t.http.get(`/live/${eyemail.snippet}`)).status).toBe(404);
    } finally {
      await team.members.editor.client.put('/api/snippets/status').send({ snippetId: eyemail.snippet, status: true }).expect(200);
    }
  });

  it('lets the owner and an admin change what an editor made; its creator stays the editor', async () => {
    const admin = team.members.admin.client;
    const updated = await admin.put('/api/snippets').send(snippetPayload(companyVideo, { snippetId: eyemail.snippet, title: 'Company launch, v2', logoImageId: companyLogo }));
    expect(updated.status).toBe(200);
    expect(updated.body.body).toMatchObject({ title: 'Company launch, v2' });
    await team.owner.client.put('/api/snippets/status').send({ snippetId: eyemail.snippet, status: false }).expect(200);
    await admin.put('/api/snippets/status').send({ snippetId: eyemail.snippet, status: true }).expect(200);
    const [row] = await sql<{ ownerId: string; workspaceId: string }>(t, 'select owner_id as "ownerId", workspace_id as "workspaceId" from snippet where id = ?', [eyemail.snippet]);
    expect(row).toEqual({ ownerId: team.members.editor.id, workspaceId: team.id });

    // the owner's own EyeMail in the company is the editor's to read too, and the owner deletes it
    const ownersOwn = await createSnippet(team.owner.client, snippetPayload(companyVideo, { title: "The owner's" }));
    expect((await team.members.editor.client.get(`/api/snippets/${ownersOwn.snippet}`)).status).toBe(200);
    await team.members.editor.client.delete(`/api/snippets/${ownersOwn.snippet}`).expect(200);
    expect((await team.owner.client.get(`/api/snippets/${ownersOwn.snippet}`)).status).toBe(404);
  });
});
