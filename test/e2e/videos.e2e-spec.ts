// POST videos/{id} and GET videos/encodings/{id} through HTTP on the real app and real ffmpeg:
// upload a small generated clip, queue its encode, poll until it is done with rising progress,
// and check what is served. Runs on the in-process queue, and on BullMQ when REDIS_URL is set.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import sharp from 'sharp';
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, sql, type Client, type SignedUpUser } from '../support/account-factory.js';
import { waitFor } from '../support/wait.js';
import { clip, fetchBytes, ffprobeJson, flatClip, png, upload } from '../support/upload-fixtures.js';
import { STORAGE, type StorageAdapter } from '../../src/storage/storage.adapter.js';

jest.setTimeout(180_000);

const REDIS_URL = process.env.REDIS_URL;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

const variants: [string, Record<string, string>][] = [['in-process', {}]];
if (REDIS_URL) variants.push(['bullmq', { REDIS_URL }]);
else describe.skip('videos API (bullmq): skipped because REDIS_URL is not set', () => it('runs against Redis', () => undefined));

interface EncodingBody {
  encodingId: string;
  videoId: string;
  state: string;
  progress: number;
  error: string | null;
  videoUrl: string | null;
  emailVideoUrl: string | null;
  thumbnailUrl: string | null;
  gifUrl: string | null;
  outWidth: number | null;
  outHeight: number | null;
  durationSecs: number | null;
  hasAudio: boolean | null;
}

// Polls the status call as the dashboard does, keeping every progress value it saw.
async function pollUntilDone(client: Client, encodingId: string): Promise<{ final: EncodingBody; seen: number[] }> {
  const seen: number[] = [];
  const final = await waitFor(
    async () => {
      const res = await client.get(`/api/videos/encodings/${encodingId}`);
      expect(res.status).toBe(200);
      const body = res.body.body as EncodingBody;
      seen.push(body.progress);
      return body.state === 'completed' || body.state === 'failed' ? body : null;
    },
    `encoding ${encodingId} to finish`,
    150_000,
    50,
  );
  return { final, seen };
}

function tempFile(bytes: Buffer, ext: string): string {
  const file = path.join(os.tmpdir(), `eyemail-served-${crypto.randomUUID()}.${ext}`);
  fs.writeFileSync(file, bytes);
  return file;
}

