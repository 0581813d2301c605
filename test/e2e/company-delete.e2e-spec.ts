// DELETE /api/workspace: the owner deletes a company, typing its name. Refused while any of its
// EyeMails is active (recipients still open them); once none is, everything of the company goes:
// its EyeMails and reports, videos, encodings and their stored files, tokens, webhooks, feed
// links, invitations, members, audit log and the company itself. Other companies and the
// members' personal workspaces are untouched, and members lose the workspace at their next call.
import fs from 'node:fs';
import path from 'node:path';
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, sql, type SignedUpUser } from '../support/account-factory.js';
import { createSnippet, readyVideo, snippetPayload, tinyPng, uploadFile } from '../support/snippet-factory.js';
import { companyWithTeam, createCompany, type TestCompany } from '../support/workspace-factory.js';

jest.setTimeout(240_000);

let t: TestApp;
let team: TestCompany;
let doomedEyeMail: string;
let draftEyeMail: string;
let doomedVideo: string;
let otherCompany: { owner: SignedUpUser; id: string; eyemail: string; video: string };
let personal: { eyemail: string; video: string };

const NAME = 'Doomed Marketing';
const CONTENT_TABLES = ['snippet', 'media_file', 'video_encoding', 'api_token', 'webhook_endpoint', 'feed_link', 'invitation', 'workspace_member', 'workspace_audit'];

// Every stored object of a workspace's files and encodings, as paths under the media folder.
async function storedFilesOf(workspaceId: string): Promise<string[]> {
  const rows = await sql<{ key: string | null }>(
    t,
    `select storage_key as key from media_file where workspace_id = ? union all select poster_key from media_file where workspace_id = ?
     union all select unnest(array[mp4_key, email_mp4_key, poster_key, gif_key]) from video_encoding where workspace_id = ?`,
    [workspaceId, workspaceId, workspaceId],
  );
  return rows.flatMap((r) => (r.key ? [path.join(t.config.dataDir, 'media', r.key)] : []));
}

async function rowCounts(workspaceId: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of CONTENT_TABLES) out[table] = Number((await sql<{ n: string }>(t, `select count(*) as n from ${table} where workspace_id = ?`, [workspaceId]))[0].n);
  return out;
}

const deleteCompany = (u: SignedUpUser, name: unknown) => u.client.delete('/api/workspace').send({ name });

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'true' });
  team = await companyWithTeam(t, NAME);
  const owner = team.owner.client;
  doomedVideo = (await readyVideo(owner)).videoId;
  const logo = await uploadFile(owner, 'logo', tinyPng('blue', '120x60'));
  doomedEyeMail = (await createSnippet(owner, snippetPayload(doomedVideo, { title: 'Live one', logoImageId: logo.fileId }))).snippet;
  draftEyeMail = (await createSnippet(owner, snippetPayload(doomedVideo, { title: 'Draft' }))).snippet;
  expect((await owner.put('/api/snippets/status').send({ snippetId: draftEyeMail, status: false })).status).toBe(200);
  expect((await owner.post('/api/api-tokens').send({ name: 'Company token' })).status).toBe(201);
  expect((await owner.post('/api/webhooks').send({ url: 'https://93.184.216.34/hook', events: ['eyemail.opened'] })).status).toBe(201);
  expect((await owner.post(`/api/feed-links/${doomedEyeMail}`)).status).toBeLessThan(300);
  expect((await owner.post('/api/workspace/invitations').send({ emails: ['later@example.com'], role: 'viewer' })).status).toBe(201);

  // Another company, and the editor's personal workspace: neither may lose anything.
  const other = await signUp(t, { fullName: 'Oscar Other' });
  const otherId = await createCompany(other, 'Other Co');
  other.client.workspace = otherId;
  const otherVideo = (await readyVideo(other.client)).videoId;
  otherCompany = { owner: other, id: otherId, video: otherVideo, eyemail: (await createSnippet(other.client, snippetPayload(otherVideo, { title: 'Other' }))).snippet };
  const editor = team.members.editor;
  editor.client.workspace = undefined;
  const ownVideo = (await readyVideo(editor.client)).videoId;
  personal = { video: ownVideo, eyemail: (await createSnippet(editor.client, snippetPayload(ownVideo, { title: 'Mine' }))).snippet };
  editor.client.workspace = team.id;
});

