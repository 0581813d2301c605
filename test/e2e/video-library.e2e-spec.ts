// My Videos through HTTP on the real app: renaming a video (PATCH files/{id}) and the "Used by"
// list of the caller's own EyeMails in GET files?type=video, with deleting a used video refused.
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, type Client } from '../support/account-factory.js';
import { createSnippet, readyVideo, snippetPayload, tinyClip, tinyPng, uploadFile } from '../support/snippet-factory.js';

jest.setTimeout(180_000);

interface ListItem {
  file: { fileId: string; fileName: string };
  fileName: string;
  usedBy?: { snippetId: string; title: string }[];
}

async function library(client: Client): Promise<ListItem[]> {
  const res = await client.get('/api/files').query({ type: 'video' });
  expect(res.status).toBe(200);
  return res.body.body as ListItem[];
}

const itemOf = async (client: Client, fileId: string) => (await library(client)).find((i) => i.file.fileId === fileId);

describe('My Videos: rename and used by', () => {
  let t: TestApp;
  let owner: Client;
  let other: Client;
  let videoId: string;
  let spareId: string;
  let otherVideoId: string;

  beforeAll(async () => {
    t = await startTestApp();
    owner = (await signUp(t)).client;
    other = (await signUp(t)).client;
    ({ videoId } = await readyVideo(owner, ['none']));
    spareId = (await uploadFile(owner, 'video', tinyClip(), 'holiday.mov')).fileId;
    otherVideoId = (await uploadFile(other, 'video', tinyClip(), 'theirs.mp4')).fileId;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('rename', () => {
    it('renames the caller’s video, trimmed, keeping its extension', async () => {
      const res = await owner.patch(`/api/files/${spareId}`).send({ name: '  Summer <b>teaser</b> & co  ' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ result: true, message: 'Video renamed.', body: { fileId: spareId, fileName: 'Summer <b>teaser</b> & co.mov' } });
      const item = await itemOf(owner, spareId);
      expect(item?.fileName).toBe('Summer <b>teaser</b> & co');
      expect((await owner.get(`/api/files/${spareId}`)).body.body.fileName).toBe('Summer <b>teaser</b> & co.mov');
    });

    it('answers 404 for another account’s video and leaves it as it was', async () => {
      const res = await other.patch(`/api/files/${spareId}`).send({ name: 'Stolen' });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ result: false, message: 'File not found.' });
      expect((await itemOf(owner, spareId))?.fileName).toBe('Summer <b>teaser</b> & co');
      expect((await owner.patch(`/api/files/${otherVideoId}`).send({ name: 'Mine now' })).status).toBe(404);
      expect((await itemOf(other, otherVideoId))?.fileName).toBe('theirs');
    });

    it('answers 404 for a missing id, a malformed id and a file that is not a video', async () => {
      const logoId = (await uploadFile(owner, 'logo', tinyPng())).fileId;
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', logoId]) {
        const res = await owner.patch(`/api/files/${id}`).send({ name: 'Renamed' });
        expect(res.status).toBe(404);
        expect(res.body.result).toBe(false);
      }
    });

    it.each([
      [{ name: '   ' }, 'Name is required'],
      [{}, 'Name is required'],
      [{ name: 7 }, 'Name is required'],
      [{ name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
      [{ name: 'two\nlines' }, 'Name cannot contain line breaks or control characters'],
    ])('refuses %j with 400 and the reason', async (body, message) => {
      const res = await owner.patch(`/api/files/${spareId}`).send(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ result: false, message, errors: { name: message } });
      expect((await itemOf(owner, spareId))?.fileName).toBe('Summer <b>teaser</b> & co');
    });

    it('accepts exactly 100 characters', async () => {
      const name = 'y'.repeat(100);
      expect((await owner.patch(`/api/files/${spareId}`).send({ name })).status).toBe(200);
      expect((await itemOf(owner, spareId))?.fileName).toBe(name);
    });
  });

  describe('used by', () => {
    it('lists the caller’s EyeMails that use each video, newest first, and none for an unused one', async () => {
      expect((await itemOf(owner, videoId))?.usedBy).toEqual([]);
      const first = await createSnippet(owner, snippetPayload(videoId, { title: 'Spring sale' }));
      const second = await createSnippet(owner, snippetPayload(videoId, { title: 'Autumn <sale>' }));
      const item = await itemOf(owner, videoId);
      expect(item?.usedBy).toEqual([
        { snippetId: second.snippet, title: 'Autumn <sale>' },
        { snippetId: first.snippet, title: 'Spring sale' },
      ]);
      expect((await itemOf(owner, spareId))?.usedBy).toEqual([]);
      // Another account's list names none of them.
      const theirs = await library(other);
      expect(JSON.stringify(theirs)).not.toContain('Spring sale');
      expect(theirs.find((i) => i.file.fileId === otherVideoId)?.usedBy).toEqual([]);
    });

    it('refuses to delete a used video, saying why, and deletes it once no EyeMail uses it', async () => {
      const res = await owner.delete(`/api/files/${videoId}`);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ result: false, message: 'This video is used by an EyeMail and cannot be deleted.' });
      for (const u of (await itemOf(owner, videoId))?.usedBy ?? []) {
        expect((await owner.delete(`/api/snippets/${u.snippetId}`)).status).toBe(200);
      }
      expect((await itemOf(owner, videoId))?.usedBy).toEqual([]);
      expect((await owner.delete(`/api/files/${videoId}`)).status).toBe(200);
    });
  });
});
