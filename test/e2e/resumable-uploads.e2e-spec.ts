// Resumable video uploads (tus 1.0.0 at /api/files/uploads) through HTTP on the real app: an
// upload cut mid-way resumes, forged requests (wrong offset, another account's upload, past the
// size limit, wrong type) are refused and leave nothing behind, recordings may defer their
// length, the last answer carries the file, and stale partials are swept.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { startTestApp, type TestApp } from '../support/app.js';
import { newClient, signUp, sql, type Client, type SignedUpUser } from '../support/account-factory.js';
import { waitFor } from '../support/wait.js';
import { listen } from '../support/raw-http.js';
import { clip, leftoverUploads, png, storedObjects, webmRecording } from '../support/upload-fixtures.js';
import { ResumableUploadService } from '../../src/files/resumable-upload.service.js';
import { startGcsStub, type GcsStub } from '../support/gcs-stub-server.js';

const ENDPOINT = '/api/files/uploads';
const MAX = 314_572_800;

function metadata(m: Record<string, string>): string {
  return Object.entries(m)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');
}

const VIDEO_META = { type: 'video', filename: 'launch.mp4', filetype: 'video/mp4' };

function create(client: Client, opts: { length?: number; defer?: boolean; meta?: Record<string, string> } = {}) {
  const req = client.post(ENDPOINT).set('Tus-Resumable', '1.0.0').set('Upload-Metadata', metadata(opts.meta ?? VIDEO_META));
  if (opts.defer) req.set('Upload-Defer-Length', '1');
  if (opts.length !== undefined) req.set('Upload-Length', String(opts.length));
  return req;
}

function patch(client: Client, location: string, offset: number, body: Buffer, extra: Record<string, string> = {}) {
  const req = client.patch(location).set('Tus-Resumable', '1.0.0').set('Upload-Offset', String(offset)).set('Content-Type', 'application/offset+octet-stream');
  for (const [k, v] of Object.entries(extra)) req.set(k, v);
  return req.send(body);
}

let server: Parameters<typeof request>[0];
function head(client: Client, location: string) {
  return request(server).head(location).set('Cookie', client.cookieHeader).set('X-Forwarded-For', client.ip).set('Tus-Resumable', '1.0.0');
}

