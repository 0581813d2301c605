// Uploads and encodes with media in a Google Cloud Storage bucket (GCS_BUCKET; a local stand-in
// for the GCS JSON API): the upload lands in the bucket, the encode job reads it back from there
// and writes its outputs there, and deleting the video empties the bucket again.
import fs from 'node:fs';
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, type SignedUpUser } from '../support/account-factory.js';
import { startGcsStub, type GcsStub } from '../support/gcs-stub-server.js';
import { waitFor } from '../support/wait.js';
import { clip, HTML_FILE, upload } from '../support/upload-fixtures.js';
import { createSnippet, snippetPayload } from '../support/snippet-factory.js';

jest.setTimeout(180_000);

const BUCKET = 'eyemail-media-test';

describe('uploads and encodes with media in a GCS bucket', () => {
  let stub: GcsStub;
  let t: TestApp;
  let ann: SignedUpUser;
  const objects = () => [...(stub.buckets.get(BUCKET)?.keys() ?? [])].sort();

  beforeAll(async () => {
    stub = await startGcsStub([BUCKET]);
    t = await startTestApp({ GCS_BUCKET: BUCKET, GCS_API_ENDPOINT: stub.url, GCS_PROJECT_ID: 'eyemail-test' });
    ann = await signUp(t);
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  it('stores the upload in the bucket, encodes from it, and removes everything on delete', async () => {
    const res = await upload(ann.client, 'video', clip('mp4'), 'cloud.mp4', 'video/mp4');
    expect(res.status).toBe(201);
    const file = res.body.body;
    const sourceKey = file.url.slice(`${stub.url}/${BUCKET}/`.length);
    expect(file.url.startsWith(`${stub.url}/${BUCKET}/f/${file.fileId}/`)).toBe(true);
    const stored = stub.buckets.get(BUCKET)!.get(sourceKey)!;
    expect(stored.contentType).toBe('video/mp4');
    expect(stored.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(stored.data.equals(fs.readFileSync(clip('mp4')))).toBe(true);
    // the video and the poster cut at upload
    expect(objects()).toHaveLength(2);

    const queued = await ann.client.post(`/api/videos/${file.fileId}`);
    const final = await waitFor(
      async () => {
        const body = (await ann.client.get(`/api/videos/encodings/${queued.body.body.encodingId}`)).body.body;
        return body.state === 'completed' || body.state === 'failed' ? body : null;
      },
      'the encode to finish',
      150_000,
      100,
    );
    expect(final).toMatchObject({ state: 'completed', outWidth: 600 });
    // the web view's MP4, the email's sound-less MP4 (the clip has sound), the poster and the GIF
    expect(final.emailVideoUrl).not.toBe(final.videoUrl);
    for (const url of [final.videoUrl, final.emailVideoUrl, final.thumbnailUrl, final.gifUrl]) {
      expect(url.startsWith(`${stub.url}/${BUCKET}/v/${final.encodingId}/`)).toBe(true);
      const object = await fetch(url);
      expect(object.status).toBe(200);
    }
    expect(objects()).toHaveLength(6);

    // An exported email's living addresses send mail clients to the bucket's current object,
    // cached as briefly as the address (the pictures answered ahead of Express, the video by Nest).
    const eyemail = await createSnippet(ann.client, snippetPayload(file.fileId));
    for (const [file, object] of [
      ['gif-600x338.gif', final.gifUrl],
      ['poster-600x338.jpg', final.thumbnailUrl],
      ['video.mp4', final.emailVideoUrl],
    ]) {
      const living = await t.http.get(`/m/${eyemail.snippet}/${file}`);
      expect([living.status, living.headers.location, living.headers['cache-control']]).toEqual([302, object, 'public, max-age=60']);
      expect(living.headers['set-cookie']).toBeUndefined();
    }
    expect((await ann.client.delete(`/api/snippets/${eyemail.snippet}`)).status).toBe(200);

    expect((await ann.client.delete(`/api/files/${file.fileId}`)).status).toBe(200);
    expect(objects()).toEqual([]);
  });

  it('puts nothing in the bucket for a refused upload', async () => {
    const before = objects();
    const res = await upload(ann.client, 'logo', HTML_FILE, 'page.png', 'image/png');
    expect(res.status).toBe(415);
    expect(objects()).toEqual(before);
  });
});
