// The video library, uploads and encodes of a company workspace through HTTP on the real app
// (issue 36): a video uploaded in the company is the company's (every member sees it, in no one's
// personal library), another workspace gets 404 for it, a viewer reads but changes nothing (403),
// a header naming a workspace the caller is not in is 404; profile pictures stay the person's
// (their personal workspace, whatever workspace they were sent in); the storage quota, the encode
// cap and the cap on unfinished uploads count per workspace as well as per user
// (STORAGE_QUOTA_MB 1 and ENCODES_PER_ACCOUNT 2 here).
import crypto from 'node:crypto';
import fs from 'node:fs';
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, sql, type Client, type SignedUpUser } from '../support/account-factory.js';
import { companyWithTeam, type TestCompany } from '../support/workspace-factory.js';
import { tinyClip, tinyPng, uploadFile } from '../support/snippet-factory.js';
import { upload } from '../support/upload-fixtures.js';

jest.setTimeout(180_000);

const QUOTA = 1024 * 1024;
const TUS = '/api/files/uploads';
const VIDEO_META = ['type', 'filename', 'filetype'].map((k, i) => `${k} ${Buffer.from(['video', 'launch.mp4', 'video/mp4'][i]).toString('base64')}`).join(',');
const ROLE_REFUSAL = { result: false, message: 'Your role in this workspace (Viewer) does not allow this. Ask its owner or an admin.' };
const NOT_FOUND = { result: false, message: 'File not found.' };

// The user's client, acting in `workspace` (undefined: their personal workspace, no header).
function as(user: SignedUpUser, workspace: string | undefined): Client {
  user.client.workspace = workspace;
  return user.client;
}

async function libraryIds(client: Client): Promise<string[]> {
  const res = await client.get('/api/files').query({ type: 'video' });
  expect(res.status).toBe(200);
  return (res.body.body as { file: { fileId: string } }[]).map((i) => i.file.fileId);
}

const createTus = (client: Client, length: number) => client.post(TUS).set('Tus-Resumable', '1.0.0').set('Upload-Metadata', VIDEO_META).set('Upload-Length', String(length));

