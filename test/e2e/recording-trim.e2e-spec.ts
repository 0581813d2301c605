// Recordings and cuts through HTTP on the real app and real ffmpeg: a browser recording (WebM,
// VP8 + Opus, no duration in its header, uneven frame times) encodes to a constant-rate MP4 of the
// cut asked for; the cut is checked (order, at least a second, inside the video) with clear 400s;
// it becomes the video's own, so a later request without one and the EyeMail use the cut.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, sql, type SignedUpUser } from '../support/account-factory.js';
import { waitFor } from '../support/wait.js';
import { media } from '../support/media.js';
import { clip, fetchBytes, ffprobeJson, upload } from '../support/upload-fixtures.js';
import { recorderUpload } from '../support/recording.js';
import { STORAGE, type StorageAdapter } from '../../src/storage/storage.adapter.js';

jest.setTimeout(180_000);

interface EncodingBody {
  encodingId: string;
  state: string;
  error: string | null;
  videoUrl: string | null;
  durationSecs: number | null;
}

function tempFile(bytes: Buffer, ext: string): string {
  const file = path.join(os.tmpdir(), `eyemail-rec-${crypto.randomUUID()}.${ext}`);
  fs.writeFileSync(file, bytes);
  return file;
}

describe('recordings and cuts', () => {
  let t: TestApp;
  let ann: SignedUpUser;
  let bob: SignedUpUser;

  const finish = (user: SignedUpUser, id: string) =>
    waitFor(
      async () => {
        const body = (await user.client.get(`/api/videos/encodings/${id}`)).body.body as EncodingBody;
        return body.state === 'completed' || body.state === 'failed' ? body : null;
      },
      `encoding ${id}`,
      150_000,
      100,
    );

  // A recording stored as the recorder's upload stores one: WebM bytes under a video file of
  // the owner, content type video/webm, length unknown.
  async function storedRecording(owner: SignedUpUser): Promise<string> {
    const id = crypto.randomUUID();
    const key = `f/${id}/${crypto.randomUUID()}.webm`;
    const file = media('recordingWebm');
    await t.app.get<StorageAdapter>(STORAGE).putFile(key, file, { contentType: 'video/webm' });
    await sql(t, `insert into media_file (id, owner_id, kind, file_name, content_type, size, storage_key) values (?, ?, 'video', 'Recording.webm', 'video/webm', ?, ?)`, [
      id, owner.id, fs.statSync(file).size, key,
    ]);
    return id;
  }

  beforeAll(async () => {
    t = await startTestApp();
    [ann, bob] = [await signUp(t, { fullName: 'Ann Lee' }), await signUp(t, { fullName: 'Bob Ray' })];
  });
  afterAll(async () => {
    await t.close();
  });

  it('encodes a WebM recording without a duration, cut to the part asked for, at a constant frame rate', async () => {
    const videoId = await storedRecording(ann);
    const res = await ann.client.post(`/api/videos/${videoId}?trimStart=1.5&trimEnd=6.5`);
    expect(res.status).toBe(202);
    const done = await finish(ann, res.body.body.encodingId);
    expect(done).toMatchObject({ state: 'completed', error: null });
    expect(done.durationSecs).toBeGreaterThan(4.8);
    expect(done.durationSecs).toBeLessThan(5.2);

    const mp4 = tempFile((await fetchBytes(t, done.videoUrl!)).body as Buffer, 'mp4');
    try {
      const probed = ffprobeJson(mp4) as unknown as { streams: { codec_type: string; codec_name: string; r_frame_rate: string; avg_frame_rate: string }[] };
      const v = probed.streams.find((s) => s.codec_type === 'video')!;
      expect(v.codec_name).toBe('h264');
      // about 22 frames a second came in; the MP4 runs at the next standard rate, steadily
      expect(v.r_frame_rate).toBe('24/1');
      expect(v.avg_frame_rate).toBe('24/1');
      expect(probed.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
    } finally {
      fs.rmSync(mp4, { force: true });
    }

    // the cut is the video's now: asked again without one, the same finished encoding answers
    const again = await ann.client.post(`/api/videos/${videoId}`);
    expect(again.status).toBe(200);
    expect(again.body.body.encodingId).toBe(done.encodingId);
  });

  it('encodes the whole recording when no cut is asked for (its length read from the packets)', async () => {
    const videoId = await storedRecording(ann);
    const res = await ann.client.post(`/api/videos/${videoId}`);
    const done = await finish(ann, res.body.body.encodingId);
    expect(done.state).toBe('completed');
    expect(done.durationSecs).toBeGreaterThan(7.8);
    expect(done.durationSecs).toBeLessThan(8.2);
    // a cut starting after the end is refused now that the length is known, and nothing is queued
    const before = await sql(t, 'select count(*)::int as n from video_encoding where source_file_id = ?', [videoId]);
    const late = await ann.client.post(`/api/videos/${videoId}?trimStart=9&trimEnd=10`);
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ result: false, message: 'The trim ends after the video does (it is 8.0 seconds long).' });
    expect(await sql(t, 'select count(*)::int as n from video_encoding where source_file_id = ?', [videoId])).toEqual(before);
    // one ending after it ends with it (the recorder's page measured a little more than the file holds)
    const longer = await ann.client.post(`/api/videos/${videoId}?trimStart=2&trimEnd=9`);
    expect(longer.status).toBe(202);
    const clamped = await finish(ann, longer.body.body.encodingId);
    expect(clamped).toMatchObject({ state: 'completed', error: null });
    expect(clamped.durationSecs).toBeGreaterThan(5.8);
    expect(clamped.durationSecs).toBeLessThan(6.2);
  });

  it('cuts only the start of a recording whose length is not known yet (the end handle left at the end)', async () => {
    const videoId = await storedRecording(ann);
    const res = await ann.client.post(`/api/videos/${videoId}?trimStart=1`);
    expect(res.status).toBe(202);
    const done = await finish(ann, res.body.body.encodingId);
    expect(done).toMatchObject({ state: 'completed', error: null });
    expect(done.durationSecs).toBeGreaterThan(6.8);
    expect(done.durationSecs).toBeLessThan(7.2);
    // the video keeps that cut: asked again without one, the same encoding answers
    const again = await ann.client.post(`/api/videos/${videoId}`);
    expect(again.body.body.encodingId).toBe(done.encodingId);
  });

  it('ends the cut with a video whose length was unknown; fails it with a clear message when it starts after the end', async () => {
    const videoId = await storedRecording(ann);
    const res = await ann.client.post(`/api/videos/${videoId}?trimStart=2&trimEnd=30`);
    expect(res.status).toBe(202);
    const done = await finish(ann, res.body.body.encodingId);
    expect(done).toMatchObject({ state: 'completed', error: null });
    expect(done.durationSecs).toBeGreaterThan(5.8);
    expect(done.durationSecs).toBeLessThan(6.2);
    const other = await storedRecording(ann);
    const late = await finish(ann, (await ann.client.post(`/api/videos/${other}?trimStart=30&trimEnd=40`)).body.body.encodingId);
    expect(late).toMatchObject({ state: 'failed', error: 'The trim ends after the video does (it is 8.0 seconds long).' });
  });

  it("takes Safari's MP4 recording (fragmented, no length up front) from the recorder and encodes it whole and cut", async () => {
    const last = await recorderUpload(ann, fs.readFileSync(media('recordingMp4')), 'Recording 26 Nov 2026 09.15.mp4', 'video/mp4');
    expect(last.status).toBe(200);
    expect(JSON.parse(last.text)).toMatchObject({ result: true, message: 'File uploaded successfully', body: { fileName: 'Recording 26 Nov 2026 09.15.mp4', fileType: 'video' } });
    const videoId = JSON.parse(last.text).body.fileId as string;

    const whole = await finish(ann, (await ann.client.post(`/api/videos/${videoId}`)).body.body.encodingId);
    expect(whole).toMatchObject({ state: 'completed', error: null });
    expect(whole.durationSecs).toBeGreaterThan(5.8);
    expect(whole.durationSecs).toBeLessThan(6.2);
    const cut = await finish(ann, (await ann.client.post(`/api/videos/${videoId}?trimStart=1&trimEnd=4`)).body.body.encodingId);
    expect(cut).toMatchObject({ state: 'completed', error: null });
    expect(cut.durationSecs).toBeGreaterThan(2.8);
    expect(cut.durationSecs).toBeLessThan(3.2);
    // the page's trim slider may offer an end past the length measured here: the cut ends with the video
    const past = await ann.client.post(`/api/videos/${videoId}?trimStart=1&trimEnd=6.6`);
    expect(past.status).toBe(202);
    const pastDone = await finish(ann, past.body.body.encodingId);
    expect(pastDone).toMatchObject({ state: 'completed', error: null });
    expect(pastDone.durationSecs).toBeGreaterThan(4.8);
    expect(pastDone.durationSecs).toBeLessThan(5.2);

    // a recording's WebM stays the recorder's: from the file picker it is refused (spec 01: mp4/mov)
    const webm = await upload(ann.client, 'video', media('recordingWebm'), 'clip.webm', 'video/webm');
    expect({ status: webm.status, body: webm.body }).toMatchObject({ status: 415, body: { result: false, message: 'Please upload .mp4 or .mov file only' } });
  });

  it('refuses bad cuts with 400 and the reason, and queues nothing', async () => {
    const upload1 = await upload(ann.client, 'video', clip('mp4', 3), 'launch.mp4', 'video/mp4');
    const videoId = upload1.body.body.fileId as string;
    const cases: [string, string][] = [
      ['trimStart=2&trimEnd=1', 'The trim must end after it starts.'],
      ['trimStart=1&trimEnd=1.5', 'A trimmed video must be at least 1 second long.'],
      ['trimStart=2.5', 'A trimmed video must be at least 1 second long.'],
      ['trimStart=abc&trimEnd=2', 'Trim start and end must be numbers of seconds.'],
      ['trimStart=-1&trimEnd=2', 'Trim start and end must be numbers of seconds.'],
      // the upload's length is known (3 s)
      ['trimStart=4&trimEnd=5', 'The trim ends after the video does (it is 3.0 seconds long).'],
      ['trimStart=2.5&trimEnd=5', 'A trimmed video must be at least 1 second long.'],
    ];
    for (const [query, message] of cases) {
      const res = await ann.client.post(`/api/videos/${videoId}?${query}`);
      expect({ query, status: res.status, body: res.body }).toMatchObject({ query, status: 400, body: { result: false, message } });
    }
    expect(await sql(t, 'select count(*)::int as n from video_encoding where source_file_id = ?', [videoId])).toEqual([{ n: 0 }]);
    // someone else's video: not found, whatever the cut
    expect((await bob.client.post(`/api/videos/${videoId}?trimStart=0&trimEnd=2`)).status).toBe(404);
  });

  it('an EyeMail of a cut video shows the cut encoding; the whole video asked for again drops the cut', async () => {
    const videoId = (await upload(ann.client, 'video', clip('mp4', 3), 'launch.mp4', 'video/mp4')).body.body.fileId as string;
    const whole = await finish(ann, (await ann.client.post(`/api/videos/${videoId}`)).body.body.encodingId);
    const cut = await finish(ann, (await ann.client.post(`/api/videos/${videoId}?trimStart=0.5&trimEnd=2`)).body.body.encodingId);
    expect(cut.state).toBe('completed');
    expect(cut.encodingId).not.toBe(whole.encodingId);
    expect(cut.durationSecs).toBeLessThan(1.7);
    const created = await ann.client.post('/api/snippets').send({ title: 'Cut', videoId, videoOverlay: 'none', width: 600 });
    expect(created.status).toBe(201);
    const [row] = await sql<{ encoding_id: string }>(t, 'select encoding_id from snippet where id = ?', [created.body.body.snippet]);
    expect(row.encoding_id).toBe(cut.encodingId);
    // the whole length again: no cut any more, the first encoding answers at once
    const back = await ann.client.post(`/api/videos/${videoId}?trimStart=0&trimEnd=3`);
    expect(back.status).toBe(200);
    expect(back.body.body.encodingId).toBe(whole.encodingId);
  });
});