describe('Resumable uploads (tus)', () => {
  let t: TestApp;
  let ann: SignedUpUser;
  let bob: SignedUpUser;
  let video: Buffer;
  let partials: string;
  const partialFiles = () => (fs.existsSync(partials) ? fs.readdirSync(partials) : []);
  // Unfinished uploads of the account.
  const rows = (userId: string) => sql<{ id: string }>(t, 'select id from resumable_upload where owner_id = ? and finished_at is null', [userId]);

  beforeAll(async () => {
    t = await startTestApp();
    server = t.app.getHttpServer();
    await listen(t.app.getHttpServer());
    ann = await signUp(t);
    bob = await signUp(t);
    video = fs.readFileSync(clip('mp4', 2));
    partials = t.app.get(ResumableUploadService).partialsDir;
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    // Each test cancels what it left unfinished, so the per-account bound starts afresh.
    await sql(t, 'delete from resumable_upload where finished_at is null');
    for (const f of partialFiles()) fs.rmSync(path.join(partials, f), { force: true });
  });

  it('creates, takes the bytes in two PATCHes and answers the last with the file, as POST /files would', async () => {
    const created = await create(ann.client, { length: video.length });
    expect(created.status).toBe(201);
    expect(created.headers['tus-resumable']).toBe('1.0.0');
    const location = created.headers.location as string;
    expect(location).toMatch(/^\/api\/files\/uploads\/[0-9a-f]{32}$/);
    expect(created.headers['upload-expires']).toBeDefined();

    const half = Math.floor(video.length / 2);
    const first = await patch(ann.client, location, 0, video.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(half));

    const last = await patch(ann.client, location, half, video.subarray(half));
    expect(last.status).toBe(200);
    expect(last.headers['content-type']).toMatch(/application\/json/);
    const body = JSON.parse(last.text);
    expect(body).toMatchObject({ result: true, message: 'File uploaded successfully', body: { fileName: 'launch.mp4', fileType: 'video' } });
    expect(last.headers['eyemail-file-id']).toBe(body.body.fileId);

    const listed = await ann.client.get(`/api/files/${body.body.fileId}`).expect(200);
    expect(listed.body.body.fileId).toBe(body.body.fileId);
    // A client that lost that answer asks again: the finished upload names its file.
    const again = await head(ann.client, location);
    expect(again.status).toBe(200);
    expect(again.headers['upload-offset']).toBe(String(video.length));
    expect(again.headers['eyemail-file-id']).toBe(body.body.fileId);
    expect(partialFiles()).toEqual([]);
    expect(leftoverUploads(t)).toEqual([]);
  });

  it('resumes an upload whose connection was cut mid-way from the offset HEAD tells', async () => {
    const created = await create(ann.client, { length: video.length });
    const location = created.headers.location as string;
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    // A PATCH that declares every byte, sends a part and loses its connection.
    const sent = Math.floor(video.length * 0.6);
    await new Promise<void>((resolve) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: location,
        agent: false,
        headers: {
          Cookie: ann.client.cookieHeader,
          'X-XSRF-TOKEN': ann.client.xsrfToken,
          'Tus-Resumable': '1.0.0',
          'Upload-Offset': '0',
          'Content-Type': 'application/offset+octet-stream',
          'Content-Length': String(video.length),
        },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(video.subarray(0, sent), () => setImmediate(() => req.destroy()));
    });

    const offset = await waitFor(async () => {
      const res = await head(ann.client, location);
      const n = Number(res.headers['upload-offset']);
      return res.status === 200 && n > 0 ? n : null;
    }, 'the received bytes to be counted');
    expect(offset).toBeLessThanOrEqual(sent);
    const resumed = await patch(ann.client, location, offset, video.subarray(offset));
    expect(resumed.status).toBe(200);
    const file = JSON.parse(resumed.text).body;
    // The stored video is byte for byte the one sent.
    const stored = storedObjects(t).find((k) => k.startsWith(path.join('f', file.fileId)) && k.endsWith('.mp4'))!;
    expect(fs.readFileSync(path.join(t.config.dataDir, 'media', stored)).equals(video)).toBe(true);
  });

  it('refuses a PATCH at the wrong offset (409) and keeps the upload resumable', async () => {
    const location = (await create(ann.client, { length: video.length })).headers.location as string;
    await patch(ann.client, location, 0, video.subarray(0, 1000)).expect(204);
    const wrong = await patch(ann.client, location, 500, video.subarray(500, 1500));
    expect(wrong.status).toBe(409);
    expect(JSON.parse(wrong.text)).toMatchObject({ result: false });
    expect((await head(ann.client, location)).headers['upload-offset']).toBe('1000');
  });

  it('answers another account’s upload with 404 (HEAD, PATCH, DELETE) and leaves it alone', async () => {
    const location = (await create(ann.client, { length: video.length })).headers.location as string;
    await patch(ann.client, location, 0, video.subarray(0, 1000)).expect(204);
    expect((await head(bob.client, location)).status).toBe(404);
    const forged = await patch(bob.client, location, 1000, video.subarray(1000, 2000));
    expect(forged.status).toBe(404);
    expect(forged.body).toEqual({ result: false, message: 'Upload not found.', body: null, errors: null });
    expect((await bob.client.delete(location).set('Tus-Resumable', '1.0.0')).status).toBe(404);
    // An id that never was answers the same, and so does one that cannot be an id.
    expect((await head(bob.client, `${ENDPOINT}/${'0'.repeat(32)}`)).status).toBe(404);
    expect((await patch(bob.client, `${ENDPOINT}/%00`, 0, Buffer.from('x'))).status).toBe(404);
    expect((await head(ann.client, location)).headers['upload-offset']).toBe('1000');
  });

  it('refuses a declared length past 300 MB at creation (413, spec message) without storing anything', async () => {
    const res = await create(ann.client, { length: MAX + 1 });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ result: false, message: 'Max video size is 300 MB' });
    expect(await rows(ann.id)).toEqual([]);
    expect(partialFiles()).toEqual([]);
  });

  it('refuses bytes past the declared length (413) and deletes the partial', async () => {
    const location = (await create(ann.client, { length: 1000 })).headers.location as string;
    await patch(ann.client, location, 0, video.subarray(0, 400)).expect(204);
    const res = await patch(ann.client, location, 400, video.subarray(400, 2400));
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text)).toMatchObject({ result: false, message: 'Max video size is 300 MB' });
    expect(await rows(ann.id)).toEqual(expect.not.arrayContaining([expect.objectContaining({ id: location.split('/').pop() })]));
    expect(partialFiles()).toEqual([]);
    expect((await head(ann.client, location)).status).toBe(404);
  });

  it('refuses a recording whose length, declared late, is past 300 MB, and deletes the partial', async () => {
    const meta = { type: 'video', filename: 'recording.webm', filetype: 'video/webm;codecs=vp8,opus', source: 'recorder' };
    const location = (await create(ann.client, { defer: true, meta })).headers.location as string;
    await patch(ann.client, location, 0, video.subarray(0, 500)).expect(204);
    const res = await patch(ann.client, location, 500, video.subarray(500, 1000), { 'Upload-Length': String(MAX + 1) });
    expect(res.status).toBe(413);
    expect(partialFiles()).toEqual([]);
    expect(await rows(ann.id)).toEqual([]);
  });

  it.each([
    ['a .webm file', { type: 'video', filename: 'clip.webm', filetype: 'video/webm' }],
    ['a .mov name declared as an image', { type: 'video', filename: 'clip.mov', filetype: 'image/png' }],
    ['an image name', { type: 'video', filename: 'photo.png', filetype: 'video/mp4' }],
  ])('refuses %s from the file picker (415, spec message)', async (_label, meta) => {
    const res = await create(ann.client, { length: 1000, meta });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ result: false, message: 'Please upload .mp4 or .mov file only' });
    expect(partialFiles()).toEqual([]);
  });

  it('refuses a file upload without Upload-Length, and any type but video', async () => {
    expect((await create(ann.client, { defer: true })).status).toBe(400);
    const image = await create(ann.client, { length: 10, meta: { type: 'image', filename: 'a.png', filetype: 'image/png' } });
    expect(image.status).toBe(400);
    expect(await rows(ann.id)).toEqual([]);
  });

  it('checks the real content on the last byte: an image named .mp4 is refused (415) and nothing stays', async () => {
    const before = storedObjects(t);
    const fake = await png(64, 64);
    const location = (await create(ann.client, { length: fake.length })).headers.location as string;
    const res = await patch(ann.client, location, 0, fake);
    expect(res.status).toBe(415);
    expect(JSON.parse(res.text)).toEqual({ result: false, message: 'This file is not a video we can read. Please upload an .mp4 or .mov file.', body: null, errors: null });
    expect(storedObjects(t)).toEqual(before);
    expect(partialFiles()).toEqual([]);
    expect(await rows(ann.id)).toEqual(expect.not.arrayContaining([expect.objectContaining({ id: location.split('/').pop() })]));
  });

  it('takes a recording whose length is given on its last PATCH (MediaRecorder MP4)', async () => {
    const meta = { type: 'video', filename: 'Recording.mp4', filetype: 'video/mp4;codecs=avc1.42E01E,mp4a.40.2', source: 'recorder' };
    const created = await create(ann.client, { defer: true, meta });
    expect(created.status).toBe(201);
    const location = created.headers.location as string;
    const half = Math.floor(video.length / 2);
    await patch(ann.client, location, 0, video.subarray(0, half)).expect(204);
    const last = await patch(ann.client, location, half, video.subarray(half), { 'Upload-Length': String(video.length) });
    expect(JSON.parse(last.text)).toMatchObject({ result: true, message: 'File uploaded successfully', body: { fileName: 'Recording.mp4' } });
    expect(last.status).toBe(200);
  });

  it('lets a WebM recording (VP8 + Opus) start with a deferred length and take its bytes', async () => {
    const webm = fs.readFileSync(webmRecording(2));
    const meta = { type: 'video', filename: 'Recording.webm', filetype: 'video/webm;codecs=vp8,opus', source: 'recorder' };
    const created = await create(ann.client, { defer: true, meta });
    expect(created.status).toBe(201);
    const location = created.headers.location as string;
    const half = Math.floor(webm.length / 2);
    await patch(ann.client, location, 0, webm.subarray(0, half)).expect(204);
    expect((await head(ann.client, location)).headers['upload-defer-length']).toBe('1');
    // The same type from the file picker is refused, and a recorder codec outside VP8/VP9/Opus too.
    expect((await create(ann.client, { length: webm.length, meta: { ...meta, source: 'file' } })).status).toBe(415);
    expect((await create(ann.client, { defer: true, meta: { ...meta, filetype: 'video/webm;codecs=av1' } })).status).toBe(415);
  });

  it('takes every byte in the creation request (creation-with-upload)', async () => {
    const res = await create(ann.client, { length: video.length }).set('Content-Type', 'application/offset+octet-stream').send(video);
    expect(res.status).toBe(201);
    expect(JSON.parse(res.text)).toMatchObject({ result: true, body: { fileName: 'launch.mp4' } });
    expect(partialFiles()).toEqual([]);
  });

  it('cancels an upload (DELETE): its bytes and record go', async () => {
    const location = (await create(ann.client, { length: video.length })).headers.location as string;
    await patch(ann.client, location, 0, video.subarray(0, 1000)).expect(204);
    expect((await ann.client.delete(location).set('Tus-Resumable', '1.0.0')).status).toBe(204);
    expect(partialFiles()).toEqual([]);
    expect(await rows(ann.id)).toEqual(expect.not.arrayContaining([expect.objectContaining({ id: location.split('/').pop() })]));
    expect((await head(ann.client, location)).status).toBe(404);
  });

  it('holds at most 5 unfinished uploads per account (429 with a clear message)', async () => {
    const locations: string[] = [];
    for (let i = 0; i < 5; i++) locations.push((await create(ann.client, { length: video.length }).expect(201)).headers.location as string);
    const sixth = await create(ann.client, { length: video.length });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe('You have 5 unfinished uploads. Finish or cancel one of them before starting another.');
    // Another account is not held back; a cancelled upload makes room.
    expect((await create(bob.client, { length: video.length })).status).toBe(201);
    await ann.client.delete(locations[0]).set('Tus-Resumable', '1.0.0').expect(204);
    expect((await create(ann.client, { length: video.length })).status).toBe(201);
  });

  it('needs a session and the XSRF header like every other call', async () => {
    const anonymous = await newClient(t);
    expect((await create(anonymous, { length: 1000 })).status).toBe(401);
    const noHeader = await ann.client.post(ENDPOINT).set('X-XSRF-TOKEN', '').set('Tus-Resumable', '1.0.0').set('Upload-Length', '1000');
    expect(noHeader.status).toBe(403);
    expect(partialFiles()).toEqual([]);
  });

  it('sweeps partials untouched for UPLOAD_RESUME_HOURS, and bytes no record points at', async () => {
    const stale = (await create(ann.client, { length: video.length })).headers.location as string;
    await patch(ann.client, stale, 0, video.subarray(0, 1000)).expect(204);
    const fresh = (await create(ann.client, { length: video.length })).headers.location as string;
    await patch(ann.client, fresh, 0, video.subarray(0, 1000)).expect(204);
    const staleId = stale.split('/').pop()!;
    await sql(t, `update resumable_upload set touched_at = now() - interval '25 hours' where id = ?`, [staleId]);
    const orphan = path.join(partials, 'ab'.repeat(16));
    fs.writeFileSync(orphan, 'left by a creation that failed half-way');
    const old = new Date(Date.now() - 3600_000);
    fs.utimesSync(orphan, old, old);

    await t.app.get(ResumableUploadService).sweep();
    expect(partialFiles().sort()).toEqual([fresh.split('/').pop()!, `${fresh.split('/').pop()!}.json`].sort());
    expect((await rows(ann.id)).map((r) => r.id)).not.toContain(staleId);
    expect((await head(ann.client, stale)).status).toBe(404);
    expect((await head(ann.client, fresh)).headers['upload-offset']).toBe('1000');
  });
});

