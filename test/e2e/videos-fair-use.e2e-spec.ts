// Fair use of the encoder through HTTP on the real app, on the in-process queue: one account's
// backlog does not hold up another's encode, identical requests share one encoding and one job,
// each account has a cap on encodes queued or running, and uploads are limited per account and
// hour (test/support/fair-use.ts; the same on BullMQ in videos-fair-use-bullmq). And a place held
// by an encode whose job failed unnoticed is freed.
import crypto from 'node:crypto';
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, sql } from '../support/account-factory.js';
import { describeFairUse, finished } from '../support/fair-use.js';
import { clip, upload } from '../support/upload-fixtures.js';

jest.setTimeout(240_000);

describeFairUse('in-process', {});

// An encoding whose job failed without its handler recording it (its workers kept dying) must
// not hold one of the account's places for good. The in-process queue's job table lets the test
// leave such a job behind.
describe('fair use of the encoder: a place held by an encode whose job failed unnoticed is freed', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ ENCODES_PER_ACCOUNT: '1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('records the failure and accepts the new request', async () => {
    const hal = await signUp(t, { fullName: 'Hal Jones' });
    const video = (await upload(hal.client, 'video', clip('mp4', 1), 'hal.mp4', 'video/mp4')).body.body.fileId as string;
    const [{ owner_id: ownerId }] = await sql<{ owner_id: string }>(t, 'select owner_id from media_file where id = ?', [video]);
    const stuck = crypto.randomUUID();
    await sql(t, `insert into video_encoding (id, owner_id, source_file_id, overlay, width, state, progress, job_id) values (?, ?, ?, 'none', 650, 'active', 40, ?)`, [
      stuck,
      ownerId,
      video,
      `encode-${stuck}`,
    ]);
    await sql(
      t,
      `insert into job (id, name, data, state, attempts_made, max_attempts, error, group_key, finished_at)
       values (?, 'encode-video', ?::jsonb, 'failed', 3, 3, 'The job was interrupted too many times (its worker stopped while running it).', ?, now())`,
      [`encode-${stuck}`, JSON.stringify({ encodingId: stuck }), ownerId],
    );

    const res = await hal.client.post(`/api/videos/${video}?width=700`);
    expect(res.status).toBe(202);
    expect((await hal.client.get(`/api/videos/encodings/${stuck}`)).body.body).toMatchObject({ state: 'failed', error: expect.stringContaining('interrupted') });
    expect((await finished(hal.client, res.body.body.encodingId)).state).toBe('completed');
  });
});
