// The recorder asks for the whole recording's encoding at Stop and for the cut at Save: a cut
// asked for while the whole recording still encodes stops that encode (its ffmpeg, its job, its
// scratch files), on the in-process queue and on BullMQ (when REDIS_URL is set), and the cut is
// what becomes ready, with nothing of the dropped encode left behind.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, sql, type SignedUpUser } from '../support/account-factory.js';
import { encodingEnded, waitFor } from '../support/wait.js';
import { media } from '../support/media.js';
import { storedObjects } from '../support/upload-fixtures.js';
import { STORAGE, type StorageAdapter } from '../../src/storage/storage.adapter.js';

jest.setTimeout(300_000);

interface EncodingBody {
  encodingId: string;
  state: string;
  progress: number;
  error: string | null;
  durationSecs: number | null;
}

// Scratch folders of an encoding's job attempts (DATA_DIR/tmp/jobs/<process>/encode-<id>-...).
function scratchOf(t: TestApp, encodingId: string): string[] {
  const root = path.join(t.config.dataDir, 'tmp', 'jobs');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((p) => p.includes(`encode-${encodingId}`));
}

// ffmpeg processes working on the encoding's files (their input is in its scratch folder).
function ffmpegOf(encodingId: string): string[] {
  return execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => /ff(mpeg|probe)/.test(line) && line.includes(`encode-${encodingId}`));
}

const queues: [string, Record<string, string | undefined>][] = [
  ['the in-process queue', {}],
  ...(process.env.REDIS_URL ? [['BullMQ', { REDIS_URL: process.env.REDIS_URL }] as [string, Record<string, string | undefined>]] : []),
];

describe.each(queues)('a cut while the whole recording encodes (%s)', (_label, env) => {
  let t: TestApp;
  let ann: SignedUpUser;

  const encoding = async (id: string) => ann.client.get(`/api/videos/encodings/${id}`);

  beforeAll(async () => {
    t = await startTestApp(env);
    ann = await signUp(t, { fullName: 'Ann Lee' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('stops that encode and leaves nothing of it; the cut is what becomes ready', async () => {
    // stored as the recorder's upload stores it: WebM bytes, length unknown
    const videoId = crypto.randomUUID();
    const file = media('recordingWebmLong');
    const key = `f/${videoId}/${crypto.randomUUID()}.webm`;
    await t.app.get<StorageAdapter>(STORAGE).putFile(key, file, { contentType: 'video/webm' });
    await sql(t, `insert into media_file (id, owner_id, kind, file_name, content_type, size, storage_key) values (?, ?, 'video', 'Recording.webm', 'video/webm', ?, ?)`, [
      videoId, ann.id, fs.statSync(file).size, key,
    ]);

    // Stop: the whole recording is asked for, and its picture is being encoded
    const whole = (await ann.client.post(`/api/videos/${videoId}`)).body.body as EncodingBody;
    await waitFor(
      async () => {
        const b = (await encoding(whole.encodingId)).body.body as EncodingBody;
        if (b.state === 'completed' || b.state === 'failed') throw new Error(`the whole recording's encode ended (${b.state}) before the cut was asked for`);
        return b.state === 'active' && b.progress >= 5 && ffmpegOf(whole.encodingId).length > 0;
      },
      "the whole recording's encode under way",
      120_000,
      50,
    );
    const [{ job_id: jobId }] = await sql<{ job_id: string }>(t, 'select job_id from video_encoding where id = ?', [whole.encodingId]);

    // Save with a cut
    const cut = await ann.client.post(`/api/videos/${videoId}?trimStart=2&trimEnd=7`);
    expect(cut.status).toBe(202);
    const cutId = (cut.body.body as EncodingBody).encodingId;
    expect(cutId).not.toBe(whole.encodingId);

    // the whole one is dropped at once, its job too ...
    expect((await encoding(whole.encodingId)).status).toBe(404);
    expect(await sql(t, 'select count(*)::int as n from video_encoding where source_file_id = ?', [videoId])).toEqual([{ n: 1 }]);
    if (!env.REDIS_URL) expect(await sql(t, 'select count(*)::int as n from job where id = ?', [jobId])).toEqual([{ n: 0 }]);
    // ... its ffmpeg stops and its scratch files go, well before the 40 s it had to encode
    await waitFor(() => ffmpegOf(whole.encodingId).length === 0 && scratchOf(t, whole.encodingId).length === 0, 'the dropped encode to stop and clean up', 30_000, 50);

    // the cut becomes ready, is the video's, and is the only output stored
    const done = await encodingEnded<EncodingBody>(ann.client, cutId, 'the cut encoding', 240_000);
    expect(done).toMatchObject({ state: 'completed', error: null });
    expect(done.durationSecs).toBeGreaterThan(4.8);
    expect(done.durationSecs).toBeLessThan(5.2);
    const again = await ann.client.post(`/api/videos/${videoId}`);
    expect(again.status).toBe(200);
    expect(again.body.body.encodingId).toBe(cutId);
    const outputs = storedObjects(t).filter((k) => k.startsWith(`v${path.sep}`));
    expect(outputs.filter((k) => k.includes(whole.encodingId))).toEqual([]);
    // MP4 with sound (web view), MP4 without (email), poster, GIF
    expect(outputs.filter((k) => k.includes(cutId))).toHaveLength(4);
    // The encoding is ready once its outputs are stored; the job's scratch folder goes when the job
    // itself ends, just after (the queue's, not the handler's, to remove).
    await waitFor(() => scratchOf(t, cutId).length === 0 && ffmpegOf(cutId).length === 0, "the cut's encode to leave nothing behind once its job ends", 30_000, 50);
  });
});
