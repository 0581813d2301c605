import { toEncodingView } from './encoding.mapper.js';

const base = {
  id: 'e1',
  sourceFileId: 'f1',
  overlay: 'black' as const,
  width: 640,
  progress: 42,
};
const url = (k: string) => `https://x.test/media/${k}`;

describe('encoding mapper', () => {
  it('shows progress and no URLs while running', () => {
    expect(toEncodingView({ ...base, state: 'active', mp4Key: null }, url)).toMatchObject({
      encodingId: 'e1',
      videoId: 'f1',
      state: 'active',
      progress: 42,
      error: null,
      videoUrl: null,
      thumbnailUrl: null,
      gifUrl: null,
    });
  });

  it('shows the three URLs and facts once completed', () => {
    const view = toEncodingView(
      { ...base, state: 'completed', progress: 100, mp4Key: 'v/e1/a.mp4', posterKey: 'v/e1/b.jpg', gifKey: 'v/e1/c.gif', outWidth: 640, outHeight: 360, durationSecs: 2.00001, hasAudio: true },
      url,
    );
    expect(view).toMatchObject({
      progress: 100,
      videoUrl: 'https://x.test/media/v/e1/a.mp4',
      thumbnailUrl: 'https://x.test/media/v/e1/b.jpg',
      gifUrl: 'https://x.test/media/v/e1/c.gif',
      outWidth: 640,
      outHeight: 360,
      durationSecs: 2,
      hasAudio: true,
    });
  });

  it('explains a failure and never reports 100% before completion', () => {
    expect(toEncodingView({ ...base, state: 'failed', error: 'Bad video.' }, url)).toMatchObject({ error: 'Bad video.', videoUrl: null });
    expect(toEncodingView({ ...base, state: 'failed', error: null }, url).error).toMatch(/try again/);
    expect(toEncodingView({ ...base, state: 'active', progress: 100 }, url).progress).toBe(99);
  });
});