afterAll(async () => {
  await t?.close();
});

describe('who may delete a company', () => {
  it('refuses a personal workspace with 403 and a clear message', async () => {
    const owner = team.owner;
    owner.client.workspace = undefined;
    const res = await deleteCompany(owner, 'Personal');
    owner.client.workspace = team.id;
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Your personal workspace cannot be deleted: it is yours for as long as your account is. Only a company can be deleted.');
  });

  it.each(['admin', 'editor', 'viewer'] as const)('refuses the %s with 403', async (role) => {
    const res = await deleteCompany(team.members[role], NAME);
    expect(res.status).toBe(403);
    expect(res.body.result).toBe(false);
  });

  it('answers an outsider naming the company "Workspace not found." (404)', async () => {
    const outsider = await signUp(t, { fullName: 'Otto Outsider' });
    outsider.client.workspace = team.id;
    const res = await deleteCompany(outsider, NAME);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Workspace not found.');
  });

  it('refuses a request without a name with the name message', async () => {
    const res = await team.owner.client.delete('/api/workspace').send({});
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Type the company's name to delete it.");
  });
});

describe('deleting a company', () => {
  let before: Record<string, number>;
  let files: string[];

  it('is refused (409) while one of its EyeMails is active, saying so, and deletes nothing', async () => {
    before = await rowCounts(team.id);
    files = await storedFilesOf(team.id);
    expect(before).toMatchObject({ snippet: 2, media_file: 2, api_token: 1, webhook_endpoint: 1, feed_link: 1, invitation: 1, workspace_member: 4 });
    expect(before.video_encoding).toBeGreaterThan(0);
    expect(files.length).toBeGreaterThanOrEqual(4);
    for (const f of files) expect(fs.existsSync(f)).toBe(true);

    const res = await deleteCompany(team.owner, NAME);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Deactivate its 1 active EyeMail first: recipients still open it, and its video would stop.');
    expect(await rowCounts(team.id)).toEqual(before);
    for (const f of files) expect(fs.existsSync(f)).toBe(true);
    expect((await t.http.get(`/live/${doomedEyeMail}`)).status).toBe(200);
  });

  it('refuses a wrong name with 400 once none is active, and deletes nothing', async () => {
    expect((await team.owner.client.put('/api/snippets/status').send({ snippetId: doomedEyeMail, status: false })).status).toBe(200);
    const deactivated = await rowCounts(team.id);
    for (const name of ['Doomed', 'Other Co', 'Doomed  Marketing', ' ']) {
      const res = await deleteCompany(team.owner, name);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Type the company's name to delete it.");
    }
    expect(await rowCounts(team.id)).toEqual(deactivated);
    for (const f of files) expect(fs.existsSync(f)).toBe(true);
  });

  it('deletes everything of the company, its stored media files included, with the name typed in any case', async () => {
    const res = await deleteCompany(team.owner, `  ${NAME.toUpperCase()} `);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ result: true, message: 'The company was deleted, with its EyeMails, their reports and its videos.' });

    expect(await rowCounts(team.id)).toEqual(Object.fromEntries(CONTENT_TABLES.map((table) => [table, 0])));
    expect(await sql(t, 'select 1 from workspace where id = ?', [team.id])).toEqual([]);
    expect(await sql(t, 'select 1 from company where id = ?', [team.id])).toEqual([]);
    for (const id of [doomedEyeMail, draftEyeMail]) expect(await sql(t, 'select 1 from snippet where id = ?', [id])).toEqual([]);
    for (const f of files) expect(fs.existsSync(f)).toBe(false);
    expect((await t.http.get(`/live/${doomedEyeMail}`)).status).toBe(404);
    // Its people stay, in their personal workspaces.
    expect(Number((await sql<{ n: string }>(t, 'select count(*) as n from app_user where id = any(?::uuid[])', [`{${[team.owner.id, team.members.editor.id].join(',')}}`]))[0].n)).toBe(2);
  });

  it('leaves other companies and the members’ personal content as they were', async () => {
    const other = otherCompany.owner.client;
    expect((await other.get(`/api/snippets/${otherCompany.eyemail}`)).status).toBe(200);
    expect((await other.get(`/api/files/${otherCompany.video}`)).status).toBe(200);
    const editor = team.members.editor.client;
    editor.workspace = undefined;
    expect((await editor.get(`/api/snippets/${personal.eyemail}`)).status).toBe(200);
    expect((await editor.get(`/api/files/${personal.video}`)).status).toBe(200);
    for (const id of [otherCompany.id, team.members.editor.id]) {
      const stored = await storedFilesOf(id);
      expect(stored.length).toBeGreaterThanOrEqual(3);
      for (const f of stored) expect(fs.existsSync(f)).toBe(true);
    }
  });

  it('answers the members’ next call in it with 404 "Workspace not found.", and their list no longer has it', async () => {
    for (const u of [team.members.admin, team.members.viewer, team.owner]) {
      const res = await u.client.get('/api/snippets');
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Workspace not found.');
      u.client.workspace = undefined;
      const list = (await u.client.get('/api/workspaces')).body.body as { id: string }[];
      expect(list.map((w) => w.id)).toEqual([u.id]);
    }
  });
});

