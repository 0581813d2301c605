import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { GcsStorageAdapter } from '../../src/storage/gcs-storage.adapter.js';
import { StorageConflictError, StorageTooLargeError } from '../../src/storage/storage.adapter.js';
import { StorageKeyError } from '../../src/storage/storage-keys.js';
import { startGcsStub, type GcsStub } from '../support/gcs-stub-server.js';
import { startTestApp, type TestApp } from '../support/app.js';

const BUCKET = 'eyemail-media-test';

function bytes(n: number, seed = 5): Buffer {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = (i * 17 + seed + (i >> 7)) % 253;
  return b;
}

// Contract test: the real @google-cloud/storage client inside the adapter, talking HTTP to a local
// stub of the JSON API. Checks both what reaches the "bucket" and what the adapter returns.
describe('Google Cloud Storage adapter', () => {
  let stub: GcsStub;
  let gcs: GcsStorageAdapter;
  const objects = () => stub.buckets.get(BUCKET)!;
  const newKey = (name = 'email.mp4') => `videos/${crypto.randomUUID()}/${name}`;

  beforeAll(async () => {
    stub = await startGcsStub([BUCKET]);
    gcs = new GcsStorageAdapter({ bucket: BUCKET, apiEndpoint: stub.url, projectId: 'eyemail-test' });
  });
  afterAll(async () => {
    await stub.close();
  });
  beforeEach(() => {
    stub.requests.length = 0;
  });

  it('uploads in one request that cannot overwrite, with the content type and immutable caching', async () => {
    const key = newKey();
    const data = bytes(5000);
    const result = await gcs.putStream(key, Readable.from([data.subarray(0, 1234), data.subarray(1234)]), { contentType: 'video/mp4' });
    expect(result).toEqual({ size: 5000 });

    const uploads = stub.requests.filter((r) => r.method === 'POST');
    expect(uploads).toHaveLength(1);
    const [upload] = uploads;
    expect(upload.path).toBe(`/upload/storage/v1/b/${BUCKET}/o`);
    expect(upload.query).toMatchObject({ uploadType: 'multipart', name: key, ifGenerationMatch: '0' });
    expect(upload.uploadMetadata).toMatchObject({ contentType: 'video/mp4', cacheControl: 'public, max-age=31536000, immutable' });
    expect(upload.uploadContentType).toBe('video/mp4');
    expect(upload.headers.authorization).toBeUndefined();

    expect(objects().get(key)?.data.equals(data)).toBe(true);
    expect(objects().get(key)?.contentType).toBe('video/mp4');
  });

  it('passes a caller-chosen Cache-Control through', async () => {
    const key = newKey('poster.jpg');
    await gcs.putStream(key, Readable.from([bytes(10)]), { contentType: 'image/jpeg', cacheControl: 'public, max-age=60' });
    expect(objects().get(key)?.cacheControl).toBe('public, max-age=60');
  });

  it('refuses to overwrite an existing object and leaves it untouched', async () => {
    const key = newKey();
    await gcs.putStream(key, Readable.from([bytes(100)]), { contentType: 'video/mp4' });
    await expect(gcs.putStream(key, Readable.from([bytes(50, 9)]), { contentType: 'video/mp4' })).rejects.toBeInstanceOf(StorageConflictError);
    expect(objects().get(key)?.data.equals(bytes(100))).toBe(true);
  });

  it('uploads a file from disk with putFile', async () => {
    const src = path.join(os.tmpdir(), `eyemail-${crypto.randomUUID()}.gif`);
    fs.writeFileSync(src, bytes(777));
    const key = newKey('loop.gif');
    try {
      expect(await gcs.putFile(key, src, { contentType: 'image/gif' })).toEqual({ size: 777 });
    } finally {
      fs.rmSync(src);
    }
    expect(objects().get(key)?.data.equals(bytes(777))).toBe(true);
    expect(objects().get(key)?.contentType).toBe('image/gif');
  });

  it('stops an upload past maxBytes without creating the object', async () => {
    const key = newKey();
    await expect(gcs.putStream(key, Readable.from([bytes(600), bytes(600)]), { contentType: 'video/mp4', maxBytes: 1000 })).rejects.toBeInstanceOf(
      StorageTooLargeError,
    );
    expect(objects().has(key)).toBe(false);
  });

  it('creates no object when the source fails midway', async () => {
    const key = newKey();
    async function* broken() {
      yield bytes(300);
      throw new Error('client went away');
    }
    await expect(gcs.putStream(key, Readable.from(broken()), { contentType: 'video/mp4' })).rejects.toThrow('client went away');
    expect(objects().has(key)).toBe(false);
  });

  it('refuses bad keys and mismatched types before any request', async () => {
    await expect(gcs.putStream('../escape.mp4', Readable.from([bytes(1)]), { contentType: 'video/mp4' })).rejects.toBeInstanceOf(StorageKeyError);
    await expect(gcs.putStream(newKey(), Readable.from([bytes(1)]), { contentType: 'text/html' })).rejects.toBeInstanceOf(StorageKeyError);
    await expect(gcs.stat('/etc/passwd')).rejects.toBeInstanceOf(StorageKeyError);
    await expect(gcs.delete('a//b.mp4')).rejects.toBeInstanceOf(StorageKeyError);
    expect(() => gcs.createReadStream('..')).toThrow(StorageKeyError);
    expect(stub.requests).toHaveLength(0);
  });

  it('downloads a whole object (hash-checked) and a byte range', async () => {
    const key = newKey();
    const data = bytes(4096);
    await gcs.putStream(key, Readable.from([data]), { contentType: 'video/mp4' });
    stub.requests.length = 0;

    expect((await buffer(gcs.createReadStream(key))).equals(data)).toBe(true);
    const full = stub.requests.find((r) => r.method === 'GET')!;
    expect(full.path).toBe(`/storage/v1/b/${BUCKET}/o/${encodeURIComponent(key)}`);
    expect(full.query.alt).toBe('media');
    expect(full.headers.range).toBeUndefined();

    stub.requests.length = 0;
    expect((await buffer(gcs.createReadStream(key, { start: 100, end: 199 }))).equals(data.subarray(100, 200))).toBe(true);
    expect(stub.requests.find((r) => r.method === 'GET')?.headers.range).toBe('bytes=100-199');
  });

  it('fails a download of a missing object', async () => {
    await expect(buffer(gcs.createReadStream(newKey()))).rejects.toMatchObject({ code: 404 });
  });

  it('reads metadata with stat, and null for a missing object', async () => {
    const key = newKey('poster.png');
    await gcs.putStream(key, Readable.from([bytes(321)]), { contentType: 'image/png' });
    const info = await gcs.stat(key);
    expect(info).toMatchObject({ size: 321, contentType: 'image/png' });
    expect(info!.etag).toMatch(/^".+"$/);
    expect(info!.updatedAt.getTime()).not.toBeNaN();
    expect(stub.requests.at(-1)).toMatchObject({ method: 'GET', path: `/storage/v1/b/${BUCKET}/o/${encodeURIComponent(key)}` });
    expect(await gcs.stat(newKey())).toBeNull();
  });

  it('deletes idempotently', async () => {
    const key = newKey();
    await gcs.putStream(key, Readable.from([bytes(10)]), { contentType: 'video/mp4' });
    await gcs.delete(key);
    expect(stub.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/storage/v1/b/${BUCKET}/o/${encodeURIComponent(key)}` });
    expect(objects().has(key)).toBe(false);
    await expect(gcs.delete(key)).resolves.toBeUndefined();
  });

  it('builds public URLs on storage.googleapis.com, or on the configured endpoint', () => {
    const real = new GcsStorageAdapter({ bucket: 'my-media' });
    expect(real.publicUrl('videos/abc/email.mp4')).toBe('https://storage.googleapis.com/my-media/videos/abc/email.mp4');
    expect(gcs.publicUrl('videos/abc/email.mp4')).toBe(`${stub.url}/${BUCKET}/videos/abc/email.mp4`);
  });

  it('health-checks by listing one object, and fails for a bucket that does not exist', async () => {
    expect(await gcs.healthCheck()).toBe(`gcs bucket ${BUCKET}`);
    expect(stub.requests.at(-1)).toMatchObject({ method: 'GET', path: `/storage/v1/b/${BUCKET}/o`, query: { maxResults: '1' } });
    const missing = new GcsStorageAdapter({ bucket: 'no-such-bucket', apiEndpoint: stub.url });
    await expect(missing.healthCheck()).rejects.toMatchObject({ code: 404 });
  });

  describe('in the app (GCS_BUCKET set)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ GCS_BUCKET: BUCKET, GCS_API_ENDPOINT: stub.url, GCS_PROJECT_ID: 'eyemail-test' });
    });
    afterAll(async () => {
      await t.close();
    });

    it('reports the bucket in /api/health', async () => {
      const res = await t.http.get('/api/health').expect(200);
      expect(res.body.body.components.storage).toEqual({ status: 'up', detail: `gcs bucket ${BUCKET}` });
    });

    it('redirects /media/<key> to the object URL, which serves the bytes', async () => {
      const key = newKey();
      await gcs.putStream(key, Readable.from([bytes(64)]), { contentType: 'video/mp4' });
      const res = await t.http.get(`/media/${key}`).expect(302);
      expect(res.headers.location).toBe(`${stub.url}/${BUCKET}/${key}`);
      expect(res.headers['set-cookie']).toBeUndefined();
      const object = await fetch(res.headers.location);
      expect(Buffer.from(await object.arrayBuffer()).equals(bytes(64))).toBe(true);
      await t.http.get('/media/..%2fetc%2fpasswd').expect(400);
    });
  });

  it('lists the objects under a prefix with their write times, page after page', async () => {
    const folder = `sweep-${crypto.randomUUID().slice(0, 8)}`;
    const keys = [`${folder}/a/1.jpg`, `${folder}/a/2.jpg`, `${folder}/b/3.gif`, `${folder}/b/4.mp4`, `${folder}/c/5.jpg`];
    for (const key of keys) {
      const ext = key.slice(key.lastIndexOf('.') + 1);
      await gcs.putStream(key, Readable.from([bytes(20)]), { contentType: ext === 'mp4' ? 'video/mp4' : ext === 'gif' ? 'image/gif' : 'image/jpeg' });
    }
    await gcs.putStream(`other-${folder}/x.jpg`, Readable.from([bytes(20)]), { contentType: 'image/jpeg' });
    const paged = new GcsStorageAdapter({ bucket: BUCKET, apiEndpoint: stub.url, projectId: 'eyemail-test', listPageSize: 2 });
    stub.requests.length = 0;
    const listed = [];
    for await (const o of paged.list(`${folder}/`)) listed.push(o);
    expect(listed.map((o) => o.key)).toEqual(keys);
    expect(listed.every((o) => o.updatedAt instanceof Date && Math.abs(o.updatedAt.getTime() - Date.now()) < 60_000)).toBe(true);
    // three pages of at most two, each asking only for the prefix
    const lists = stub.requests.filter((r) => r.method === 'GET' && /\/o$/.test(r.path));
    expect(lists.map((r) => [r.query.prefix, r.query.maxResults])).toEqual([
      [`${folder}/`, '2'],
      [`${folder}/`, '2'],
      [`${folder}/`, '2'],
    ]);
    const none = [];
    for await (const o of gcs.list('nothing-here/')) none.push(o);
    expect(none).toEqual([]);
  });
});
