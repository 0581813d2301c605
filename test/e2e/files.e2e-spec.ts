// POST/GET/DELETE files and the profile picture, through HTTP on the real app: good files and bad
// ones (wrong type, renamed, oversize, truncated, empty, image bombs), ownership, and that a
// refused or abandoned upload leaves nothing behind.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import crypto from 'node:crypto';
import sharp from 'sharp';
import request from 'supertest';
import { startTestApp, type TestApp } from '../support/app.js';
import { newClient, signUp, sql, type SignedUpUser } from '../support/account-factory.js';
import { listen } from '../support/raw-http.js';
import { waitFor } from '../support/wait.js';
import {
  animatedGif,
  audioOnly,
  cameraJpeg,
  clip,
  corruptPng,
  fetchBytes,
  HTML_FILE,
  leftoverUploads,
  png,
  pngBomb,
  storedObjects,
  truncatedClip,
  upload,
} from '../support/upload-fixtures.js';
import { FilesService } from '../../src/files/files.service.js';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const MB = 1024 * 1024;
const NOT_A_VIDEO = 'This file is not a video we can read. Please upload an .mp4 or .mov file.';

// Junk with the opening bytes of a PNG, of an exact length.
function pngLike(bytes: number): Buffer {
  const b = Buffer.alloc(bytes, 0x41);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
  return b;
}

function multipartParts(boundary: string, fileName: string, contentType: string): { head: Buffer; tail: Buffer } {
  return {
    head: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    tail: Buffer.from(`\r\n--${boundary}--\r\n`),
  };
}

interface RawUpload {
  req: http.ClientRequest;
  response: Promise<{ status: number; body: Record<string, unknown> }>;
}

// An upload written by hand on a socket, for what supertest cannot do: declare a length it never
// sends, stream without a length, or go away in the middle.
function rawUpload(t: TestApp, user: SignedUpUser, kind: string, headers: Record<string, string>): RawUpload {
  const { port } = t.app.getHttpServer().address() as AddressInfo;
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: `/api/files?type=${kind}`,
    agent: false,
    headers: {
      Cookie: `${user.sessionCookie}; XSRF-TOKEN=${encodeURIComponent(user.client.xsrfToken)}`,
      'X-XSRF-TOKEN': user.client.xsrfToken,
      ...headers,
    },
  });
  req.on('error', () => undefined);
  const response = new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      res.on('error', reject);
    });
  });
  return { req, response };
}

function write(req: http.ClientRequest, chunk: Buffer): Promise<void> {
  return new Promise((resolve) => {
    if (req.write(chunk)) resolve();
    else req.once('drain', resolve);
  });
}