// Media in a Google Cloud Storage bucket (the real client against a local stand-in of its JSON
// API): the partial waits on local disk, the checked video lands in the bucket, a refused one
// leaves the bucket as it was.
describe('Resumable uploads with media in Google Cloud Storage', () => {
  const BUCKET = 'eyemail-tus-test';
  let stub: GcsStub;
  let t: TestApp;
  let user: SignedUpUser;
  const objects = () => [...(stub.buckets.get(BUCKET)?.keys() ?? [])].sort();

  beforeAll(async () => {
    stub = await startGcsStub([BUCKET]);
    t = await startTestApp({ GCS_BUCKET: BUCKET, GCS_API_ENDPOINT: stub.url, GCS_PROJECT_ID: 'eyemail-test', UPLOADS_PER_HOUR: '3' });
    user = await signUp(t);
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  it('stores the finished upload in the bucket, byte for byte, and nothing for a refused one', async () => {
    const video = fs.readFileSync(clip('mp4', 2));
    const location = (await create(user.client, { length: video.length })).headers.location as string;
    const half = Math.floor(video.length / 2);
    await patch(user.client, location, 0, video.subarray(0, half)).expect(204);
    const last = await patch(user.client, location, half, video.subarray(half));
    expect(last.status).toBe(200);
    const file = JSON.parse(last.text).body;
    const key = objects().find((k) => k.startsWith(`f/${file.fileId}/`) && k.endsWith('.mp4'))!;
    expect(stub.buckets.get(BUCKET)!.get(key)!.data.equals(video)).toBe(true);
    expect(stub.buckets.get(BUCKET)!.get(key)!.contentType).toBe('video/mp4');
    expect(fs.existsSync(path.join(t.config.dataDir, 'media', 'f'))).toBe(false);

    const before = objects();
    const fake = await png(64, 64);
    const refused = (await create(user.client, { length: fake.length })).headers.location as string;
    expect((await patch(user.client, refused, 0, fake)).status).toBe(415);
    expect(objects()).toEqual(before);
    expect(fs.readdirSync(t.app.get(ResumableUploadService).partialsDir)).toEqual([]);
  });

  it('counts each creation against UPLOADS_PER_HOUR, refused ones included (429 with Retry-After)', async () => {
    // The test above created two uploads of the three allowed this hour.
    expect((await create(user.client, { length: 1000 })).status).toBe(201);
    const over = await create(user.client, { length: 1000 });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ result: false, message: 'You can upload up to 3 files an hour. Please wait a while before uploading more.' });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});