describe.each(variants)('videos API (%s queue)', (_kind, env) => {
  let t: TestApp;
  let ann: SignedUpUser;
  let bob: SignedUpUser;
  let video: { fileId: string; url: string };
  let done: EncodingBody;

  beforeAll(async () => {
    t = await startTestApp(env);
    [ann, bob] = [await signUp(t, { fullName: 'Ann Lee' }), await signUp(t, { fullName: 'Bob Ray' })];
    video = (await upload(ann.client, 'video', clip('mp4', 3), 'launch.mp4', 'video/mp4')).body.body;
  });
  afterAll(async () => {
    await t.close();
  });

  it('encodes an uploaded video, reporting real progress, and serves the MP4, poster and GIF', async () => {
    const res = await ann.client.post(`/api/videos/${video.fileId}?overlay=none`);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ result: true, message: 'Your video is being processed.' });
    const queued = res.body.body as EncodingBody;
    expect(queued).toMatchObject({
      encodingId: expect.stringMatching(new RegExp(`^${UUID}$`)),
      videoId: video.fileId,
      overlay: 'none',
      width: 600,
      state: expect.stringMatching(/^(queued|active)$/),
      videoUrl: null,
      thumbnailUrl: null,
      gifUrl: null,
    });

    const { final, seen } = await pollUntilDone(ann.client, queued.encodingId);
    done = final;
    expect(final).toMatchObject({ state: 'completed', progress: 100, error: null, outWidth: 600, outHeight: 450, hasAudio: true });
    expect(final.durationSecs).toBeCloseTo(3, 0);
    // progress only rises, and the dashboard saw it between the start and the end
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.some((p) => p > 0 && p < 100)).toBe(true);
    // the clip has sound: email gets an MP4 of its own, without it (the web view keeps videoUrl's)
    expect(final.emailVideoUrl).not.toBe(final.videoUrl);
    for (const [url, ext] of [[final.videoUrl, 'mp4'], [final.emailVideoUrl, 'mp4'], [final.thumbnailUrl, 'jpg'], [final.gifUrl, 'gif']] as const) {
      expect(url).toMatch(new RegExp(`^http://eyemail\\.test/media/v/${queued.encodingId}/${UUID}\\.${ext}$`));
    }

    const mp4 = await fetchBytes(t, final.videoUrl!);
    expect(mp4.status).toBe(200);
    expect(mp4.headers['content-type']).toBe('video/mp4');
    const file = tempFile(mp4.body as Buffer, 'mp4');
    try {
      const probe = ffprobeJson(file);
      expect(probe.format.format_name).toContain('mp4');
      expect(probe.streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', width: 600, height: 450, pix_fmt: 'yuv420p' });
      expect(probe.streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac', channels: 2 });
    } finally {
      fs.rmSync(file, { force: true });
    }

    const poster = await fetchBytes(t, final.thumbnailUrl!);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(poster.body as Buffer).metadata()).toMatchObject({ format: 'jpeg', width: 600, height: 450 });
    const gif = await fetchBytes(t, final.gifUrl!);
    expect(gif.headers['content-type']).toBe('image/gif');
    expect((await sharp(gif.body as Buffer).metadata()).format).toBe('gif');
  });

  it('serves the encoded MP4 with byte ranges', async () => {
    const whole = (await fetchBytes(t, done.videoUrl!)).body as Buffer;
    const part = await fetchBytes(t, done.videoUrl!, { Range: 'bytes=0-99' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${whole.length}`);
    expect((part.body as Buffer).equals(whole.subarray(0, 100))).toBe(true);
  });

  it('answers at once with the finished encoding for the same video, overlay and width (200)', async () => {
    const res = await ann.client.post(`/api/videos/${video.fileId}?overlay=none&width=600`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Your video is ready.');
    expect(res.body.body).toEqual(done);
    const none = await ann.client.post(`/api/videos/${video.fileId}`);
    expect(none.body.body.encodingId).toBe(done.encodingId);
  });

  it('shows a clean frame of the source as the library thumbnail, not the email poster with its mute icon', async () => {
    const flat = (await upload(ann.client, 'video', flatClip(), 'flat.mp4', 'video/mp4')).body.body;
    const queued = (await ann.client.post(`/api/videos/${flat.fileId}?overlay=white`)).body.body as EncodingBody;
    const { final } = await pollUntilDone(ann.client, queued.encodingId);
    expect(final.state).toBe('completed');
    const items = (await ann.client.get('/api/files?type=video')).body.body as { file: { fileId: string; thumbnailUrl: string } }[];
    const thumbUrl = items.find((i) => i.file.fileId === flat.fileId)!.file.thumbnailUrl;
    expect(thumbUrl).not.toBe(final.thumbnailUrl);
    // the mute icon's place (top right, 8% of the width, 2.5% in): the email poster has the
    // icon's dark backing there, the thumbnail the source's own flat blue
    const iconArea = async (url: string) => {
      // stats() reads the input, so the region is cut out first
      const region = await sharp((await fetchBytes(t, url)).body as Buffer).extract({ left: 543, top: 21, width: 36, height: 36 }).toBuffer();
      const { channels } = await sharp(region).stats();
      return { rgb: channels.slice(0, 3).map((c) => Math.round(c.mean)), spread: Math.max(...channels.map((c) => c.stdev)) };
    };
    const thumb = await iconArea(thumbUrl);
    const poster = await iconArea(final.thumbnailUrl!);
    const fromBlue = (rgb: number[]) => Math.abs(rgb[0] - 0x33) + Math.abs(rgb[1] - 0x66) + Math.abs(rgb[2] - 0xcc);
    expect(thumb.spread).toBeLessThan(4);
    expect(fromBlue(thumb.rgb)).toBeLessThan(30);
    expect(fromBlue(poster.rgb)).toBeGreaterThan(80);
  });

  it('shares one encode between identical requests made at once; another overlay and width is another encode', async () => {
    const [a, b] = await Promise.all([
      ann.client.post(`/api/videos/${video.fileId}?overlay=white&width=640`),
      ann.client.post(`/api/videos/${video.fileId}?overlay=white&width=640`),
    ]);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(a.body.body.encodingId).toBe(b.body.body.encodingId);
    expect(a.body.body.encodingId).not.toBe(done.encodingId);
    const { final } = await pollUntilDone(ann.client, a.body.body.encodingId);
    expect(final).toMatchObject({ state: 'completed', overlay: 'white', width: 640, outWidth: 640, outHeight: 480 });
    expect(final.videoUrl).not.toBe(done.videoUrl);
  });

  it('checks overlay and width (400)', async () => {
    for (const [query, message, field] of [
      ['overlay=red', 'overlay must be black, white or none', 'overlay'],
      ['width=900', 'Video width can be up to 800px.', 'width'],
      ['width=599', 'Video width can be up to 800px.', 'width'],
      ['width=abc', 'Video width can be up to 800px.', 'width'],
    ]) {
      const res = await ann.client.post(`/api/videos/${video.fileId}?${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ result: false, message, body: null, errors: { [field]: message } });
    }
  });

  it('encodes only the user’s own videos (404)', async () => {
    const image = (await upload(ann.client, 'logo', await png(50, 50), 'logo.png', 'image/png')).body.body;
    for (const [client, id] of [
      [bob.client, video.fileId],
      [ann.client, image.fileId],
      [ann.client, crypto.randomUUID()],
      [ann.client, 'not-an-id'],
    ] as const) {
      const res = await client.post(`/api/videos/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ result: false, message: 'Video not found.' });
    }
    expect((await bob.client.get(`/api/videos/encodings/${done.encodingId}`)).status).toBe(404);
    expect((await ann.client.get(`/api/videos/encodings/${crypto.randomUUID()}`)).body.message).toBe('Video not found.');
    expect((await ann.client.get('/api/videos/encodings/nope')).status).toBe(404);
  });

  it('records why an encode failed, and a new request tries again', async () => {
    const other = (await upload(ann.client, 'video', clip('mov'), 'gone.mov', 'video/quicktime')).body.body;
    const [row] = await sql<{ storage_key: string }>(t, 'select storage_key from media_file where id = ?', [other.fileId]);
    // the stored upload disappears (e.g. removed from the bucket by hand)
    await t.app.get<StorageAdapter>(STORAGE).delete(row.storage_key);
    const first = (await ann.client.post(`/api/videos/${other.fileId}?width=700`)).body.body as EncodingBody;
    const { final } = await pollUntilDone(ann.client, first.encodingId);
    expect(final).toMatchObject({ state: 'failed', error: 'The uploaded video could not be found. Please upload it again.', videoUrl: null });

    const again = await ann.client.post(`/api/videos/${other.fileId}?width=700`);
    expect(again.status).toBe(202);
    expect(again.body.body.encodingId).not.toBe(first.encodingId);
    expect((await pollUntilDone(ann.client, again.body.body.encodingId)).final.state).toBe('failed');
  });

  it('documents the calls in the OpenAPI document', async () => {
    const doc = (await t.http.get('/api/docs/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/videos/{id}', '/api/videos/encodings/{encodingId}']));
  });

  it('deleting the video deletes its encodings and their files', async () => {
    const res = await ann.client.delete(`/api/files/${video.fileId}`);
    expect(res.status).toBe(200);
    for (const url of [done.videoUrl!, done.emailVideoUrl!, done.thumbnailUrl!, done.gifUrl!]) expect((await fetchBytes(t, url)).status).toBe(404);
    expect((await ann.client.get(`/api/videos/encodings/${done.encodingId}`)).status).toBe(404);
  });
});

// The in-process queue keeps jobs in PostgreSQL with a lease. A worker killed mid-encode leaves
// its job "active" with an expired lease and the encoding part done; another run takes it over.
describe('videos API: an encode whose worker died is run again and finished', () => {
  let t: TestApp;
  let ann: SignedUpUser;

  beforeAll(async () => {
    t = await startTestApp();
    ann = await signUp(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('finishes the encoding and records its outputs', async () => {
    const video = (await upload(ann.client, 'video', clip('mp4'), 'killed.mp4', 'video/mp4')).body.body;
    const encodingId = crypto.randomUUID();
    const jobId = `encode-${encodingId}`;
    const [user] = await sql<{ id: string }>(t, 'select owner_id as id from media_file where id = ?', [video.fileId]);
    // What the dead worker left: its run token, 37% done, a lease that ran out.
    await sql(t, `insert into video_encoding (id, owner_id, source_file_id, overlay, width, state, progress, job_id, run_token) values (?, ?, ?, 'black', 600, 'active', 37, ?, ?)`, [
      encodingId,
      user.id,
      video.fileId,
      jobId,
      crypto.randomUUID(),
    ]);
    await sql(
      t,
      `insert into job (id, name, data, state, attempts_made, max_attempts, locked_by, locked_until) values (?, 'encode-video', ?::jsonb, 'active', 1, 3, 'dead-worker', now() - interval '1 second')`,
      [jobId, JSON.stringify({ encodingId })],
    );

    const { final } = await pollUntilDone(ann.client, encodingId);
    expect(final).toMatchObject({ state: 'completed', overlay: 'black', outWidth: 600, videoUrl: expect.stringContaining(`/media/v/${encodingId}/`) });
    expect((await fetchBytes(t, final.videoUrl!)).status).toBe(200);
    // The queue marks the job done just after the encoding is recorded: wait for it to leave the worker.
    const job = await waitFor(async () => {
      const [row] = await sql<{ state: string; attempts_made: number }>(t, 'select state, attempts_made from job where id = ?', [jobId]);
      return row && row.state !== 'active' ? row : null;
    }, 'the job to leave the worker');
    expect(job).toEqual({ state: 'completed', attempts_made: 2 });
    // the same request now finds it done
    const res = await ann.client.post(`/api/videos/${video.fileId}?overlay=black`);
    expect(res.status).toBe(200);
    expect(res.body.body.encodingId).toBe(encodingId);
  });
});
