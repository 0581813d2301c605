// Integrations in a company workspace, through HTTP on the real app: API tokens and webhook
// endpoints belong to the workspace they were made in, are managed by its owner and admins only
// (editors and viewers get 403), and read or hear that workspace's EyeMails only; a token or a
// feed link stops opening anything once its maker is no longer a member; notifications stay the
// EyeMail creator's. The company's EyeMails are made by its admin, then moved into the company
// with SQL (what the EyeMail routes do in a workspace is the snippets module's tests' business).
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, sql, type SignedUpUser } from '../support/account-factory.js';
import { addMember, companyWithTeam, type TestCompany } from '../support/workspace-factory.js';
import { createSnippet, readyVideo, snippetPayload } from '../support/snippet-factory.js';
import { startReceiver, type TestReceiver } from '../support/webhook-receiver.js';
import { waitFor } from '../support/wait.js';
import { REAL_AGENTS as UA } from '../../src/ingest/user-agents.fixtures.js';

jest.setTimeout(180_000);

let t: TestApp;
let rx: TestReceiver;
let co: TestCompany;
let admin: SignedUpUser;
// made by the admin: one in the company, one in the admin's personal workspace
let companySnippet: string;
let personalSnippet: string;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const read = (path: string, token: string) => t.http.get(path).set(bearer(token));
const open = (sid: string, who: string) => t.http.get(`/t/o/${sid}.gif?v=${encodeURIComponent(who)}`).set('User-Agent', UA.outlookWindows).expect(200);
const hooksFor = (path: string) => rx.received.filter((h) => h.path === path);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Runs `fn` with the user's calls acting in their personal workspace, then back in the company.
async function inPersonal<T>(user: SignedUpUser, fn: () => Promise<T>): Promise<T> {
  const before = user.client.workspace;
  user.client.workspace = undefined;
  try {
    return await fn();
  } finally {
    user.client.workspace = before;
  }
}

async function makeToken(user: SignedUpUser, name: string) {
  const res = await user.client.post('/api/api-tokens').send({ name });
  expect(res.status).toBe(201);
  return res.body.body as { id: string; token: string; createdBy: { id: string; fullName: string } };
}

async function addEndpoint(user: SignedUpUser, body: Record<string, unknown>) {
  const res = await user.client.post('/api/webhooks').send(body);
  expect(res.status).toBe(201);
  return res.body.body as { id: string; secret: string };
}

beforeAll(async () => {
  rx = await startReceiver();
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_TIMEOUT_SECONDS: '2', REDIS_URL: process.env.REDIS_URL });
  co = await companyWithTeam(t);
  admin = co.members.admin;
  await inPersonal(admin, async () => {
    const { videoId } = await readyVideo(admin.client);
    companySnippet = (await createSnippet(admin.client, snippetPayload(videoId, { title: 'Company launch' }))).snippet;
    personalSnippet = (await createSnippet(admin.client, snippetPayload(videoId, { title: 'Admin side project' }))).snippet;
  });
  await sql(t, 'update snippet set workspace_id = ? where id = ?', [co.id, companySnippet]);
});

afterAll(async () => {
  await t?.close();
  await rx?.close();
});