// Needs PostgreSQL's dblink (a contrib extension of the server DATABASE_URL names): the upload is
// played by another connection, which commits on its own, as a real upload does.
const describeWithPostgres = process.env.DATABASE_URL ? describe : describe.skip;

describeWithPostgres('a file arriving while the company is deleted', () => {
  it('is deleted with the company, its stored object too, and the database never lets the company go while it holds one', async () => {
    const owner = await signUp(t, { fullName: 'Rita Racer' });
    const id = await createCompany(owner, 'Racing Co');
    owner.client.workspace = id;
    const kept = await uploadFile(owner.client, 'logo', tinyPng('green', '120x60'));
    // Without the files deleted first, the database refuses the company's row.
    await expect(sql(t, 'delete from company where id = ?', [id])).rejects.toThrow(/foreign key/i);

    // An upload landing between the deletion of the company's files and of its row: its object
    // stored, then its row committed by another connection as the row's delete begins (once).
    const [row] = await sql<{ storage_key: string }>(t, 'select storage_key from media_file where id = ?', [kept.fileId]);
    const strayKey = row.storage_key.replace(/[^/]+$/, 'stray.png');
    const strayPath = path.join(t.config.dataDir, 'media', strayKey);
    fs.copyFileSync(path.join(t.config.dataDir, 'media', row.storage_key), strayPath);
    const db = new URL(t.config.databaseUrl!);
    const other = `host=${db.hostname} port=${db.port || 5432} user=${decodeURIComponent(db.username)} dbname=${db.pathname.slice(1)}`;
    await sql(t, 'create extension if not exists dblink');
    await sql(t, 'create table stray_upload_done (at timestamptz)');
    await sql(
      t,
      `create function stray_upload() returns trigger language plpgsql as $$
       begin
         if not exists (select 1 from stray_upload_done) then
           perform dblink_exec('${other}', format(
             'insert into stray_upload_done values (now()); insert into media_file (id, owner_id, workspace_id, kind, file_name, content_type, size, storage_key) values (gen_random_uuid(), %L, %L, %L, %L, %L, 1, %L)',
             '${owner.id}', old.id, 'logo', 'stray.png', 'image/png', '${strayKey}'));
         end if;
         return old;
       end $$`,
    );
    await sql(t, 'create trigger stray_upload before delete on company for each row execute function stray_upload()');
    try {
      const res = await deleteCompany(owner, 'Racing Co');
      expect(res.status).toBe(200);
    } finally {
      await sql(t, 'drop trigger stray_upload on company');
      await sql(t, 'drop function stray_upload()');
    }
    // the upload did land once, after the files were deleted
    expect(await sql(t, 'select count(*)::int as n from stray_upload_done')).toEqual([{ n: 1 }]);
    await sql(t, 'drop table stray_upload_done');
    expect(await sql(t, 'select 1 from company where id = ?', [id])).toEqual([]);
    expect(await sql(t, 'select 1 from media_file where workspace_id = ?', [id])).toEqual([]);
    expect(fs.existsSync(strayPath)).toBe(false);
  });
});
