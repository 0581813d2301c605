// The upload a tus request acts on is the one whose ownership was checked, whatever else its
// address carries: @tus/server reads the id from the last "/" of the whole URL, query string
// included, so `<own id>?/<other id>` (or `%2F<other id>`) once reached another account's upload.
// Each method is tried with each spelling; the other account's upload must stay as it was.
import fs from 'node:fs';
import request from 'supertest';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, sql, type Client, type SignedUpUser } from '../support/account-factory.js';
import { clip } from '../support/upload-fixtures.js';

const ENDPOINT = '/api/files/uploads';
const META = ['type', 'filename', 'filetype'].map((k, i) => `${k} ${Buffer.from(['video', 'launch.mp4', 'video/mp4'][i]).toString('base64')}`).join(',');

describe('Resumable uploads: the id tus acts on is the one checked', () => {
  let t: TestApp;
  let ann: SignedUpUser;
  let bob: SignedUpUser;
  let video: Buffer;
  let server: Parameters<typeof request>[0];

  const create = async (client: Client, sent: number) => {
    const location = (await client.post(ENDPOINT).set('Tus-Resumable', '1.0.0').set('Upload-Metadata', META).set('Upload-Length', String(video.length)).expect(201))
      .headers.location as string;
    await patch(client, location, 0, video.subarray(0, sent)).expect(204);
    return location;
  };
  const patch = (client: Client, url: string, offset: number, body: Buffer) =>
    client.patch(url).set('Tus-Resumable', '1.0.0').set('Upload-Offset', String(offset)).set('Content-Type', 'application/offset+octet-stream').send(body);
  const head = (client: Client, url: string) =>
    request(server).head(url).set('Cookie', client.cookieHeader).set('X-Forwarded-For', client.ip).set('Tus-Resumable', '1.0.0');
  const offsetOf = async (client: Client, location: string) => (await head(client, location).expect(200)).headers['upload-offset'];
  const videosOf = (userId: string) => sql(t, `select id from media_file where owner_id = ? and kind = 'video'`, [userId]);

  beforeAll(async () => {
    t = await startTestApp();
    server = t.app.getHttpServer();
    ann = await signUp(t);
    bob = await signUp(t);
    video = fs.readFileSync(clip('mp4', 2));
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    await sql(t, 'delete from resumable_upload where finished_at is null');
  });

  const spellings: [string, (own: string, other: string) => string][] = [
    ['?/<other id>', (own, other) => `${own}?/${other}`],
    ['%2F<other id>', (own, other) => `${own}%2F${other}`],
  ];

  // Both spellings are refused as addresses of no upload of the caller's, with the envelope.
  const expectRefused = (res: request.Response, method: string) => {
    expect([400, 404]).toContain(res.status);
    expect(res.headers['upload-offset']).toBeUndefined();
    if (method !== 'HEAD') expect(res.body).toMatchObject({ result: false, message: expect.any(String) });
  };

  describe.each(spellings)('an address ending in %s', (_label, address) => {
    let annLocation: string;
    let bobLocation: string;
    let other: string;
    beforeEach(async () => {
      annLocation = await create(ann.client, 1000);
      bobLocation = await create(bob.client, 500);
      other = annLocation.split('/').pop()!;
    });

    it('HEAD does not tell the other account’s offset', async () => {
      const res = await head(bob.client, address(bobLocation, other));
      expectRefused(res, 'HEAD');
      expect(await offsetOf(ann.client, annLocation)).toBe('1000');
    });

    it('PATCH does not append to (nor finish) the other account’s upload', async () => {
      const before = await videosOf(bob.id);
      const res = await patch(bob.client, address(bobLocation, other), 1000, video.subarray(1000));
      expectRefused(res, 'PATCH');
      // The other account's bytes did not become a video of the caller's.
      expect(await videosOf(bob.id)).toEqual(before);
      expect(await offsetOf(ann.client, annLocation)).toBe('1000');
      expect(await offsetOf(bob.client, bobLocation)).toBe('500');
    });

    it('DELETE does not remove the other account’s upload', async () => {
      const res = await bob.client.delete(address(bobLocation, other)).set('Tus-Resumable', '1.0.0');
      expectRefused(res, 'DELETE');
      expect(await offsetOf(ann.client, annLocation)).toBe('1000');
      // Nor the caller's own: the request named no upload.
      expect(await offsetOf(bob.client, bobLocation)).toBe('500');
    });
  });

  it('refuses a query string on an upload’s address (400) and an id not of 32 hex digits (404)', async () => {
    const own = await create(bob.client, 500);
    const query = await patch(bob.client, `${own}?x=1`, 500, video.subarray(500, 600));
    expect(query.status).toBe(400);
    expect(query.body).toEqual({ result: false, message: 'An upload’s address takes no query string.', body: null, errors: null });
    expect((await head(bob.client, `${own}?x=1`)).status).toBe(400);
    const upper = await bob.client.delete(own.toUpperCase().replace('/API/FILES/UPLOADS', ENDPOINT)).set('Tus-Resumable', '1.0.0');
    expect(upper.status).toBe(404);
    expect(upper.body).toMatchObject({ result: false, message: 'Upload not found.' });
    expect(await offsetOf(bob.client, own)).toBe('500');
  });
});