describe('API tokens in a company', () => {
  it("made by an admin read the company's EyeMails only, not the admin's personal ones", async () => {
    const made = await makeToken(admin, 'Company dashboard');
    expect(made.createdBy).toEqual({ id: admin.id, fullName: 'Adam Admin' });
    const [row] = await sql<{ workspace_id: string; user_id: string }>(t, 'select workspace_id::text, user_id::text from api_token where id = ?', [made.id]);
    expect(row).toEqual({ workspace_id: co.id, user_id: admin.id });

    await read(`/api/reports/${companySnippet}/summary`, made.token).expect(200);
    await read(`/api/reports/${companySnippet}/feed/json`, made.token).expect(200);
    // The admin's personal EyeMail is another workspace's: not found, like a missing one, even
    // when the request names the admin's personal workspace.
    expect((await read(`/api/reports/${personalSnippet}/summary`, made.token)).status).toBe(404);
    expect((await read(`/api/reports/${personalSnippet}/summary`, made.token).set('X-Workspace-Id', admin.id)).status).toBe(404);

    // And the other way round: a token the admin makes in their personal workspace reads that.
    const own = await inPersonal(admin, () => makeToken(admin, 'Side project'));
    await read(`/api/reports/${personalSnippet}/summary`, own.token).expect(200);
    expect((await read(`/api/reports/${companySnippet}/summary`, own.token)).status).toBe(404);
    expect((await read(`/api/reports/${companySnippet}/summary`, own.token).set('X-Workspace-Id', co.id)).status).toBe(404);
  });

  it('are listed with who made each, and the owner revokes an admin\'s; the personal ones are not the company\'s', async () => {
    const theirs = await makeToken(admin, 'Looker');
    const personal = await inPersonal(admin, () => makeToken(admin, 'Only mine'));
    const list = (await co.owner.client.get('/api/api-tokens').expect(200)).body.body as { id: string; name: string; createdBy: { id: string; fullName: string } }[];
    expect(list.find((x) => x.id === theirs.id)).toMatchObject({ name: 'Looker', createdBy: { id: admin.id, fullName: 'Adam Admin' } });
    expect(list.some((x) => x.id === personal.id)).toBe(false);
    // The admin's personal list holds none of the company's.
    const personalList = (await inPersonal(admin, () => admin.client.get('/api/api-tokens').expect(200))).body.body as { id: string }[];
    expect(personalList.some((x) => x.id === theirs.id)).toBe(false);
    expect(personalList.some((x) => x.id === personal.id)).toBe(true);

    // The owner cannot revoke the admin's personal token from the company (another workspace's).
    expect((await co.owner.client.delete(`/api/api-tokens/${personal.id}`)).status).toBe(404);
    await read(`/api/reports/${personalSnippet}/summary`, personal.token).expect(200);

    await read(`/api/reports/${companySnippet}/summary`, theirs.token).expect(200);
    await co.owner.client.delete(`/api/api-tokens/${theirs.id}`).expect(200);
    expect((await read(`/api/reports/${companySnippet}/summary`, theirs.token)).status).toBe(401);
    const after = (await admin.client.get('/api/api-tokens').expect(200)).body.body as { id: string }[];
    expect(after.some((x) => x.id === theirs.id)).toBe(false);
  });

  it('and webhook endpoints are refused to editors and viewers (403), who change nothing', async () => {
    const token = await makeToken(admin, 'Stays');
    const endpoint = await addEndpoint(admin, { url: `${rx.url}/guarded`, events: ['eyemail.opened'] });
    const tokensBefore = await sql(t, 'select id from api_token where workspace_id = ?', [co.id]);
    const endpointsBefore = await sql(t, 'select id, url, enabled, secret from webhook_endpoint where workspace_id = ? order by id', [co.id]);
    for (const member of [co.members.editor, co.members.viewer]) {
      const c = member.client;
      const calls = [
        c.get('/api/api-tokens'),
        c.post('/api/api-tokens').send({ name: 'Sneaky' }),
        c.delete(`/api/api-tokens/${token.id}`),
        c.get('/api/webhooks'),
        c.post('/api/webhooks').send({ url: `${rx.url}/sneaky`, events: ['eyemail.opened'] }),
        c.put(`/api/webhooks/${endpoint.id}`).send({ enabled: false }),
        c.delete(`/api/webhooks/${endpoint.id}`),
        c.post(`/api/webhooks/${endpoint.id}/rotate-secret`),
        c.post(`/api/webhooks/${endpoint.id}/test`),
        c.get(`/api/webhooks/${endpoint.id}/deliveries`),
      ];
      for (const call of calls) {
        const res = await call;
        expect([res.status, res.body.result]).toEqual([403, false]);
        expect(res.body.message).toMatch(/role in this workspace .* does not allow this/);
      }
    }
    expect(await sql(t, 'select id from api_token where workspace_id = ?', [co.id])).toEqual(tokensBefore);
    expect(await sql(t, 'select id, url, enabled, secret from webhook_endpoint where workspace_id = ? order by id', [co.id])).toEqual(endpointsBefore);
    expect(hooksFor('/guarded')).toHaveLength(0);
    await read(`/api/reports/${companySnippet}/summary`, token.token).expect(200);

    // In their own personal workspace an editor is its owner: tokens and endpoints as before.
    const editor = co.members.editor;
    const own = await inPersonal(editor, () => makeToken(editor, 'Mine'));
    const [row] = await sql<{ workspace_id: string }>(t, 'select workspace_id::text from api_token where id = ?', [own.id]);
    expect(row.workspace_id).toBe(editor.id);
    await inPersonal(editor, () => editor.client.get('/api/webhooks').expect(200));
  });
});