describe('files API', () => {
  let t: TestApp;
  let ann: SignedUpUser;
  let bob: SignedUpUser;

  beforeAll(async () => {
    t = await startTestApp();
    await listen(t.app.getHttpServer());
    [ann, bob] = [await signUp(t, { fullName: 'Ann Lee' }), await signUp(t, { fullName: 'Bob Ray' })];
  });
  afterAll(async () => {
    await t.close();
  });

  // Runs a refused upload and checks the answer, then that no file, record or scrap remains.
  async function expectRefused(res: Promise<request.Response> | request.Test, status: number, message: string) {
    const before = storedObjects(t);
    const listed = (await ann.client.get('/api/files?type=video')).body.body.length;
    const r = await res;
    expect({ status: r.status, message: r.body.message, result: r.body.result, body: r.body.body }).toEqual({ status, message, result: false, body: null });
    expect(storedObjects(t)).toEqual(before);
    expect(leftoverUploads(t)).toEqual([]);
    expect((await ann.client.get('/api/files?type=video')).body.body).toHaveLength(listed);
  }

  describe('videos', () => {
    it('stores an .mp4 as uploaded and answers with its view', async () => {
      const res = await upload(ann.client, 'video', clip('mp4'), 'launch.mp4', 'video/mp4');
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ result: true, message: 'File uploaded successfully', errors: null });
      const file = res.body.body;
      expect(file).toEqual({
        fileId: expect.stringMatching(new RegExp(`^${UUID}$`)),
        fileName: 'launch.mp4',
        fileType: 'video',
        contentType: 'video/mp4',
        size: fs.statSync(clip('mp4')).size,
        url: expect.stringMatching(new RegExp(`^http://eyemail\\.test/media/f/${UUID}/${UUID}\\.mp4$`)),
        width: 320,
        height: 240,
        durationSecs: expect.any(Number),
        dateUploadedUTC: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
      expect(file.durationSecs).toBeCloseTo(2, 1);

      const served = await fetchBytes(t, file.url);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('video/mp4');
      expect((served.body as Buffer).equals(fs.readFileSync(clip('mp4')))).toBe(true);
    });

    it('serves the uploaded video with byte ranges', async () => {
      const file = (await upload(ann.client, 'video', clip('mp4'), 'ranged.mp4', 'video/mp4')).body.body;
      const whole = fs.readFileSync(clip('mp4'));
      const part = await fetchBytes(t, file.url, { Range: 'bytes=100-1123' });
      expect(part.status).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-1123/${whole.length}`);
      expect((part.body as Buffer).equals(whole.subarray(100, 1124))).toBe(true);
      const tail = await fetchBytes(t, file.url, { Range: 'bytes=-10' });
      expect((tail.body as Buffer).equals(whole.subarray(whole.length - 10))).toBe(true);
    });

    it('stores a .mov as QuickTime', async () => {
      const res = await upload(ann.client, 'video', clip('mov'), 'Phone Clip.MOV', 'video/quicktime');
      expect(res.status).toBe(201);
      expect(res.body.body).toMatchObject({ fileName: 'Phone Clip.MOV', contentType: 'video/quicktime', url: expect.stringMatching(/\.mov$/) });
      expect((await fetchBytes(t, res.body.body.url)).headers['content-type']).toBe('video/quicktime');
    });

    it('takes the file from the "file" part after any text fields, and refuses it under another name (400)', async () => {
      const res = await ann.client
        .post('/api/files?type=video')
        .field('note', 'from the widget')
        .attach('file', fs.readFileSync(clip('mp4')), { filename: 'after-a-field.mp4', contentType: 'video/mp4' });
      expect(res.status).toBe(201);
      expect(res.body.body.fileName).toBe('after-a-field.mp4');
      await expectRefused(
        ann.client.post('/api/files?type=video').attach('upload', fs.readFileSync(clip('mp4')), { filename: 'other-part.mp4', contentType: 'video/mp4' }),
        400,
        'Fail to upload try again',
      );
    });

    it('refuses other video formats by extension or declared type (415)', async () => {
      await expectRefused(upload(ann.client, 'video', clip('mp4'), 'clip.avi', 'video/x-msvideo'), 415, 'Please upload .mp4 or .mov file only');
      await expectRefused(upload(ann.client, 'video', clip('mp4'), 'clip.mp4', 'application/x-msdownload'), 415, 'Please upload .mp4 or .mov file only');
    });

    it('refuses renamed files whose content is not MP4/MOV (415): not a video, whatever the name', async () => {
      await expectRefused(upload(ann.client, 'video', Buffer.from('shopping list\n'.repeat(200)), 'list.mp4', 'video/mp4'), 415, NOT_A_VIDEO);
      await expectRefused(upload(ann.client, 'video', await png(64, 64), 'still.mov', 'video/quicktime'), 415, NOT_A_VIDEO);
      await expectRefused(upload(ann.client, 'video', audioOnly(), 'song.mp4', 'video/mp4'), 415, NOT_A_VIDEO);
    });

    it('refuses a truncated MP4 that ffprobe cannot read (422)', async () => {
      await expectRefused(upload(ann.client, 'video', truncatedClip(), 'cut.mp4', 'video/mp4'), 422, NOT_A_VIDEO);
    });

    it('refuses an empty file, no file, several files and other bodies (400)', async () => {
      await expectRefused(upload(ann.client, 'video', Buffer.alloc(0), 'empty.mp4', 'video/mp4'), 400, 'Fail to upload try again');
      await expectRefused(ann.client.post('/api/files?type=video').field('title', 'no file'), 400, 'Fail to upload try again');
      await expectRefused(
        ann.client
          .post('/api/files?type=video')
          .attach('file', fs.readFileSync(clip('mp4')), { filename: 'a.mp4', contentType: 'video/mp4' })
          .attach('file', fs.readFileSync(clip('mp4')), { filename: 'b.mp4', contentType: 'video/mp4' }),
        400,
        'Fail to upload try again',
      );
      await expectRefused(ann.client.post('/api/files?type=video').send({ file: 'x' }), 400, 'Fail to upload try again');
    });

    it('refuses an unknown or missing type (400)', async () => {
      const res = await upload(ann.client, 'movie', clip('mp4'), 'a.mp4', 'video/mp4');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('type must be one of video, image, gif, logo, cover, videoIcon, profile, attachment');
      expect((await upload(ann.client, '', clip('mp4'), 'a.mp4')).status).toBe(400);
      expect((await ann.client.get('/api/files?type=movies')).status).toBe(400);
      expect((await ann.client.get('/api/files')).status).toBe(400);
    });

    it('refuses a video declared larger than 300 MB before reading it (413)', async () => {
      const boundary = `b${crypto.randomBytes(8).toString('hex')}`;
      const { head } = multipartParts(boundary, 'huge.mp4', 'video/mp4');
      const raw = rawUpload(t, ann, 'video', {
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': String(314572800 + 2 * MB),
      });
      await write(raw.req, head);
      await write(raw.req, Buffer.alloc(64 * 1024));
      const res = await raw.response;
      raw.req.destroy();
      expect(res).toEqual({ status: 413, body: { result: false, message: 'Max video size is 300 MB', body: null, errors: null } });
      expect(leftoverUploads(t)).toEqual([]);
    });
  });

  describe('images and GIFs', () => {
    it('re-encodes a logo as a JPEG of at most 600x600', async () => {
      const res = await upload(ann.client, 'logo', await png(1200, 800), 'logo.png', 'image/png');
      expect(res.status).toBe(201);
      expect(res.body.body).toMatchObject({ fileType: 'logo', fileName: 'logo.png', contentType: 'image/jpeg', width: 600, height: 400, url: expect.stringMatching(/\.jpg$/) });
      const served = await fetchBytes(t, res.body.body.url);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(await sharp(served.body as Buffer).metadata()).toMatchObject({ format: 'jpeg', width: 600, height: 400 });
      expect(res.body.body.size).toBe((served.body as Buffer).length);
    });

    it('turns a camera photo upright and strips its metadata', async () => {
      const res = await upload(ann.client, 'profile', await cameraJpeg(800, 600), 'me.jpeg', 'image/jpeg');
      expect(res.status).toBe(201);
      // EXIF orientation 6: the 800x600 picture is shown 600x800, then fitted into 600x600
      expect(res.body.body).toMatchObject({ width: 450, height: 600 });
      const meta = await sharp((await fetchBytes(t, res.body.body.url)).body as Buffer).metadata();
      expect(meta).toMatchObject({ width: 450, height: 600 });
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    });

    it('never enlarges small images, and keeps support screenshots readable', async () => {
      expect((await upload(ann.client, 'image', await png(300, 200), 'small.png', 'image/png')).body.body).toMatchObject({ width: 300, height: 200 });
      expect((await upload(ann.client, 'attachment', await png(2400, 1200), 'bug.png', 'image/png')).body.body).toMatchObject({
        width: 2000,
        height: 1000,
        contentType: 'image/png',
      });
    });

    it('accepts a PNG named .jpg: the content is an image the kind allows', async () => {
      const res = await upload(ann.client, 'videoIcon', await png(100, 100), 'icon.jpg', 'image/jpeg');
      expect(res.status).toBe(201);
      expect(res.body.body.contentType).toBe('image/jpeg');
    });

    it('keeps an animated GIF exactly as uploaded', async () => {
      const gif = fs.readFileSync(animatedGif());
      for (const kind of ['gif', 'cover']) {
        const res = await upload(ann.client, kind, gif, 'anim.gif', 'image/gif');
        expect(res.status).toBe(201);
        expect(res.body.body).toMatchObject({ fileType: kind, contentType: 'image/gif', width: 160, height: 120, size: gif.length });
        const served = await fetchBytes(t, res.body.body.url);
        expect(served.headers['content-type']).toBe('image/gif');
        expect((served.body as Buffer).equals(gif)).toBe(true);
      }
    });

    it('refuses types a kind does not take, and renamed content (415)', async () => {
      const gif = fs.readFileSync(animatedGif());
      await expectRefused(upload(ann.client, 'logo', gif, 'anim.gif', 'image/gif'), 415, 'Invalid file type!');
      await expectRefused(upload(ann.client, 'gif', await png(50, 50), 'fake.gif', 'image/gif'), 415, 'Invalid file type!');
      await expectRefused(upload(ann.client, 'logo', HTML_FILE, 'page.png', 'image/png'), 415, 'Invalid file type!');
      await expectRefused(upload(ann.client, 'cover', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'doc.jpg', 'image/jpeg'), 415, 'Invalid file type!');
      await expectRefused(upload(ann.client, 'image', await png(50, 50), 'pic.svg', 'image/svg+xml'), 415, 'Invalid file type!');
    });

    it('refuses an image bomb from its header (422)', async () => {
      const bomb = pngBomb();
      expect(bomb.length).toBeLessThan(2000);
      await expectRefused(upload(ann.client, 'image', bomb, 'bomb.png', 'image/png'), 422, 'This image is too large to process. Please upload an image under 100 megapixels.');
    });

    it('refuses an image that cannot be decoded (422)', async () => {
      await expectRefused(upload(ann.client, 'logo', corruptPng(), 'broken.png', 'image/png'), 422, 'This image could not be read. Please upload a .png or .jpg file.');
      const half = (await png(400, 400, '#123456')).subarray(0, 120);
      await expectRefused(upload(ann.client, 'logo', half, 'half.png', 'image/png'), 422, 'This image could not be read. Please upload a .png or .jpg file.');
    });

    it('refuses files over each kind’s limit while they stream in (413), and takes the limit itself', async () => {
      await expectRefused(upload(ann.client, 'logo', pngLike(10 * MB + 1), 'big.png', 'image/png'), 413, 'Max image size is 10 MB');
      await expectRefused(upload(ann.client, 'image', pngLike(15 * MB + 1), 'big.png', 'image/png'), 413, 'Max image size is 15 MB');
      const gifLike = Buffer.alloc(14 * MB + 1, 0x41);
      Buffer.from('GIF89a').copy(gifLike);
      await expectRefused(upload(ann.client, 'gif', gifLike, 'big.gif', 'image/gif'), 413, 'Max GIF size is 14 MB');
      // exactly 10 MB passes the size check and is then judged on its content (junk, not a PNG)
      await expectRefused(upload(ann.client, 'logo', pngLike(10 * MB), 'limit.png', 'image/png'), 415, 'Invalid file type!');
    });

    it('stops an upload streamed without a length at the limit (413)', async () => {
      const boundary = `b${crypto.randomBytes(8).toString('hex')}`;
      const { head, tail } = multipartParts(boundary, 'stream.png', 'image/png');
      const before = storedObjects(t);
      const raw = rawUpload(t, ann, 'logo', { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Transfer-Encoding': 'chunked' });
      await write(raw.req, head);
      const chunk = pngLike(MB);
      for (let i = 0; i < 11; i++) await write(raw.req, chunk);
      raw.req.end(tail);
      const res = await raw.response;
      expect(res).toEqual({ status: 413, body: { result: false, message: 'Max image size is 10 MB', body: null, errors: null } });
      expect(storedObjects(t)).toEqual(before);
      expect(leftoverUploads(t)).toEqual([]);
    });
  });

  it('leaves nothing behind when the client goes away mid-upload', async () => {
    const before = storedObjects(t);
    const boundary = `b${crypto.randomBytes(8).toString('hex')}`;
    const { head } = multipartParts(boundary, 'gone.mp4', 'video/mp4');
    const raw = rawUpload(t, ann, 'video', { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(8 * MB) });
    await write(raw.req, head);
    await write(raw.req, fs.readFileSync(clip('mp4')).subarray(0, 32 * 1024));
    // the server is receiving it into a temporary file...
    await waitFor(() => leftoverUploads(t).length === 1, 'the upload to start');
    raw.req.destroy();
    // ...which goes once the connection is gone
    await waitFor(() => leftoverUploads(t).length === 0, 'the partial upload to be removed');
    expect(storedObjects(t)).toEqual(before);
    expect((await ann.client.get('/api/files?type=video')).body.body.map((i: { fileName: string }) => i.fileName)).not.toContain('gone');
  });

  it('allows slow uploads of large videos (the server does not cut long requests at 5 minutes)', () => {
    expect(t.app.getHttpServer().requestTimeout).toBeGreaterThanOrEqual(30 * 60 * 1000);
  });

  describe('listing, reading and ownership', () => {
    let mine: { fileId: string; url: string };

    beforeAll(async () => {
      mine = (await upload(bob.client, 'video', clip('mp4'), 'Spring Sale.final.mp4', 'video/mp4')).body.body;
      await upload(bob.client, 'video', clip('mov'), 'second.mov', 'video/quicktime');
      await upload(bob.client, 'logo', await png(100, 100), 'bob-logo.png', 'image/png');
    });

    it('lists the user’s videos newest first, with name without extension, date and thumbnail', async () => {
      const res = await bob.client.get('/api/files?type=video');
      expect(res.status).toBe(200);
      const items = res.body.body;
      expect(items.map((i: { fileName: string }) => i.fileName)).toEqual(['second', 'Spring Sale.final']);
      expect(items[1]).toEqual({
        file: expect.objectContaining({ fileId: mine.fileId, fileName: 'Spring Sale.final.mp4', fileType: 'video', url: mine.url, thumbnailUrl: expect.stringMatching(/\.jpg$/) }),
        fileName: 'Spring Sale.final',
        dateUploadedUTC: expect.any(String),
        // no EyeMail uses it yet
        usedBy: [],
      });
      expect(Date.parse(items[0].dateUploadedUTC)).toBeGreaterThanOrEqual(Date.parse(items[1].dateUploadedUTC));
      const thumb = await fetchBytes(t, items[1].file.thumbnailUrl);
      expect(thumb.headers['content-type']).toBe('image/jpeg');
      expect(await sharp(thumb.body as Buffer).metadata()).toMatchObject({ format: 'jpeg', width: 600, height: 450 });
    });

    it('lists other kinds separately, an image being its own thumbnail', async () => {
      const logos = (await bob.client.get('/api/files?type=logo')).body.body;
      expect(logos).toHaveLength(1);
      expect(logos[0].file.thumbnailUrl).toBe(logos[0].file.url);
    });

    it('reads one file by id', async () => {
      const res = await bob.client.get(`/api/files/${mine.fileId}`);
      expect(res.status).toBe(200);
      expect(res.body.body).toMatchObject({ fileId: mine.fileId, url: mine.url });
    });

    it('never shows, lists or deletes another user’s file', async () => {
      expect((await ann.client.get('/api/files?type=video')).body.body.map((i: { file: { fileId: string } }) => i.file.fileId)).not.toContain(mine.fileId);
      for (const res of [await ann.client.get(`/api/files/${mine.fileId}`), await ann.client.delete(`/api/files/${mine.fileId}`)]) {
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ result: false, message: 'File not found.' });
      }
      expect((await bob.client.get(`/api/files/${mine.fileId}`)).status).toBe(200);
      expect((await fetchBytes(t, mine.url)).status).toBe(200);
    });

    it('answers 404 for ids that are not ids', async () => {
      expect((await bob.client.get('/api/files/not-an-id')).status).toBe(404);
      expect((await bob.client.delete(`/api/files/${crypto.randomUUID()}`)).body.message).toBe('File not found.');
    });

    it('needs a session, and the CSRF header for uploads', async () => {
      const anonymous = await newClient(t);
      expect((await anonymous.get('/api/files?type=video')).status).toBe(401);
      expect((await upload(anonymous, 'video', clip('mp4'), 'a.mp4', 'video/mp4')).status).toBe(401);
      const noHeader = await request(t.app.getHttpServer())
        .post('/api/files?type=logo')
        .set('Cookie', `${bob.sessionCookie}; XSRF-TOKEN=${encodeURIComponent(bob.client.xsrfToken)}`)
        .attach('file', await png(10, 10), { filename: 'x.png', contentType: 'image/png' });
      expect(noHeader.status).toBe(403);
    });
  });

  describe('deleting', () => {
    it('deletes the file, its poster and its record', async () => {
      const file = (await upload(ann.client, 'video', clip('mov'), 'delete-me.mov', 'video/quicktime')).body.body;
      const listed = (await ann.client.get('/api/files?type=video')).body.body.find((i: { file: { fileId: string } }) => i.file.fileId === file.fileId);
      const res = await ann.client.delete(`/api/files/${file.fileId}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ result: true, message: 'File deleted.', body: null, errors: null });
      expect((await fetchBytes(t, file.url)).status).toBe(404);
      expect((await fetchBytes(t, listed.file.thumbnailUrl)).status).toBe(404);
      expect((await ann.client.get(`/api/files/${file.fileId}`)).status).toBe(404);
      expect((await ann.client.delete(`/api/files/${file.fileId}`)).status).toBe(404);
    });

    it('refuses to delete a file another module says is in use (409), and keeps it', async () => {
      const file = (await upload(ann.client, 'video', clip('mp4'), 'in-use.mp4', 'video/mp4')).body.body;
      t.app.get(FilesService).registerUsageCheck('video', async (id) => (id === file.fileId ? 'This video is used by an EyeMail and cannot be deleted.' : null));
      const res = await ann.client.delete(`/api/files/${file.fileId}`);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ result: false, message: 'This video is used by an EyeMail and cannot be deleted.' });
      expect((await fetchBytes(t, file.url)).status).toBe(200);
    });

    it('answers 409 and keeps the file when a database reference forbids deleting it', async () => {
      const file = (await upload(ann.client, 'video', clip('mov'), 'referenced.mov', 'video/quicktime')).body.body;
      // what the snippet table does: its video reference is ON DELETE RESTRICT
      await sql(t, 'create table if not exists test_file_ref (file_id uuid not null references media_file (id) on delete restrict)');
      await sql(t, 'insert into test_file_ref (file_id) values (?)', [file.fileId]);
      const before = storedObjects(t);
      const res = await ann.client.delete(`/api/files/${file.fileId}`);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This video is used by an EyeMail and cannot be deleted.');
      expect(storedObjects(t)).toEqual(before);
      expect((await ann.client.get(`/api/files/${file.fileId}`)).status).toBe(200);
    });
  });

  it('documents the calls in the OpenAPI document', async () => {
    const doc = (await request(t.app.getHttpServer()).get('/api/docs/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/files', '/api/files/{id}', '/api/users/profile-picture']));
    expect(doc.paths['/api/files'].post.requestBody.content).toHaveProperty('multipart/form-data');
  });

  describe('profile picture', () => {
    const profile = async (u: SignedUpUser) => (await u.client.get('/api/users/profile')).body.body.profilePictureUrl;

    it('sets an uploaded picture, shows it in the profile, and deletes the one it replaces', async () => {
      const first = (await upload(ann.client, 'profile', await png(800, 800), 'me.png', 'image/png')).body.body;
      const set = await ann.client.put(`/api/users/profile-picture?profilePicture=${first.fileId}`);
      expect(set.status).toBe(200);
      expect(set.body).toEqual({ result: true, message: 'Picture updated successfully', body: { profilePictureUrl: first.url }, errors: null });
      expect(await profile(ann)).toBe(first.url);
      expect((await ann.client.post('/api/accounts/trysignin')).body.body.profilePictureUrl).toBe(first.url);

      const second = (await upload(ann.client, 'profile', await png(400, 400, '#00aa00'), 'me2.png', 'image/png')).body.body;
      expect((await ann.client.put(`/api/users/profile-picture?profilePicture=${second.fileId}`)).status).toBe(200);
      expect(await profile(ann)).toBe(second.url);
      expect((await fetchBytes(t, first.url)).status).toBe(404);
      expect((await ann.client.get(`/api/files/${first.fileId}`)).status).toBe(404);
    });

    it('cancelling an upload deletes it and keeps the saved picture', async () => {
      const saved = await profile(ann);
      const pending = (await upload(ann.client, 'profile', await png(300, 300), 'maybe.png', 'image/png')).body.body;
      expect((await ann.client.delete(`/api/files/${pending.fileId}`)).status).toBe(200);
      expect(await profile(ann)).toBe(saved);
      expect((await fetchBytes(t, saved)).status).toBe(200);
    });

    it('removes the picture', async () => {
      const saved = await profile(ann);
      const res = await ann.client.delete('/api/users/profile-picture');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ result: true, message: 'Picture removed.' });
      expect(await profile(ann)).toBeNull();
      expect((await fetchBytes(t, saved)).status).toBe(404);
    });

    it('clears the profile when its picture file is deleted', async () => {
      const pic = (await upload(ann.client, 'profile', await png(300, 300), 'p.png', 'image/png')).body.body;
      await ann.client.put(`/api/users/profile-picture?profilePicture=${pic.fileId}`);
      expect((await ann.client.delete(`/api/files/${pic.fileId}`)).status).toBe(200);
      expect(await profile(ann)).toBeNull();
    });

    it('refuses a missing id (400), and files that are not the user’s pictures (404)', async () => {
      expect((await ann.client.put('/api/users/profile-picture')).status).toBe(400);
      expect((await ann.client.put('/api/users/profile-picture?profilePicture=abc')).status).toBe(400);
      const bobs = (await upload(bob.client, 'profile', await png(300, 300), 'bob.png', 'image/png')).body.body;
      const video = (await upload(ann.client, 'video', clip('mp4'), 'v.mp4', 'video/mp4')).body.body;
      for (const id of [bobs.fileId, video.fileId, crypto.randomUUID()]) {
        const res = await ann.client.put(`/api/users/profile-picture?profilePicture=${id}`);
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('File not found.');
      }
      expect(await profile(ann)).toBeNull();
      expect(await profile(bob)).toBeNull();
    });
  });
});