describe('the library of a company workspace', () => {
  let t: TestApp;
  let co: TestCompany;
  let outsider: SignedUpUser;
  let companyVideo: string;
  let personalVideo: string;
  let everyone: () => SignedUpUser[];

  // A file of `size` bytes someone uploaded to a workspace (its bytes are not needed to count).
  const storedFile = async (owner: string, workspace: string, size: number): Promise<string> => {
    const id = crypto.randomUUID();
    await sql(t, `insert into media_file (id, owner_id, workspace_id, kind, file_name, content_type, size, storage_key) values (?, ?, ?, 'video', 'old.mp4', 'video/mp4', ?, ?)`, [
      id,
      owner,
      workspace,
      size,
      `f/${id}/old.mp4`,
    ]);
    return id;
  };
  // An encode queued or running that stays so: its job is held by a worker for the next hour.
  const liveEncoding = async (owner: string, workspace: string, video: string, width: number): Promise<void> => {
    const id = crypto.randomUUID();
    await sql(t, `insert into video_encoding (id, owner_id, workspace_id, source_file_id, overlay, width, state, progress, job_id) values (?, ?, ?, ?, 'none', ?, 'active', 10, ?)`, [
      id,
      owner,
      workspace,
      video,
      width,
      `encode-${id}`,
    ]);
    await sql(
      t,
      `insert into job (id, name, data, state, attempts_made, max_attempts, group_key, locked_by, locked_until)
       values (?, 'encode-video', ?::jsonb, 'active', 1, 3, ?, 'elsewhere', now() + interval '1 hour')`,
      [`encode-${id}`, JSON.stringify({ encodingId: id }), owner],
    );
  };
  const unfinishedUpload = (owner: string, workspace: string) =>
    sql(t, `insert into resumable_upload (id, owner_id, workspace_id, source, file_name, file_type, upload_length) values (?, ?, ?, 'file', 'a.mp4', 'video/mp4', 1000)`, [
      crypto.randomBytes(16).toString('hex'),
      owner,
      workspace,
    ]);

  beforeAll(async () => {
    t = await startTestApp({ STORAGE_QUOTA_MB: '1', ENCODES_PER_ACCOUNT: '2' });
    co = await companyWithTeam(t);
    outsider = await signUp(t, { fullName: 'Olga Outsider' });
    everyone = () => [co.owner, co.members.admin, co.members.editor, co.members.viewer];
    companyVideo = (await uploadFile(as(co.members.editor, co.id), 'video', tinyClip(), 'company.mp4')).fileId;
    personalVideo = (await uploadFile(as(co.members.editor, undefined), 'video', tinyClip(), 'mine.mp4')).fileId;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('puts a video an editor uploads in the company in the company’s library, for every member, and in no one’s personal library', async () => {
    const [row] = await sql<{ owner_id: string; workspace_id: string }>(t, 'select owner_id, workspace_id from media_file where id = ?', [companyVideo]);
    expect(row).toEqual({ owner_id: co.members.editor.id, workspace_id: co.id });
    for (const member of everyone()) {
      const ids = await libraryIds(as(member, co.id));
      expect(ids).toContain(companyVideo);
      expect(ids).not.toContain(personalVideo);
      const one = await as(member, co.id).get(`/api/files/${companyVideo}`);
      expect(one.status).toBe(200);
      expect(one.body.body).toMatchObject({ fileId: companyVideo, fileName: 'company.mp4' });
    }
    const mine = await libraryIds(as(co.members.editor, undefined));
    expect(mine).toContain(personalVideo);
    expect(mine).not.toContain(companyVideo);
    expect(await libraryIds(as(co.owner, undefined))).not.toContain(companyVideo);
  });

  it('answers 404 for the company’s video to an outsider and to a member acting in their personal workspace: read, rename, delete, encode', async () => {
    for (const client of [as(outsider, undefined), as(co.owner, undefined), as(co.members.editor, undefined), as(co.members.viewer, undefined)]) {
      expect((await client.get(`/api/files/${companyVideo}`)).status).toBe(404);
      const rename = await client.patch(`/api/files/${companyVideo}`).send({ name: 'Taken' });
      expect(rename.status).toBe(404);
      expect(rename.body).toMatchObject(NOT_FOUND);
      const del = await client.delete(`/api/files/${companyVideo}`);
      expect(del.status).toBe(404);
      expect(del.body).toMatchObject(NOT_FOUND);
      const encode = await client.post(`/api/videos/${companyVideo}`);
      expect(encode.status).toBe(404);
      expect(encode.body).toMatchObject({ result: false, message: 'Video not found.' });
    }
    // And the company's members get 404 for the editor's personal video.
    for (const member of everyone()) expect((await as(member, co.id).get(`/api/files/${personalVideo}`)).status).toBe(404);
    expect((await sql(t, 'select file_name from media_file where id = ?', [companyVideo]))[0]).toEqual({ file_name: 'company.mp4' });
    expect(await sql(t, 'select id from video_encoding where source_file_id = ?', [companyVideo])).toEqual([]);
  });

  it('lets a viewer read the library and refuses them upload, encode, rename and delete (403), changing nothing', async () => {
    const viewer = as(co.members.viewer, co.id);
    const up = await upload(viewer, 'video', tinyClip(), 'viewer.mp4', 'video/mp4');
    expect(up.status).toBe(403);
    expect(up.body).toMatchObject(ROLE_REFUSAL);
    const tus = await createTus(viewer, 1000);
    expect(tus.status).toBe(403);
    expect(tus.body).toMatchObject(ROLE_REFUSAL);
    for (const res of [
      await viewer.post(`/api/videos/${companyVideo}`),
      await viewer.post(`/api/videos/${companyVideo}?trimStart=0&trimEnd=1`),
      await viewer.patch(`/api/files/${companyVideo}`).send({ name: 'Renamed' }),
      await viewer.delete(`/api/files/${companyVideo}`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject(ROLE_REFUSAL);
    }
    expect(await sql(t, 'select file_name from media_file where workspace_id = ?', [co.id])).toEqual([{ file_name: 'company.mp4' }]);
    expect(await sql(t, 'select id from video_encoding where source_file_id = ?', [companyVideo])).toEqual([]);
    expect(await sql(t, 'select id from resumable_upload where owner_id = ?', [co.members.viewer.id])).toEqual([]);
  });

  it('answers 404 with result false to a header naming a workspace the caller is not in', async () => {
    for (const [user, workspace] of [
      [outsider, co.id],
      [co.members.editor, crypto.randomUUID()],
    ] as const) {
      const client = as(user, workspace);
      for (const res of [
        await client.get('/api/files').query({ type: 'video' }),
        await client.get(`/api/files/${companyVideo}`),
        await client.get('/api/files/usage'),
        await upload(client, 'video', tinyClip(), 'x.mp4', 'video/mp4'),
        await createTus(client, 1000),
        await client.post(`/api/videos/${companyVideo}`),
        await client.patch(`/api/files/${companyVideo}`).send({ name: 'Taken' }),
        await client.delete(`/api/files/${companyVideo}`),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ result: false });
      }
    }
    expect(await sql(t, 'select id from media_file where owner_id = ?', [outsider.id])).toEqual([]);
  });

  it('makes an encode of the company’s video the company’s: members read it, other workspaces get 404', async () => {
    const res = await as(co.members.admin, co.id).post(`/api/videos/${companyVideo}?width=640`);
    expect([200, 202]).toContain(res.status);
    const encodingId = res.body.body.encodingId as string;
    expect(await sql(t, 'select owner_id, workspace_id from video_encoding where id = ?', [encodingId])).toEqual([{ owner_id: co.members.admin.id, workspace_id: co.id }]);
    for (const member of everyone()) expect((await as(member, co.id).get(`/api/videos/encodings/${encodingId}`)).status).toBe(200);
    for (const client of [as(outsider, undefined), as(co.members.admin, undefined)]) {
      const other = await client.get(`/api/videos/encodings/${encodingId}`);
      expect(other.status).toBe(404);
      expect(other.body).toMatchObject({ result: false, message: 'Video not found.' });
    }
  });

  it('renames and deletes the company’s video for an editor, whoever uploaded it', async () => {
    const video = (await uploadFile(as(co.owner, co.id), 'video', tinyClip(), 'owners.mp4')).fileId;
    const renamed = await as(co.members.editor, co.id).patch(`/api/files/${video}`).send({ name: 'Team cut' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.body.fileName).toBe('Team cut.mp4');
    expect((await as(co.members.editor, co.id).delete(`/api/files/${video}`)).status).toBe(200);
    expect(await libraryIds(as(co.owner, co.id))).not.toContain(video);
  });

  it('keeps a resumable upload started in the company the company’s, and its video too', async () => {
    const bytes = fs.readFileSync(tinyClip());
    const started = await createTus(as(co.members.editor, co.id), bytes.length);
    expect(started.status).toBe(201);
    const location = started.headers.location as string;
    expect(await sql(t, 'select owner_id, workspace_id from resumable_upload where owner_id = ?', [co.members.editor.id])).toEqual([
      { owner_id: co.members.editor.id, workspace_id: co.id },
    ]);
    // Another workspace does not see it; a member of the company does.
    expect((await as(outsider, undefined).head(location).set('Tus-Resumable', '1.0.0')).status).toBe(404);
    expect((await as(co.members.editor, undefined).head(location).set('Tus-Resumable', '1.0.0')).status).toBe(404);
    expect((await as(co.members.admin, co.id).head(location).set('Tus-Resumable', '1.0.0')).status).toBe(200);

    const done = await as(co.members.editor, co.id)
      .patch(location)
      .set('Tus-Resumable', '1.0.0')
      .set('Upload-Offset', '0')
      .set('Content-Type', 'application/offset+octet-stream')
      .send(bytes);
    expect(done.status).toBe(200);
    const fileId = done.body.body.fileId as string;
    expect(await sql(t, 'select owner_id, workspace_id from media_file where id = ?', [fileId])).toEqual([{ owner_id: co.members.editor.id, workspace_id: co.id }]);
    expect(await libraryIds(as(co.members.viewer, co.id))).toContain(fileId);
    await as(co.members.editor, co.id).delete(`/api/files/${fileId}`).expect(200);
  });

  it('keeps a profile picture the person’s: sent in the company, it goes to their personal workspace, where the profile finds it', async () => {
    const editor = co.members.editor;
    const picture = await upload(as(editor, co.id), 'profile', tinyPng('blue', '120x60'), 'me.png', 'image/png');
    expect(picture.status).toBe(201);
    const fileId = picture.body.body.fileId as string;
    expect(await sql(t, 'select owner_id, workspace_id from media_file where id = ?', [fileId])).toEqual([{ owner_id: editor.id, workspace_id: editor.id }]);
    // It is theirs wherever they act, and no one else's.
    expect((await as(editor, co.id).get(`/api/files/${fileId}`)).status).toBe(200);
    expect((await as(editor, co.id).get('/api/files').query({ type: 'profile' })).body.body).toMatchObject([{ file: { fileId } }]);
    expect((await as(co.owner, co.id).get(`/api/files/${fileId}`)).status).toBe(404);
    expect((await as(co.owner, co.id).get('/api/files').query({ type: 'profile' })).body.body).toEqual([]);
    const set = await as(editor, co.id).put('/api/users/profile-picture').query({ profilePicture: fileId });
    expect(set.status).toBe(200);
    expect(set.body.body.profilePictureUrl).toBe(picture.body.body.url);

    // A pending picture the dashboard drops is deleted by its owner only.
    const pending = (await upload(as(editor, co.id), 'profile', tinyPng('green', '120x60'), 'other.png', 'image/png')).body.body.fileId as string;
    expect((await as(co.owner, co.id).delete(`/api/files/${pending}`)).status).toBe(404);
    expect((await as(editor, co.id).delete(`/api/files/${pending}`)).status).toBe(200);
    expect(await sql(t, 'select id from media_file where id = ?', [pending])).toEqual([]);

    // A viewer of the company changes their picture from their personal workspace.
    const viewer = co.members.viewer;
    const theirs = await upload(as(viewer, undefined), 'profile', tinyPng('red', '120x60'), 'v.png', 'image/png');
    expect(theirs.status).toBe(201);
    expect((await as(viewer, undefined).put('/api/users/profile-picture').query({ profilePicture: theirs.body.body.fileId })).status).toBe(200);
  });

  describe('fair use, per workspace and per user', () => {
    it('adds the members’ uploads up against the company’s storage quota, and the user’s own in every workspace against theirs', async () => {
      const beta = await companyWithTeam(t, 'Beta Marketing');
      const clipBytes = (await upload(as(beta.members.admin, beta.id), 'video', tinyClip(), 'admin.mp4', 'video/mp4').expect(201)).body.body.size as number;
      // The owner's files fill the company up to just under two clips' room.
      await storedFile(beta.owner.id, beta.id, QUOTA - 2 * clipBytes + 1);

      const refused = await upload(as(beta.members.editor, beta.id), 'video', tinyClip(), 'editor.mp4', 'video/mp4');
      expect(refused.status).toBe(413);
      expect(refused.body).toMatchObject({
        result: false,
        message: expect.stringMatching(/^Not enough storage for this upload: this workspace’s videos use [\d.]+ MB of its 1 MB storage\. Delete videos it no longer needs to upload more\.$/),
      });
      const tus = await createTus(as(beta.members.editor, beta.id), clipBytes);
      expect(tus.status).toBe(413);
      expect(tus.body.message).toMatch(/this workspace’s videos use/);
      expect(await sql(t, 'select id from media_file where owner_id = ?', [beta.members.editor.id])).toEqual([]);

      // The company's use is what My Videos shows there; the editor's own quota has room.
      expect((await as(beta.members.editor, beta.id).get('/api/files/usage')).body.body).toEqual({ usedBytes: QUOTA - clipBytes + 1, quotaBytes: QUOTA });
      expect((await upload(as(beta.members.editor, undefined), 'video', tinyClip(), 'mine.mp4', 'video/mp4')).status).toBe(201);

      // Per user: the admin's upload to the company counts against the admin's own quota in their
      // personal workspace, which alone has room for it.
      await storedFile(beta.members.admin.id, beta.members.admin.id, QUOTA - 2 * clipBytes + 1);
      const mine = await upload(as(beta.members.admin, undefined), 'video', tinyClip(), 'again.mp4', 'video/mp4');
      expect(mine.status).toBe(413);
      expect(mine.body.message).toMatch(/^Not enough storage for this upload: your videos use [\d.]+ MB of your 1 MB storage\./);
    });

    it('caps the encodes queued or running of the company (its members together) and of each user', async () => {
      const gamma = await companyWithTeam(t, 'Gamma Marketing');
      const video = (await uploadFile(as(gamma.members.editor, gamma.id), 'video', tinyClip(), 'gamma.mp4')).fileId;
      await liveEncoding(gamma.owner.id, gamma.id, video, 700);
      await liveEncoding(gamma.members.admin.id, gamma.id, video, 710);

      const refused = await as(gamma.members.editor, gamma.id).post(`/api/videos/${video}?width=720`);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ result: false, message: 'This workspace has 2 videos encoding. Wait for one to finish, then try again.', body: null, errors: null });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Asking for one already queued is answered.
      expect((await as(gamma.members.editor, gamma.id).post(`/api/videos/${video}?width=710`)).status).toBe(202);

      // The editor's own two encodes elsewhere hold them back in the company too.
      await sql(t, `delete from video_encoding where source_file_id = ?`, [video]);
      const theirs = (await uploadFile(as(gamma.members.editor, undefined), 'video', tinyClip(), 'own.mp4')).fileId;
      await liveEncoding(gamma.members.editor.id, gamma.members.editor.id, theirs, 700);
      await liveEncoding(gamma.members.editor.id, gamma.members.editor.id, theirs, 710);
      const own = await as(gamma.members.editor, gamma.id).post(`/api/videos/${video}?width=720`);
      expect(own.status).toBe(429);
      expect(own.body.message).toBe('You have 2 videos encoding. Wait for one to finish, then try again.');
      // Another member is not held back by them.
      expect([200, 202]).toContain((await as(gamma.members.admin, gamma.id).post(`/api/videos/${video}?width=720`)).status);
    });

    it('caps the unfinished resumable uploads of the company (its members together) and of each user', async () => {
      const delta = await companyWithTeam(t, 'Delta Marketing');
      for (const member of [delta.owner, delta.owner, delta.members.admin, delta.members.admin, delta.members.admin]) await unfinishedUpload(member.id, delta.id);
      const refused = await createTus(as(delta.members.editor, delta.id), 1000);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ result: false, message: 'This workspace has 5 unfinished uploads. Finish or cancel one of them before starting another.' });
      // The editor's personal workspace is not the company's.
      const personal = await createTus(as(delta.members.editor, undefined), 1000);
      expect(personal.status).toBe(201);

      for (let i = 0; i < 4; i++) await unfinishedUpload(delta.members.editor.id, delta.members.editor.id);
      await sql(t, 'delete from resumable_upload where workspace_id = ? and owner_id <> ?', [delta.id, delta.members.editor.id]);
      const own = await createTus(as(delta.members.editor, delta.id), 1000);
      expect(own.status).toBe(429);
      expect(own.body.message).toBe('You have 5 unfinished uploads. Finish or cancel one of them before starting another.');
    });
  });
});
