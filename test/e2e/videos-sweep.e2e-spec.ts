// Encode outputs stored but never recorded (a worker killed between storing its three files and
// recording them) are removed by the periodic sweep, run through the real queue, on local disk
// and in a GCS bucket: old unrecorded files go; recorded outputs, files young enough to belong
// to an attempt still recording, and files of an encoding being worked on stay.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, sql, type Client } from '../support/account-factory.js';
import { startGcsStub, type GcsStub } from '../support/gcs-stub-server.js';
import { readyVideo } from '../support/snippet-factory.js';
import { waitFor } from '../support/wait.js';
import { fetchBytes } from '../support/upload-fixtures.js';
import { STORAGE, type StorageAdapter } from '../../src/storage/storage.adapter.js';
import { JOB_QUEUE, type JobQueue } from '../../src/queue/job-queue.js';
import { SweepOutputsJob } from '../../src/videos/sweep-outputs.job.js';
import { SWEEP_GRACE_MS } from '../../src/videos/output-sweep.js';

jest.setTimeout(180_000);

const REDIS_URL = process.env.REDIS_URL;
const BUCKET = 'eyemail-sweep-test';
const TWO_HOURS_AGO = new Date(Date.now() - 2 * 60 * 60 * 1000);

interface Backend {
  env: Record<string, string>;
  // makes a stored object look as old as a killed worker's leftovers
  age(t: TestApp, key: string, when: Date): void;
  close(): Promise<void>;
}

async function localDisk(env: Record<string, string> = {}): Promise<Backend> {
  return {
    env,
    age: (t, key, when) => fs.utimesSync(path.join(t.config.dataDir, 'media', key), when, when),
    close: async () => undefined,
  };
}

async function gcsBucket(): Promise<Backend> {
  const stub: GcsStub = await startGcsStub([BUCKET]);
  return {
    env: { GCS_BUCKET: BUCKET, GCS_API_ENDPOINT: stub.url, GCS_PROJECT_ID: 'eyemail-test' },
    age: (_t, key, when) => {
      stub.buckets.get(BUCKET)!.get(key)!.updated = when.toISOString();
    },
    close: () => stub.close(),
  };
}

const variants: [string, () => Promise<Backend>][] = [['local disk, in-process queue', () => localDisk()]];
if (REDIS_URL) variants.push(['local disk, BullMQ', () => localDisk({ REDIS_URL })]);
variants.push(['GCS bucket, in-process queue', gcsBucket]);

describe.each(variants)('sweep of unrecorded encode outputs (%s)', (_label, makeBackend) => {
  let backend: Backend;
  let t: TestApp;
  let owner: Client;
  let storage: StorageAdapter;
  let sweeper: SweepOutputsJob;
  let recorded: { encodingId: string; urls: string[] };
  let scratch: string;

  beforeAll(async () => {
    backend = await makeBackend();
    t = await startTestApp(backend.env);
    storage = t.app.get(STORAGE);
    sweeper = t.app.get(SweepOutputsJob);
    owner = (await signUp(t)).client;
    const { encodings } = await readyVideo(owner, ['none']);
    recorded = { encodingId: encodings[0].encodingId, urls: [encodings[0].videoUrl!, encodings[0].thumbnailUrl!, encodings[0].gifUrl!] };
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-sweep-'));
  });
  afterAll(async () => {
    await t?.close();
    await backend?.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  // What a worker killed after storing leaves behind: a file under the encoding's folder that no
  // row records.
  async function leftover(encodingId: string, ext: 'mp4' | 'jpg' | 'gif', age: Date | null): Promise<string> {
    const key = `v/${encodingId}/${crypto.randomUUID()}.${ext}`;
    const file = path.join(scratch, `x.${ext}`);
    fs.writeFileSync(file, crypto.randomBytes(2048));
    await storage.putFile(key, file, { contentType: ext === 'mp4' ? 'video/mp4' : ext === 'jpg' ? 'image/jpeg' : 'image/gif' });
    if (age) backend.age(t, key, age);
    return key;
  }

  const exists = async (key: string) => (await storage.stat(key)) !== null;

  it('removes old unrecorded outputs through the queue, and keeps everything else', async () => {
    const ownerId = (await sql<{ owner_id: string }>(t, 'select owner_id from video_encoding where id = ?', [recorded.encodingId]))[0].owner_id;
    // an encoding being worked on right now (its attempt may be about to record its files)
    const busyId = crypto.randomUUID();
    const sourceId = (await sql<{ source_file_id: string }>(t, 'select source_file_id from video_encoding where id = ?', [recorded.encodingId]))[0].source_file_id;
    await sql(t, `insert into video_encoding (id, owner_id, source_file_id, overlay, width, state, progress) values (?, ?, ?, 'white', 640, 'active', 96)`, [
      busyId,
      ownerId,
      sourceId,
    ]);

    const orphans = [
      // an earlier attempt of the finished encoding, killed before recording
      await leftover(recorded.encodingId, 'mp4', TWO_HOURS_AGO),
      await leftover(recorded.encodingId, 'jpg', TWO_HOURS_AGO),
      // an encoding whose row is gone (its video was deleted while the worker was dead)
      await leftover(crypto.randomUUID(), 'gif', TWO_HOURS_AGO),
    ];
    const kept = [
      // young: its attempt may still be recording it
      await leftover(recorded.encodingId, 'gif', new Date(Date.now() - SWEEP_GRACE_MS / 2)),
      await leftover(busyId, 'mp4', TWO_HOURS_AGO),
    ];
    const recordedKeys = (await sql<{ mp4_key: string; poster_key: string; gif_key: string }>(t, 'select mp4_key, poster_key, gif_key from video_encoding where id = ?', [recorded.encodingId]))
      .flatMap((r) => [r.mp4_key, r.poster_key, r.gif_key]);
    for (const key of recordedKeys) backend.age(t, key, TWO_HOURS_AGO);

    const job = await sweeper.request();
    const queue = t.app.get<JobQueue>(JOB_QUEUE);
    const done = await waitFor(
      async () => {
        const status = await queue.findStatus(job.id);
        return status && (status.state === 'completed' || status.state === 'failed') ? status : null;
      },
      'the sweep to finish',
      60_000,
      100,
    );
    expect(done).toMatchObject({ state: 'completed', result: { removed: 3 } });
    for (const key of orphans) expect([key, await exists(key)]).toEqual([key, false]);
    for (const key of [...kept, ...recordedKeys]) expect([key, await exists(key)]).toEqual([key, true]);
    // the finished encoding still plays
    if (!backend.env.GCS_BUCKET) {
      for (const url of recorded.urls) expect((await fetchBytes(t, url)).status).toBe(200);
    }
    const status = (await owner.get(`/api/videos/encodings/${recorded.encodingId}`)).body.body;
    expect(status).toMatchObject({ state: 'completed', videoUrl: recorded.urls[0] });
  });

  it('is one job per period however many instances ask, and a second run finds nothing more', async () => {
    const now = Date.now();
    const [a, b] = await Promise.all([sweeper.request(now), sweeper.request(now)]);
    expect(a.id).toBe(b.id);
    expect(await sweeper.sweep()).toMatchObject({ removed: 0 });
  });
});