describe('feed links in a company', () => {
  it('belong to the EyeMail\'s workspace; viewers read but do not make them; an EyeMail of another workspace is 404', async () => {
    const viewer = co.members.viewer;
    expect((await viewer.client.get(`/api/feed-links/${companySnippet}`).expect(200)).body.body).toBeNull();
    expect((await viewer.client.post(`/api/feed-links/${companySnippet}`)).status).toBe(403);
    expect((await viewer.client.delete(`/api/feed-links/${companySnippet}`)).status).toBe(403);
    // The admin's personal EyeMail, from the company: not found.
    expect((await admin.client.post(`/api/feed-links/${personalSnippet}`)).status).toBe(404);
    expect((await admin.client.get(`/api/feed-links/${personalSnippet}`)).status).toBe(404);
    expect(await sql(t, 'select snippet_id from feed_link where snippet_id = ?', [personalSnippet])).toEqual([]);

    const editor = co.members.editor;
    const link = (await editor.client.post(`/api/feed-links/${companySnippet}`).expect(200)).body.body as { urls: { json: string } };
    const [row] = await sql<{ workspace_id: string; user_id: string }>(t, 'select workspace_id::text, user_id::text from feed_link where snippet_id = ?', [companySnippet]);
    expect(row).toEqual({ workspace_id: co.id, user_id: editor.id });
    const url = new URL(link.urls.json);
    await t.http.get(url.pathname + url.search).expect(200);
    // The maker sees it; another member sees only their own (none).
    expect((await editor.client.get(`/api/feed-links/${companySnippet}`).expect(200)).body.body).toMatchObject({ snippetId: companySnippet });
    expect((await viewer.client.get(`/api/feed-links/${companySnippet}`).expect(200)).body.body).toBeNull();
    await editor.client.delete(`/api/feed-links/${companySnippet}`).expect(200);
    expect((await t.http.get(url.pathname + url.search)).status).toBe(401);
  });
});

describe('a member removed from the company', () => {
  it('has the token and the feed link they made there stop working (401); the owner\'s go on', async () => {
    const leaver = await signUp(t, { fullName: 'Rhea Removed' });
    await addMember(t, co.id, leaver, 'admin');
    leaver.client.workspace = co.id;
    const token = await makeToken(leaver, 'Leaving soon');
    const ownerToken = await makeToken(co.owner, 'Owner report');
    const link = (await leaver.client.post(`/api/feed-links/${companySnippet}`).expect(200)).body.body as { urls: { json: string; csv: string } };
    const json = new URL(link.urls.json);
    const csv = new URL(link.urls.csv);
    await read(`/api/reports/${companySnippet}/summary`, token.token).expect(200);
    await t.http.get(json.pathname + json.search).expect(200);

    await sql(t, 'delete from workspace_member where workspace_id = ? and user_id = ?', [co.id, leaver.id]);

    for (const res of [await read(`/api/reports/${companySnippet}/summary`, token.token), await read(`/api/reports/${companySnippet}/feed/json`, token.token)]) {
      expect([res.status, res.body.result]).toEqual([401, false]);
    }
    expect((await t.http.get(json.pathname + json.search)).status).toBe(401);
    expect((await t.http.get(csv.pathname + csv.search)).status).toBe(401);
    // Their session cannot act in the company any more either, and nothing else changed.
    expect((await leaver.client.get('/api/api-tokens')).status).toBe(404);
    await read(`/api/reports/${companySnippet}/summary`, ownerToken.token).expect(200);
    // The owner still sees the leaver's token and revokes it.
    const list = (await co.owner.client.get('/api/api-tokens').expect(200)).body.body as { id: string; createdBy: { fullName: string } }[];
    expect(list.find((x) => x.id === token.id)?.createdBy.fullName).toBe('Rhea Removed');
    await co.owner.client.delete(`/api/api-tokens/${token.id}`).expect(200);
  });
});

