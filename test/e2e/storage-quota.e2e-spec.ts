// The per-account storage quota (STORAGE_QUOTA_MB, here 1 MB) through HTTP on the real app:
// stored files and unfinished uploads (at their declared length) count; an upload past the quota
// is refused at its start (multipart POST /files and tus creation) with a sentence a marketer
// understands, and leaves nothing behind; an unfinished upload expires after UPLOAD_RESUME_HOURS
// (it stops counting and the sweep removes it); GET /api/files/usage tells the use.
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, sql, type Client } from '../support/account-factory.js';
import { clip, leftoverUploads, storedObjects, upload } from '../support/upload-fixtures.js';
import { ResumableUploadService } from '../../src/files/resumable-upload.service.js';

const ENDPOINT = '/api/files/uploads';
const QUOTA = 1024 * 1024;
const FULL = /^Not enough storage for this upload: your videos use [\d.]+ (MB|GB) of your 1 MB storage\. Delete videos you no longer need to upload more\.$/;

const metadata = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');
const VIDEO_META = metadata({ type: 'video', filename: 'launch.mp4', filetype: 'video/mp4' });

describe('Storage quota per account', () => {
  let t: TestApp;
  let video: Buffer;
  let partials: string;
  const partialFiles = () => (fs.existsSync(partials) ? fs.readdirSync(partials) : []);
  const usage = async (client: Client) => (await client.get('/api/files/usage').expect(200)).body.body as { usedBytes: number; quotaBytes: number };
  const files = (userId: string) => sql<{ id: string }>(t, 'select id from media_file where owner_id = ?', [userId]);
  const unfinished = (userId: string) => sql<{ id: string }>(t, 'select id from resumable_upload where owner_id = ? and finished_at is null', [userId]);
  const createTus = (client: Client, length: number, meta = VIDEO_META) =>
    client.post(ENDPOINT).set('Tus-Resumable', '1.0.0').set('Upload-Metadata', meta).set('Upload-Length', String(length));
  // A stored file of `size` bytes in the account's library (its bytes are not needed to count).
  const storedFile = (userId: string, size: number) =>
    sql(t, `insert into media_file (id, owner_id, kind, file_name, content_type, size, storage_key) values (?, ?, 'video', 'old.mp4', 'video/mp4', ?, ?)`, [
      randomUUID(),
      userId,
      size,
      `f/${randomUUID()}/old.mp4`,
    ]);

  beforeAll(async () => {
    t = await startTestApp({ STORAGE_QUOTA_MB: '1' });
    video = fs.readFileSync(clip('mp4', 2));
    partials = t.app.get(ResumableUploadService).partialsDir;
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts stored files and tells the use (GET /api/files/usage)', async () => {
    const ann = await signUp(t);
    expect(await usage(ann.client)).toEqual({ usedBytes: 0, quotaBytes: QUOTA });
    const stored = await upload(ann.client, 'video', video, 'launch.mp4', 'video/mp4').expect(201);
    expect(await usage(ann.client)).toEqual({ usedBytes: stored.body.body.size, quotaBytes: QUOTA });
    expect(stored.body.body.size).toBe(video.length);
  });

  it('refuses a resumable upload whose declared length would pass the quota (413), storing nothing', async () => {
    const ann = await signUp(t);
    await storedFile(ann.id, 300_000);
    const before = partialFiles();
    const res = await createTus(ann.client, QUOTA - 300_000 + 1);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ result: false, message: expect.stringMatching(FULL), body: null, errors: null });
    expect(res.body.message).toContain('use 0.3 MB of your 1 MB');
    expect(await unfinished(ann.id)).toEqual([]);
    expect(partialFiles()).toEqual(before);
    // Exactly what is left fits.
    expect((await createTus(ann.client, QUOTA - 300_000)).status).toBe(201);
  });

  it('refuses a multipart upload (POST /files) past the quota before reading it, storing nothing', async () => {
    const ann = await signUp(t);
    await storedFile(ann.id, QUOTA - 100_000);
    const before = storedObjects(t);
    const res = await upload(ann.client, 'video', video, 'launch.mp4', 'video/mp4');
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ result: false, message: expect.stringMatching(FULL) });
    expect(await files(ann.id)).toHaveLength(1);
    expect(storedObjects(t)).toEqual(before);
    expect(leftoverUploads(t)).toEqual([]);
    // Another account is not held back.
    const bob = await signUp(t);
    expect((await upload(bob.client, 'video', video, 'launch.mp4', 'video/mp4')).status).toBe(201);
  });

  it('counts unfinished uploads at their declared length until they expire, then the sweep removes them', async () => {
    const ann = await signUp(t);
    const location = (await createTus(ann.client, 900_000).expect(201)).headers.location as string;
    await ann.client
      .patch(location)
      .set('Tus-Resumable', '1.0.0')
      .set('Upload-Offset', '0')
      .set('Content-Type', 'application/offset+octet-stream')
      .send(video.subarray(0, 1000))
      .expect(204);
    expect(await usage(ann.client)).toEqual({ usedBytes: 900_000, quotaBytes: QUOTA });
    // It says when it expires: 24 hours after it last took bytes (asking does not put that off).
    const expires = Date.parse((await ann.client.head(location).set('Tus-Resumable', '1.0.0').expect(200)).headers['upload-expires'] as string);
    expect(Math.abs(expires - Date.now() - 24 * 3600_000)).toBeLessThan(60_000);
    // 900 KB held for the unfinished upload: a 211 KB video does not fit any more.
    const refused = await upload(ann.client, 'video', video, 'launch.mp4', 'video/mp4');
    expect(refused.status).toBe(413);
    expect(refused.body.message).toMatch(FULL);

    // Untouched for UPLOAD_RESUME_HOURS (24): expired. It holds no room, and the sweep removes it.
    const id = location.split('/').pop()!;
    await sql(t, `update resumable_upload set touched_at = now() - interval '25 hours' where id = ?`, [id]);
    expect(await usage(ann.client)).toEqual({ usedBytes: 0, quotaBytes: QUOTA });
    await t.app.get(ResumableUploadService).sweep();
    expect(await unfinished(ann.id)).toEqual([]);
    expect(partialFiles().filter((f) => f.startsWith(id))).toEqual([]);
    expect((await ann.client.head(location).set('Tus-Resumable', '1.0.0')).status).toBe(404);
    expect((await upload(ann.client, 'video', video, 'launch.mp4', 'video/mp4')).status).toBe(201);

    // One expired before the sweep came by cannot be resumed either: it is gone at the first ask.
    const late = (await createTus(ann.client, 1000).expect(201)).headers.location as string;
    await sql(t, `update resumable_upload set touched_at = now() - interval '25 hours' where id = ?`, [late.split('/').pop()]);
    const resumed = await ann.client.patch(late).set('Tus-Resumable', '1.0.0').set('Upload-Offset', '0').set('Content-Type', 'application/offset+octet-stream').send(video.subarray(0, 1000));
    expect(resumed.status).toBe(404);
    expect(resumed.body).toMatchObject({ result: false, message: 'Upload not found.' });
    expect(partialFiles().filter((f) => f.startsWith(late.split('/').pop()!))).toEqual([]);
    expect(await unfinished(ann.id)).toEqual([]);
  });

  it('checks a recording whose length was deferred on its last byte: past the quota it is refused and deleted', async () => {
    const ann = await signUp(t);
    await storedFile(ann.id, QUOTA - 100_000);
    const meta = metadata({ type: 'video', filename: 'Recording.mp4', filetype: 'video/mp4', source: 'recorder' });
    const location = (await ann.client.post(ENDPOINT).set('Tus-Resumable', '1.0.0').set('Upload-Metadata', meta).set('Upload-Defer-Length', '1').expect(201))
      .headers.location as string;
    const before = storedObjects(t);
    const last = await ann.client
      .patch(location)
      .set('Tus-Resumable', '1.0.0')
      .set('Upload-Offset', '0')
      .set('Upload-Length', String(video.length))
      .set('Content-Type', 'application/offset+octet-stream')
      .send(video);
    expect(last.status).toBe(413);
    expect(JSON.parse(last.text)).toMatchObject({ result: false, message: expect.stringMatching(FULL) });
    expect(await files(ann.id)).toHaveLength(1);
    expect(storedObjects(t)).toEqual(before);
    expect(await unfinished(ann.id)).toEqual([]);
    expect(partialFiles().filter((f) => f.startsWith(location.split('/').pop()!))).toEqual([]);
  });
});
