// `npm run worker` runs encodes: a web instance that only enqueues (PROCESS_JOBS=false) and a
// worker started from src/worker.ts share PostgreSQL, Redis and the media folder; the encode
// requested through the API is done by the worker.
import { spawn, type ChildProcess } from 'node:child_process';
import { jest } from '@jest/globals';
import { projectRoot } from '../../src/common/paths.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp } from '../support/account-factory.js';
import { waitFor } from '../support/wait.js';
import { clip, fetchBytes, upload } from '../support/upload-fixtures.js';

jest.setTimeout(180_000);

const REDIS_URL = process.env.REDIS_URL;
const DATABASE_URL = process.env.DATABASE_URL;

(REDIS_URL && DATABASE_URL ? describe : describe.skip)('encoding in `npm run worker` processes (needs REDIS_URL and DATABASE_URL)', () => {
  let t: TestApp;
  let worker: ChildProcess | null = null;
  let output = '';

  beforeAll(async () => {
    t = await startTestApp({ REDIS_URL, PROCESS_JOBS: 'false' });
  });
  afterAll(async () => {
    worker?.kill('SIGKILL');
    await t.close();
  });

  it('runs the encode-video job the web instance queued', async () => {
    worker = spawn(process.execPath, ['--import', './test/support/ts-hooks.mjs', 'src/worker.ts'], {
      cwd: projectRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        DATA_DIR: t.config.dataDir,
        PUBLIC_BASE_URL: t.config.publicBaseUrl,
        DATABASE_URL: t.config.databaseUrl!,
        REDIS_URL,
        QUEUE_PREFIX: t.config.queuePrefix,
      },
    });
    worker.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    worker.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    await waitFor(() => output.includes('EyeMail worker ready'), `the worker to start; output: ${output}`, 90_000);

    const ann = await signUp(t);
    const video = (await upload(ann.client, 'video', clip('mp4'), 'by-worker.mp4', 'video/mp4')).body.body;
    const queued = await ann.client.post(`/api/videos/${video.fileId}?overlay=black`);
    expect(queued.status).toBe(202);
    const final = await waitFor(
      async () => {
        const body = (await ann.client.get(`/api/videos/encodings/${queued.body.body.encodingId}`)).body.body;
        return body.state === 'completed' || body.state === 'failed' ? body : null;
      },
      `the worker to finish the encode; worker output: ${output}`,
      150_000,
      100,
    );
    expect(final).toMatchObject({ state: 'completed', overlay: 'black', outWidth: 600 });
    expect((await fetchBytes(t, final.videoUrl)).status).toBe(200);

    worker.kill('SIGTERM');
    expect(await new Promise((resolve) => worker!.once('exit', resolve))).toBe(0);
    worker = null;
  });
});
