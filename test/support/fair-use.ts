// The fair-use tests of the encoder through HTTP on the real app (test/e2e/videos-fair-use*.e2e-spec.ts),
// the same for each queue: one account's backlog does not hold up another's encode, identical
// requests share one encoding and one job, each account has a cap on encodes queued or running,
// and uploads are limited per account and hour. One file per queue, so jest runs them side by side.
import { describe, expect, it, beforeAll, afterAll } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { startTestApp, type TestApp } from './app.js';
import { signUp, sql, type Client } from './account-factory.js';
import { encodingEnded } from './wait.js';
import { clip, png, upload } from './upload-fixtures.js';

export const finished = (client: Client, encodingId: string): Promise<{ state: string }> => encodingEnded(client, encodingId);

// The queue's jobs for one encoding, read from the queue's own store.
async function jobsOf(t: TestApp, encodingId: string): Promise<number> {
  if (!t.config.redisUrl) {
    const [row] = await sql<{ n: string }>(t, `select count(*) as n from job where name = 'encode-video' and data->>'encodingId' = ?`, [encodingId]);
    return Number(row.n);
  }
  const connection = new Redis(t.config.redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue('encode-video', { connection, prefix: t.config.queuePrefix });
  try {
    const jobs = await queue.getJobs(['active', 'wait', 'prioritized', 'delayed', 'completed', 'failed']);
    return jobs.filter((j) => (j.data as { encodingId?: string } | null)?.encodingId === encodingId).length;
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

export function describeFairUse(kind: 'in-process' | 'bullmq', env: Record<string, string>): void {
  describe(`fair use of the encoder (${kind} queue)`, () => {
    describe('with room for 40 encodes per account', () => {
      let t: TestApp;

      beforeAll(async () => {
        t = await startTestApp({ ...env, ENCODES_PER_ACCOUNT: '40', ENCODE_CONCURRENCY: '1' });
      });
      afterAll(async () => {
        await t.close();
      });

      it('starts another account’s encode before most of the 40 one account queued first', async () => {
        const [ann, bob] = [await signUp(t, { fullName: 'Ann Lee' }), await signUp(t, { fullName: 'Bob Ray' })];
        const annVideo = (await upload(ann.client, 'video', clip('mp4', 1), 'ann.mp4', 'video/mp4')).body.body.fileId as string;
        const bobVideo = (await upload(bob.client, 'video', clip('mp4', 1), 'bob.mp4', 'video/mp4')).body.body.fileId as string;

        // Every width is another encode: 40 of them, one after the other as fast as HTTP allows.
        for (let width = 600; width < 640; width++) {
          const res = await ann.client.post(`/api/videos/${annVideo}?width=${width}`);
          expect(res.status).toBe(202);
        }
        const bobs = await bob.client.post(`/api/videos/${bobVideo}`);
        expect(bobs.status).toBe(202);
        const [{ n: startedWhenBobAsked }] = await sql<{ n: string }>(t, 'select count(*) as n from video_encoding where source_file_id = ? and started_at is not null', [
          annVideo,
        ]);
        expect((await finished(bob.client, bobs.body.body.encodingId)).state).toBe('completed');

        // The order the encodes started in, as recorded by the jobs themselves.
        const [{ n: annBeforeBob }] = await sql<{ n: string }>(
          t,
          `select count(*) as n from video_encoding a, video_encoding b
           where a.source_file_id = ? and b.id = ? and a.started_at < b.started_at`,
          [annVideo, bobs.body.body.encodingId],
        );
        // First come first served would have run all 40 of Ann's first; fairly, Bob's is next
        // after what was running when he asked.
        expect(Number(annBeforeBob)).toBeLessThan(20);
        expect(Number(annBeforeBob)).toBeLessThanOrEqual(Number(startedWhenBobAsked) + 1);

        // The rest of Ann's encodes are not needed: deleting her video makes their jobs finish at once.
        expect((await ann.client.delete(`/api/files/${annVideo}`)).status).toBe(200);
      });

      it('shares one encoding and one job between identical requests made at once', async () => {
        const cy = await signUp(t, { fullName: 'Cy Dale' });
        const video = (await upload(cy.client, 'video', clip('mp4', 1), 'cy.mp4', 'video/mp4')).body.body.fileId as string;
        const answers = await Promise.all(Array.from({ length: 6 }, () => cy.client.post(`/api/videos/${video}?overlay=black&width=700`)));
        for (const res of answers) expect([200, 202]).toContain(res.status);
        const ids = new Set(answers.map((res) => res.body.body.encodingId as string));
        expect(ids.size).toBe(1);
        const [encodingId] = [...ids];
        expect(await sql(t, 'select id from video_encoding where source_file_id = ?', [video])).toEqual([{ id: encodingId }]);

        expect((await finished(cy.client, encodingId)).state).toBe('completed');
        expect(await jobsOf(t, encodingId)).toBe(1);
        // Asked again once done: the same encoding, at once.
        const again = await cy.client.post(`/api/videos/${video}?overlay=black&width=700`);
        expect(again.status).toBe(200);
        expect(again.body.body.encodingId).toBe(encodingId);
      });
    });

    describe('with 2 encodes per account and 3 uploads per hour', () => {
      let t: TestApp;

      beforeAll(async () => {
        t = await startTestApp({ ...env, ENCODES_PER_ACCOUNT: '2', UPLOADS_PER_HOUR: '3', ENCODE_CONCURRENCY: '1' });
      });
      afterAll(async () => {
        await t.close();
      });

      it('answers 429 past the cap of encodes queued or running, writes nothing, and accepts again once one finished', async () => {
        const [dee, eve] = [await signUp(t, { fullName: 'Dee Fox' }), await signUp(t, { fullName: 'Eve Gale' })];
        const video = (await upload(dee.client, 'video', clip('mp4', 2), 'dee.mp4', 'video/mp4')).body.body.fileId as string;
        const first = await dee.client.post(`/api/videos/${video}?width=700`);
        const second = await dee.client.post(`/api/videos/${video}?width=710`);
        expect([first.status, second.status]).toEqual([202, 202]);

        const third = await dee.client.post(`/api/videos/${video}?width=720`);
        expect(third.status).toBe(429);
        expect(third.body).toEqual({ result: false, message: 'You have 2 videos encoding. Wait for one to finish, then try again.', body: null, errors: null });
        expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
        expect((await sql(t, 'select width from video_encoding where source_file_id = ? order by width', [video])).map((r) => r.width)).toEqual([700, 710]);

        // Asking again for one already queued is always answered; another account is not held back.
        const same = await dee.client.post(`/api/videos/${video}?width=710`);
        expect([200, 202]).toContain(same.status);
        expect(same.body.body.encodingId).toBe(second.body.body.encodingId);
        const eveVideo = (await upload(eve.client, 'video', clip('mp4', 1), 'eve.mp4', 'video/mp4')).body.body.fileId as string;
        expect((await eve.client.post(`/api/videos/${eveVideo}`)).status).toBe(202);

        expect((await finished(dee.client, first.body.body.encodingId)).state).toBe('completed');
        const later = await dee.client.post(`/api/videos/${video}?width=720`);
        expect(later.status).toBe(202);
        expect(later.body.body).toMatchObject({ width: 720, state: expect.stringMatching(/^(queued|active)$/) });
      });

      it('answers 429 to uploads past the hourly limit of the account, storing nothing; another account uploads as usual', async () => {
        const [fay, gus] = [await signUp(t, { fullName: 'Fay Hill' }), await signUp(t, { fullName: 'Gus Ives' })];
        const logo = await png(60, 60);
        for (let i = 1; i <= 3; i++) expect((await upload(fay.client, 'logo', logo, `logo-${i}.png`, 'image/png')).status).toBe(201);

        const over = await upload(fay.client, 'logo', logo, 'logo-4.png', 'image/png');
        expect(over.status).toBe(429);
        expect(over.body).toMatchObject({ result: false, message: 'You can upload up to 3 files an hour. Please wait a while before uploading more.' });
        const retryAfter = Number(over.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(3600);
        expect((await fay.client.get('/api/files?type=logo')).body.body).toHaveLength(3);

        expect((await upload(gus.client, 'logo', logo, 'logo.png', 'image/png')).status).toBe(201);
      });
    });
  });
}