describe('webhooks in a company', () => {
  it("hear the company's EyeMails, whoever made them, and not a member's personal ones", async () => {
    const company = await addEndpoint(admin, { url: `${rx.url}/company`, events: ['eyemail.opened'] });
    const personal = await inPersonal(admin, () => addEndpoint(admin, { url: `${rx.url}/admin-personal`, events: ['eyemail.opened'] }));
    const [row] = await sql<{ workspace_id: string; user_id: string }>(t, 'select workspace_id::text, user_id::text from webhook_endpoint where id = ?', [company.id]);
    expect(row).toEqual({ workspace_id: co.id, user_id: admin.id });

    // The owner lists and manages the admin's endpoint, not the admin's personal one.
    const listed = (await co.owner.client.get('/api/webhooks').expect(200)).body.body as { id: string }[];
    expect(listed.map((e) => e.id)).toContain(company.id);
    expect(listed.map((e) => e.id)).not.toContain(personal.id);
    expect((await co.owner.client.put(`/api/webhooks/${personal.id}`).send({ enabled: false })).status).toBe(404);
    expect((await co.owner.client.post(`/api/webhooks/${personal.id}/test`)).status).toBe(404);
    expect((await inPersonal(admin, () => admin.client.get(`/api/webhooks/${company.id}/deliveries`))).status).toBe(404);

    // An endpoint limited to some EyeMails takes the workspace's only.
    const refused = await admin.client.post('/api/webhooks').send({ url: `${rx.url}/limited`, events: ['eyemail.opened'], snippetIds: [personalSnippet] });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.snippetIds).toBe("Choose among this workspace's EyeMails.");
    await addEndpoint(admin, { url: `${rx.url}/limited`, events: ['eyemail.opened'], snippetIds: [companySnippet] });

    await open(companySnippet, 'ada@example.com');
    await open(personalSnippet, 'bo@example.com');
    await waitFor(() => hooksFor('/company').length >= 1 && hooksFor('/admin-personal').length >= 1 && hooksFor('/limited').length >= 1, 'one delivery to each endpoint');
    // Time for a wrong delivery to arrive too, were there one.
    await sleep(1_500);
    const ids = (path: string) => hooksFor(path).map((h) => (JSON.parse(h.body) as { data: { eyemailId: string } }).data.eyemailId);
    expect(ids('/company')).toEqual([companySnippet]);
    expect(ids('/limited')).toEqual([companySnippet]);
    expect(ids('/admin-personal')).toEqual([personalSnippet]);

    // The owner's test send reaches the admin's endpoint, and both see it in the log.
    await co.owner.client.post(`/api/webhooks/${company.id}/test`).expect(202);
    await waitFor(() => hooksFor('/company').length >= 2, 'the test event');
    const log = (await admin.client.get(`/api/webhooks/${company.id}/deliveries`).expect(200)).body.body as { eventType: string }[];
    expect(log.map((a) => a.eventType).sort()).toEqual(['eyemail.opened', 'webhook.test']);

    // Notifications stay the creator's: the admin's bell has the company EyeMail's open, the owner's none.
    const bell = async (user: SignedUpUser) => (await user.client.get('/api/notifications').expect(200)).body.body as { items: { snippetId: string; receiver: string }[] };
    await waitFor(async () => (await bell(admin)).items.some((i) => i.snippetId === companySnippet && i.receiver === 'ada@example.com'), "the open in the admin's bell");
    expect((await bell(co.owner)).items).toEqual([]);
  });
});

it("a company's audit log says who made and revoked its API tokens and webhooks; a personal workspace keeps none", async () => {
  const team = await companyWithTeam(t, 'Integrations Audit Co');
  const token = await team.members.admin.client.post('/api/api-tokens').send({ name: 'CRM sync' }).expect(201);
  await team.owner.client.delete(`/api/api-tokens/${token.body.body.id}`).expect(200);
  const hook = await team.members.admin.client.post('/api/webhooks').send({ url: 'https://93.184.216.34/crm', events: ['eyemail.opened'] }).expect(201);
  await team.members.admin.client.delete(`/api/webhooks/${hook.body.body.id}`).expect(200);
  // Refused calls write nothing.
  await team.members.editor.client.post('/api/api-tokens').send({ name: 'Sneaky' }).expect(403);
  await team.members.admin.client.delete(`/api/api-tokens/${token.body.body.id}`).expect(404);

  const log = (await team.owner.client.get('/api/workspace/audit').expect(200)).body.body as { action: string; actorName: string; subject: string }[];
  expect(log.slice(0, 4).map((e) => [e.action, e.actorName, e.subject])).toEqual([
    ['webhook.deleted', 'Adam Admin', 'https://93.184.216.34/crm'],
    ['webhook.created', 'Adam Admin', 'https://93.184.216.34/crm'],
    ['token.revoked', 'Olive Owner', 'CRM sync'],
    ['token.created', 'Adam Admin', 'CRM sync'],
  ]);
  expect(log).toHaveLength(5); // and the company's making

  const solo = await signUp(t);
  await solo.client.post('/api/api-tokens').send({ name: 'Mine' }).expect(201);
  expect((await solo.client.get('/api/workspace/audit').expect(200)).body.body).toEqual([]);
});
