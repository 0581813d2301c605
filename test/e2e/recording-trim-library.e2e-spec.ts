// A cut video in My Videos shows what its EyeMails use: the cut's length, and the cut when played
// (the original from the cut's start to its end while the cut encodes; the cut's MP4 once ready).
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, type SignedUpUser } from '../support/account-factory.js';
import { encodingEnded } from '../support/wait.js';
import { clip, upload } from '../support/upload-fixtures.js';

jest.setTimeout(180_000);

interface ListedVideo {
  file: { fileId: string; url: string; durationSecs: number | null };
}

describe('a cut video in My Videos', () => {
  let t: TestApp;
  let ann: SignedUpUser;

  beforeAll(async () => {
    t = await startTestApp();
    ann = await signUp(t, { fullName: 'Ann Lee' });
  });
  afterAll(async () => {
    await t.close();
  });

  const listed = async (videoId: string) => ((await ann.client.get('/api/files?type=video')).body.body as ListedVideo[]).find((v) => v.file.fileId === videoId)!.file;

  it('shows the length of the cut and plays the cut', async () => {
    const uploaded = await upload(ann.client, 'video', clip('mp4', 3), 'launch.mp4', 'video/mp4');
    const videoId = uploaded.body.body.fileId as string;
    const original = uploaded.body.body.url as string;
    expect((await listed(videoId)).durationSecs).toBeCloseTo(3, 0);

    const cut = await ann.client.post(`/api/videos/${videoId}?trimStart=0.5&trimEnd=2`);
    expect(cut.status).toBe(202);
    // while it encodes: the original, from the cut's start to its end
    // (unless the cut's MP4 is ready already)
    const encoding = await listed(videoId);
    if (encoding.url.startsWith(original)) expect(encoding).toMatchObject({ url: `${original}#t=0.5,2`, durationSecs: 1.5 });

    const done = await encodingEnded<{ state: string; videoUrl: string; durationSecs: number }>(ann.client, cut.body.body.encodingId, 'the cut encoding');
    expect(done.state).toBe('completed');
    expect(await listed(videoId)).toMatchObject({ url: done.videoUrl, durationSecs: done.durationSecs });
    expect(done.durationSecs).toBeLessThan(1.7);
  });
});
