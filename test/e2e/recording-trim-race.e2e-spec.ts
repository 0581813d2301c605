// Save with a trim pressed before the last bytes of a recording arrived: the recorder asks for the
// whole recording's encoding (the upload just finished) and for the cut at the same moment. The
// cut wins whatever the order the two requests arrive in: right after both are answered, the
// cut's is the video's only encoding, and the whole recording is never encoded beside it. On the
// in-process queue and on BullMQ (when REDIS_URL is set).
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, sql, type SignedUpUser } from '../support/account-factory.js';
import { encodingEnded } from '../support/wait.js';
import { media } from '../support/media.js';
import { storedObjects } from '../support/upload-fixtures.js';
import { STORAGE, type StorageAdapter } from '../../src/storage/storage.adapter.js';

jest.setTimeout(300_000);

interface EncodingBody {
  encodingId: string;
  state: string;
  error: string | null;
  durationSecs: number | null;
}

const queues: [string, Record<string, string | undefined>][] = [
  ['the in-process queue', {}],
  ...(process.env.REDIS_URL ? [['BullMQ', { REDIS_URL: process.env.REDIS_URL }] as [string, Record<string, string | undefined>]] : []),
];

// A race is lost only now and then: each order is tried on several recordings.
const ROUNDS = 4;

describe.each(queues)('the whole recording and its cut asked for at once (%s)', (_label, env) => {
  let t: TestApp;
  let ann: SignedUpUser;

  beforeAll(async () => {
    // room for every round's encodings at once
    t = await startTestApp({ ...env, ENCODES_PER_ACCOUNT: '100' });
    ann = await signUp(t, { fullName: 'Ann Lee' });
  });
  afterAll(async () => {
    await t.close();
  });

  // Stored as the recorder's upload stores it: WebM bytes, length unknown.
  async function storedRecording(): Promise<string> {
    const id = crypto.randomUUID();
    const file = media('recordingWebm');
    const key = `f/${id}/${crypto.randomUUID()}.webm`;
    await t.app.get<StorageAdapter>(STORAGE).putFile(key, file, { contentType: 'video/webm' });
    await sql(t, `insert into media_file (id, owner_id, kind, file_name, content_type, size, storage_key) values (?, ?, 'video', 'Recording.webm', 'video/webm', ?, ?)`, [
      id, ann.id, fs.statSync(file).size, key,
    ]);
    return id;
  }

  // Both requests at once, in this order; the cut's encoding id once both are answered.
  async function bothAtOnce(videoId: string, order: 'whole first' | 'cut first'): Promise<string> {
    const asks = { whole: () => ann.client.post(`/api/videos/${videoId}`), cut: () => ann.client.post(`/api/videos/${videoId}?trimStart=2&trimEnd=7`) };
    const [first, second] = order === 'whole first' ? [asks.whole, asks.cut] : [asks.cut, asks.whole];
    const answers = await Promise.all([first(), second()]);
    const [whole, cut] = order === 'whole first' ? answers : [answers[1], answers[0]];
    expect({ order, status: cut.status }).toEqual({ order, status: 202 });
    // the recorder ignores this answer, but it is no error: the cut's encoding, or the whole
    // one that the cut dropped
    expect({ order, status: whole.status }).toEqual({ order, status: 202 });
    const cutId = (cut.body.body as EncodingBody).encodingId;
    const wholeId = (whole.body.body as EncodingBody).encodingId;
    const rows = await sql<{ id: string; trim_start: number; trim_end: number }>(t, 'select id, trim_start, trim_end from video_encoding where source_file_id = ?', [videoId]);
    expect({ order, rows }).toEqual({ order, rows: [{ id: cutId, trim_start: 2, trim_end: 7 }] });
    if (wholeId !== cutId) expect((await ann.client.get(`/api/videos/encodings/${wholeId}`)).status).toBe(404);
    return cutId;
  }

  it.each(['whole first', 'cut first'] as const)('%s: the cut is the only encoding, and it is what becomes ready', async (order) => {
    const cuts: { videoId: string; cutId: string }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const videoId = await storedRecording();
      cuts.push({ videoId, cutId: await bothAtOnce(videoId, order) });
    }
    // the first round's cut becomes ready (nothing else of its video was stored), and later
    // requests without a cut get it
    const { videoId, cutId } = cuts[0];
    const done = await encodingEnded<EncodingBody>(ann.client, cutId, 'the cut encoding', 240_000);
    expect(done).toMatchObject({ state: 'completed', error: null });
    expect(done.durationSecs).toBeGreaterThan(4.8);
    expect(done.durationSecs).toBeLessThan(5.2);
    const again = await ann.client.post(`/api/videos/${videoId}`);
    expect({ status: again.status, id: again.body.body.encodingId }).toEqual({ status: 200, id: cutId });
    const ofVideo = await sql<{ id: string }>(t, 'select id from video_encoding where source_file_id = ?', [videoId]);
    expect(ofVideo).toEqual([{ id: cutId }]);
    // MP4 with sound (web view), MP4 without (email), poster, GIF
    expect(storedObjects(t).filter((k) => k.startsWith(`v${path.sep}${cutId}`))).toHaveLength(4);
  });
});
