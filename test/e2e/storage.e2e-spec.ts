import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import type http from 'node:http';
import { Readable } from 'node:stream';
import { startTestApp, type TestApp } from '../support/app.js';
import { listen, rawRequest } from '../support/raw-http.js';
import { signUp } from '../support/account-factory.js';
import { STORAGE, StorageConflictError, StorageTooLargeError } from '../../src/storage/storage.adapter.js';
import type { LocalStorageAdapter } from '../../src/storage/local-storage.adapter.js';
import { StorageKeyError } from '../../src/storage/storage-keys.js';

// Deterministic, non-repeating-looking bytes, so a wrong offset shows up as wrong content.
function bytes(n: number, seed = 7): Buffer {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = (i * 31 + seed + (i >> 8)) % 251;
  return b;
}

describe('media storage on local disk', () => {
  let t: TestApp;
  let server: http.Server;
  let storage: LocalStorageAdapter;
  const id = crypto.randomUUID();
  const video = bytes(1000);
  const videoKey = `videos/${id}/email.mp4`;
  const get = (p: string, headers: Record<string, string> = {}) => rawRequest(server, p, { headers });

  beforeAll(async () => {
    t = await startTestApp();
    server = t.app.getHttpServer();
    await listen(server);
    storage = t.app.get(STORAGE);
    const put = await storage.putStream(videoKey, Readable.from([video.subarray(0, 400), video.subarray(400)]), { contentType: 'video/mp4' });
    expect(put.size).toBe(1000);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /media/*key', () => {
    it('serves the whole file with its type, length and immutable caching, and no cookie', async () => {
      const res = await get(`/media/${videoKey}`);
      expect(res.status).toBe(200);
      expect(res.body.equals(video)).toBe(true);
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.headers['content-length']).toBe('1000');
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
      expect(new Date(res.headers['last-modified']!).getTime()).not.toBeNaN();
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it('sets no cookie for a signed-in user either, so shared caches never store a session', async () => {
      const user = await signUp(t);
      const res = await get(`/media/${videoKey}`, { Cookie: user.sessionCookie, Range: 'bytes=0-9' });
      expect(res.status).toBe(206);
      expect(res.headers['set-cookie']).toBeUndefined();
      // The session itself is untouched and still signs the user in.
      await user.client.get('/api/users/profile').set('Cookie', user.sessionCookie).expect(200);
    });

    it('is addressed by the adapter public URL', () => {
      expect(storage.publicUrl(videoKey)).toBe(`http://eyemail.test/media/${videoKey}`);
    });

    it.each([
      ['bytes=0-99', 0, 99],
      ['bytes=100-', 100, 999],
      ['bytes=-50', 950, 999],
      ['bytes=990-5000', 990, 999],
      ['bytes=-5000', 0, 999],
      ['bytes=999-999', 999, 999],
    ])('answers Range %s with 206 and exactly those bytes', async (range, start, end) => {
      const res = await get(`/media/${videoKey}`, { Range: range });
      expect(res.status).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/1000`);
      expect(res.headers['content-length']).toBe(String(end - start + 1));
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.body.equals(video.subarray(start, end + 1))).toBe(true);
    });

    it.each(['bytes=0-1,5-6', 'bytes=abc', 'bytes=5-2', 'items=0-9', 'bytes=', 'bytes=--5'])(
      'ignores a multiple or malformed Range (%s) and sends the whole file',
      async (range) => {
        const res = await get(`/media/${videoKey}`, { Range: range });
        expect(res.status).toBe(200);
        expect(res.headers['content-range']).toBeUndefined();
        expect(res.body.equals(video)).toBe(true);
      },
    );

    it.each(['bytes=1000-', 'bytes=5000-6000', 'bytes=-0'])('answers an unsatisfiable Range (%s) with 416', async (range) => {
      const res = await get(`/media/${videoKey}`, { Range: range });
      expect(res.status).toBe(416);
      expect(res.headers['content-range']).toBe('bytes */1000');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ result: false, message: 'The requested range is not satisfiable.', body: null, errors: null });
    });

    it('answers HEAD with the headers only', async () => {
      const res = await rawRequest(server, `/media/${videoKey}`, { method: 'HEAD' });
      expect(res.status).toBe(200);
      expect(res.headers['content-length']).toBe('1000');
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.body.length).toBe(0);
      const ranged = await rawRequest(server, `/media/${videoKey}`, { method: 'HEAD', headers: { Range: 'bytes=0-9' } });
      expect(ranged.status).toBe(206);
      expect(ranged.headers['content-range']).toBe('bytes 0-9/1000');
      expect(ranged.body.length).toBe(0);
    });

    it('answers 304 to a matching If-None-Match or a recent If-Modified-Since', async () => {
      const first = await get(`/media/${videoKey}`);
      const etag = first.headers.etag!;
      const cached = await get(`/media/${videoKey}`, { 'If-None-Match': etag });
      expect(cached.status).toBe(304);
      expect(cached.body.length).toBe(0);
      expect(cached.headers.etag).toBe(etag);
      expect((await get(`/media/${videoKey}`, { 'If-None-Match': `"other", W/${etag}` })).status).toBe(304);
      expect((await get(`/media/${videoKey}`, { 'If-None-Match': '"something-else"' })).status).toBe(200);
      expect((await get(`/media/${videoKey}`, { 'If-Modified-Since': first.headers['last-modified']! })).status).toBe(304);
      expect((await get(`/media/${videoKey}`, { 'If-Modified-Since': 'Thu, 01 Jan 2015 00:00:00 GMT' })).status).toBe(200);
    });

    it('honours If-Range: the range for the same file, the whole file for another', async () => {
      const { etag } = (await get(`/media/${videoKey}`)).headers;
      const same = await get(`/media/${videoKey}`, { Range: 'bytes=0-9', 'If-Range': etag! });
      expect(same.status).toBe(206);
      const stale = await get(`/media/${videoKey}`, { Range: 'bytes=0-9', 'If-Range': '"0-0"' });
      expect(stale.status).toBe(200);
      expect(stale.body.equals(video)).toBe(true);
    });

    it('answers a missing key with a JSON 404 that is not cached', async () => {
      const res = await get(`/media/videos/${crypto.randomUUID()}/email.mp4`);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({ result: false, message: 'Not found.', body: null, errors: null });
    });

    it.each([
      '/media/..%2f..%2fetc/passwd',
      '/media/..%2F..%2F..%2Fetc%2Fpasswd',
      '/media/../../etc/passwd',
      '/media/videos/../../../etc/passwd',
      '/media/%2e%2e/%2e%2e/etc/passwd',
      '/media/.partial/anything',
      '/media/%2Fetc%2Fpasswd',
      '/media/videos/%00.mp4',
      '/media/Videos/UPPER.MP4',
      '/media/a%5c..%5c..%5cetc%5cpasswd',
    ])('refuses the malformed or traversing key %s', async (p) => {
      const res = await get(p);
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({ result: false, body: null });
      expect(res.body.toString()).not.toMatch(/root:/);
    });

    it.each([
      ['poster.jpg', 'image/jpeg'],
      ['poster.jpeg', 'image/jpeg'],
      ['loop.gif', 'image/gif'],
      ['logo.png', 'image/png'],
      ['source.mov', 'video/quicktime'],
      ['clip.webm', 'video/webm'],
    ])('serves %s as %s', async (name, type) => {
      const key = `assets/${crypto.randomUUID()}/${name}`;
      await storage.putStream(key, Readable.from([bytes(64, 3)]), { contentType: type });
      const res = await get(`/media/${key}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.body.equals(bytes(64, 3))).toBe(true);
    });

    it('serves anything that is not a media type as an opaque download, never as a page', async () => {
      const key = `misc/${crypto.randomUUID()}/page`;
      await storage.putStream(key, Readable.from([Buffer.from('<script>alert(1)</script>')]), { contentType: 'application/octet-stream' });
      const res = await get(`/media/${key}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-disposition']).toBe('attachment');
      expect(res.headers['content-security-policy']).toMatch(/sandbox/);
    });

    it('serves an empty file', async () => {
      const key = `misc/${crypto.randomUUID()}/empty.gif`;
      await storage.putStream(key, Readable.from([]), { contentType: 'image/gif' });
      const res = await get(`/media/${key}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-length']).toBe('0');
      expect((await get(`/media/${key}`, { Range: 'bytes=0-1' })).status).toBe(416);
    });

    it('streams a multi-megabyte file and serves its last bytes by range', async () => {
      const chunk = bytes(64 * 1024, 11);
      const chunks = 96; // 6 MB, produced lazily
      const key = `videos/${crypto.randomUUID()}/big.mp4`;
      async function* produce() {
        for (let i = 0; i < chunks; i++) yield chunk;
      }
      const put = await storage.putStream(key, Readable.from(produce()), { contentType: 'video/mp4' });
      expect(put.size).toBe(chunks * chunk.length);
      const tail = await get(`/media/${key}`, { Range: 'bytes=-100' });
      expect(tail.status).toBe(206);
      expect(tail.headers['content-range']).toBe(`bytes ${put.size - 100}-${put.size - 1}/${put.size}`);
      expect(tail.body.equals(chunk.subarray(chunk.length - 100))).toBe(true);
    });
  });

  describe('the local adapter', () => {
    it('makes an object visible only once it is completely written', async () => {
      const key = `videos/${crypto.randomUUID()}/email.mp4`;
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      async function* slow() {
        yield bytes(500);
        await gate;
        yield bytes(500, 9);
      }
      const writing = storage.putStream(key, Readable.from(slow()), { contentType: 'video/mp4' });
      // Wait until the first half has reached the disk as a partial file.
      const partialDir = path.join(storage.root, '.partial');
      for (let i = 0; i < 200 && !(fs.existsSync(partialDir) && fs.readdirSync(partialDir).some((f) => fs.statSync(path.join(partialDir, f)).size >= 500)); i++) {
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(await storage.stat(key)).toBeNull();
      expect((await get(`/media/${key}`)).status).toBe(404);
      release();
      expect((await writing).size).toBe(1000);
      expect((await storage.stat(key))?.size).toBe(1000);
      expect((await get(`/media/${key}`)).status).toBe(200);
    });

    it('never overwrites an existing key', async () => {
      await expect(storage.putStream(videoKey, Readable.from([Buffer.from('other')]), { contentType: 'video/mp4' })).rejects.toBeInstanceOf(
        StorageConflictError,
      );
      const src = path.join(os.tmpdir(), `eyemail-${crypto.randomUUID()}.mp4`);
      fs.writeFileSync(src, 'other');
      await expect(storage.putFile(videoKey, src, { contentType: 'video/mp4' })).rejects.toBeInstanceOf(StorageConflictError);
      fs.rmSync(src);
      expect((await get(`/media/${videoKey}`)).body.equals(video)).toBe(true);
    });

    it('stops at maxBytes and keeps nothing of an oversized upload', async () => {
      const key = `uploads/${crypto.randomUUID()}/source.mp4`;
      const put = storage.putStream(key, Readable.from([bytes(600), bytes(600)]), { contentType: 'video/mp4', maxBytes: 1000 });
      await expect(put).rejects.toBeInstanceOf(StorageTooLargeError);
      expect(await storage.stat(key)).toBeNull();
      expect(fs.readdirSync(path.join(storage.root, '.partial'))).toEqual([]);
    });

    it('keeps nothing when the source stream fails midway', async () => {
      const key = `uploads/${crypto.randomUUID()}/source.mp4`;
      async function* broken() {
        yield bytes(300);
        throw new Error('client went away');
      }
      await expect(storage.putStream(key, Readable.from(broken()), { contentType: 'video/mp4' })).rejects.toThrow('client went away');
      expect(await storage.stat(key)).toBeNull();
      expect(fs.readdirSync(path.join(storage.root, '.partial'))).toEqual([]);
    });

    it('copies a finished file with putFile', async () => {
      const src = path.join(os.tmpdir(), `eyemail-${crypto.randomUUID()}.gif`);
      fs.writeFileSync(src, bytes(321));
      const key = `videos/${crypto.randomUUID()}/loop.gif`;
      expect(await storage.putFile(key, src, { contentType: 'image/gif' })).toEqual({ size: 321 });
      fs.rmSync(src);
      expect((await get(`/media/${key}`)).body.equals(bytes(321))).toBe(true);
    });

    it.each(['../escape.mp4', '/abs/file.mp4', 'a//b.mp4', 'videos/.hidden.mp4', 'Videos/x.mp4', 'videos/x.mp4/', 'a\\b.mp4', ''])(
      'rejects the key %j',
      async (key) => {
        await expect(storage.putStream(key, Readable.from([bytes(10)]), { contentType: 'video/mp4' })).rejects.toBeInstanceOf(StorageKeyError);
        expect(() => storage.publicUrl(key)).toThrow(StorageKeyError);
      },
    );

    it('rejects a content type that does not match the key extension', async () => {
      const key = `videos/${crypto.randomUUID()}/email.mp4`;
      await expect(storage.putStream(key, Readable.from([bytes(10)]), { contentType: 'image/png' })).rejects.toBeInstanceOf(StorageKeyError);
      expect(await storage.stat(key)).toBeNull();
    });

    it('lists the keys under a prefix with their write times, never a partial write', async () => {
      const folder = `sweep-${crypto.randomUUID().slice(0, 8)}`;
      const keys = [`${folder}/a/1.jpg`, `${folder}/a/2.jpg`, `${folder}/b/3.gif`];
      for (const key of keys) await storage.putStream(key, Readable.from([bytes(10)]), { contentType: key.endsWith('gif') ? 'image/gif' : 'image/jpeg' });
      await storage.putStream(`${folder}x/other.jpg`, Readable.from([bytes(10)]), { contentType: 'image/jpeg' });
      fs.mkdirSync(path.join(storage.root, '.partial'), { recursive: true });
      fs.writeFileSync(path.join(storage.root, '.partial', 'half.part'), 'x');
      const old = new Date(Date.now() - 7_200_000);
      fs.utimesSync(path.join(storage.root, keys[0]), old, old);
      const listed = [];
      for await (const o of storage.list(`${folder}/`)) listed.push(o);
      expect(listed.map((o) => o.key)).toEqual(keys);
      expect(listed[0].updatedAt.getTime()).toBe(old.getTime());
      const all = [];
      for await (const o of storage.list('')) all.push(o.key);
      expect(all).toEqual(expect.arrayContaining([...keys, `${folder}x/other.jpg`]));
      expect(all.some((k) => k.includes('.partial'))).toBe(false);
      const none = [];
      for await (const o of storage.list('nothing-here/')) none.push(o);
      expect(none).toEqual([]);
    });

    it('deletes idempotently and tidies the emptied folder', async () => {
      const folder = `videos/${crypto.randomUUID()}`;
      await storage.putStream(`${folder}/email.mp4`, Readable.from([bytes(10)]), { contentType: 'video/mp4' });
      await storage.putStream(`${folder}/poster.jpg`, Readable.from([bytes(10)]), { contentType: 'image/jpeg' });
      await storage.delete(`${folder}/email.mp4`);
      expect((await get(`/media/${folder}/email.mp4`)).status).toBe(404);
      expect((await get(`/media/${folder}/poster.jpg`)).status).toBe(200);
      await storage.delete(`${folder}/poster.jpg`);
      await storage.delete(`${folder}/poster.jpg`);
      expect(fs.existsSync(path.join(storage.root, folder))).toBe(false);
      expect(fs.existsSync(path.join(storage.root, 'videos'))).toBe(true);
    });
  });

  it('reports the media folder in /api/health', async () => {
    const res = await t.http.get('/api/health').expect(200);
    expect(res.body.body.components.storage).toMatchObject({ status: 'up', detail: expect.stringMatching(/^local folder, writable/) });
  });
});
