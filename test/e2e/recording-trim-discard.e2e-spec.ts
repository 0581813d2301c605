// A recording closed without "Save video" (or retaken) once all of it was sent: the upload has
// become a stored video, which tus termination no longer deletes (400, docs "Resumable uploads"),
// so the recorder deletes the video itself. Nothing stays: not in My Videos, not in the admin's
// list of videos, not the encoding the recorder had asked for, not the stored bytes.
import fs from 'node:fs';
import path from 'node:path';
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signInAdmin, signUp, sql, type Client, type SignedUpUser } from '../support/account-factory.js';
import { media } from '../support/media.js';
import { storedObjects } from '../support/upload-fixtures.js';
import { recorderUpload } from '../support/recording.js';

jest.setTimeout(120_000);

describe('a recording discarded after its last bytes arrived', () => {
  let t: TestApp;
  let ann: SignedUpUser;
  let admin: Client;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAIL: 'ops@eyemail.test', ADMIN_PASSWORD: 'AdminPass123' });
    ann = await signUp(t, { fullName: 'Ann Lee' });
    admin = await signInAdmin(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const adminVideos = async () => (await admin.get(`/api/Admin/GetAllVideos?emailId=${encodeURIComponent(ann.email)}`).expect(200)).body.body.countData as number;

  it('is deleted by the recorder as a video, and leaves nothing behind', async () => {
    const last = await recorderUpload(ann, fs.readFileSync(media('recordingWebm')), 'Recording 28 Nov 2026 21.40.12.webm', 'video/webm');
    expect(last.status).toBe(200);
    const videoId = JSON.parse(last.text).body.fileId as string;
    // the recorder asks for the whole recording's encoding as soon as it is in
    const encoding = await ann.client.post(`/api/videos/${videoId}?overlay=none&width=600`);
    expect(encoding.status).toBe(202);
    expect((await ann.client.get('/api/files?type=video')).body.body.map((f: { file: { fileId: string } }) => f.file.fileId)).toEqual([videoId]);
    expect(await adminVideos()).toBe(1);

    // terminating the finished upload is refused: it is a video now
    const terminated = await ann.client.delete(last.location).set('Tus-Resumable', '1.0.0');
    expect(terminated.status).toBe(400);

    // the recorder's discard: the video itself
    const discarded = await ann.client.delete(`/api/files/${videoId}`);
    expect({ status: discarded.status, result: discarded.body.result }).toEqual({ status: 200, result: true });
    expect((await ann.client.get('/api/files?type=video')).body.body).toEqual([]);
    expect(await adminVideos()).toBe(0);
    expect((await ann.client.get(`/api/videos/encodings/${encoding.body.body.encodingId}`)).status).toBe(404);
    expect(await sql(t, 'select id from video_encoding where source_file_id = ?', [videoId])).toEqual([]);
    expect(storedObjects(t).filter((k) => k.startsWith(`f${path.sep}${videoId}`))).toEqual([]);
  });
});
