// Upgrading a database made before workspaces: every user's videos, encodings, EyeMails, uploads,
// API tokens, feed links and webhooks land in their personal workspace, every company becomes a
// workspace with its owner, nothing is lost and nothing changes hands. The data is made through
// the API, the schema taken back to before 0034-workspaces with the migration's own down(), then
// upgraded again as a deploy would.
import { jest } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { startTestApp, type TestApp } from '../support/app.js';
import { newClient, signUp, sql, uniqueEmail, DEFAULT_PASSWORD, type SignedUpUser } from '../support/account-factory.js';
import { createSnippet, readyVideo, snippetPayload, tinyPng, uploadFile } from '../support/snippet-factory.js';

jest.setTimeout(180_000);

const CONTENT: Record<string, string> = {
  media_file: 'owner_id',
  video_encoding: 'owner_id',
  snippet: 'owner_id',
  resumable_upload: 'owner_id',
  api_token: 'user_id',
  feed_link: 'user_id',
  webhook_endpoint: 'user_id',
};

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'true' });
});

afterAll(async () => {
  await t?.close();
});

async function someOfEverything(user: SignedUpUser): Promise<string> {
  const { videoId } = await readyVideo(user.client);
  await uploadFile(user.client, 'logo', tinyPng('blue', '120x60'));
  const snippet = (await createSnippet(user.client, snippetPayload(videoId, { title: `Launch of ${user.fullName}` }))).snippet as string;
  expect((await user.client.post('/api/api-tokens').send({ name: 'Sheets' })).status).toBe(201);
  expect((await user.client.post(`/api/feed-links/${snippet}`)).status).toBe(200);
  expect((await user.client.post('/api/webhooks').send({ url: 'https://93.184.216.34/hook', events: ['eyemail.opened'] })).status).toBe(201);
  await user.client.post('/api/files/uploads').set({ 'Tus-Resumable': '1.0.0', 'Upload-Length': '1000', 'Upload-Metadata': `filename ${Buffer.from('part.mp4').toString('base64')}` });
  return snippet;
}

// Every row of the content tables, as JSON without workspace_id, in a stable order.
async function contentRows(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of Object.keys(CONTENT)) {
    const rows = await sql<{ row: Record<string, unknown> }>(t, `select to_jsonb(x) - 'workspace_id' as row from ${table} x order by to_jsonb(x) - 'workspace_id'`);
    out[table] = rows.map((r) => r.row);
  }
  return out;
}

it('moves everyone’s things into their personal workspace and each company into its own, losing nothing', async () => {
  const ann = await signUp(t, { fullName: 'Ann Solo' });
  const bossClient = await newClient(t);
  const bossEmail = uniqueEmail('boss');
  const signed = await bossClient.post('/api/accounts/companysignup').send({ fullName: 'Carl Boss', email: bossEmail, password: DEFAULT_PASSWORD, companyName: 'Acme Inc.', domain: 'acme.com', department: 'Marketing' });
  expect(signed.status).toBe(201);
  const [boss] = await sql<{ id: string; companyId: string }>(t, 'select id, company_id as "companyId" from app_user where email = ?', [bossEmail]);
  const bossUser: SignedUpUser = { client: bossClient, id: boss.id, email: bossEmail, password: DEFAULT_PASSWORD, fullName: 'Carl Boss', body: {}, sessionCookie: '' };
  const colleague = await signUp(t, { fullName: 'Cleo Colleague' });
  const annSnippet = await someOfEverything(ann);
  const bossSnippet = await someOfEverything(bossUser);

  const before = await contentRows();
  for (const rows of Object.values(before)) expect(rows.length).toBeGreaterThan(0);
  const usersBefore = Number((await sql<{ n: string }>(t, 'select count(*) as n from app_user'))[0].n);

  // Back to the schema before workspaces, where a colleague joined a company by its company_id.
  const orm = t.app.get(MikroORM);
  await orm.migrator.down({ to: '0033-snippet-public-title' });
  expect(await sql(t, `select 1 from information_schema.tables where table_name in ('workspace', 'workspace_member')`)).toEqual([]);
  expect(await sql(t, `select 1 from information_schema.columns where column_name = 'workspace_id'`)).toEqual([]);
  await sql(t, 'update app_user set company_id = ? where id = ?', [boss.companyId, colleague.id]);

  await orm.migrator.up();

  expect(await contentRows()).toEqual(before);
  for (const [table, creator] of Object.entries(CONTENT)) {
    const moved = await sql<{ n: string }>(t, `select count(*) as n from ${table} where workspace_id is distinct from ${creator}`);
    expect([table, Number(moved[0].n)]).toEqual([table, 0]);
  }
  const workspaces = await sql<{ kind: string; n: string }>(t, 'select kind, count(*) as n from workspace group by kind order by kind');
  const companies = Number((await sql<{ n: string }>(t, 'select count(*) as n from company'))[0].n);
  expect(workspaces).toEqual([
    { kind: 'company', n: String(companies) },
    { kind: 'personal', n: String(usersBefore) },
  ]);
  const roles = await sql<{ userId: string; role: string }>(t, 'select user_id as "userId", role from workspace_member where workspace_id = ? order by role', [boss.companyId]);
  expect(roles).toEqual([
    { userId: colleague.id, role: 'editor' },
    { userId: boss.id, role: 'owner' },
  ]);

  // The app works on the upgraded data: each sees their own EyeMail in their personal workspace
  // and not the other's; the company starts empty and its colleague is in it.
  const titles = async (u: SignedUpUser) => ((await u.client.get('/api/snippets')).body.body.items ?? (await u.client.get('/api/snippets')).body.body).map((s: { id?: string; snippet?: string }) => s.id ?? s.snippet);
  expect(await titles(ann)).toEqual([annSnippet]);
  expect(await titles(bossUser)).toEqual([bossSnippet]);
  const ws = (await colleague.client.get('/api/workspaces')).body.body;
  expect(ws.map((w: { name: string; role: string }) => [w.name, w.role])).toEqual([
    ['Personal', 'owner'],
    ['Acme Inc.', 'editor'],
  ]);

  // And a user or company made after the upgrade gets its workspace at once.
  const late = await signUp(t);
  expect((await late.client.get('/api/workspaces')).body.body).toHaveLength(1);
});
