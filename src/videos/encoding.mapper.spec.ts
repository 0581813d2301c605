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
    // without an email MP4 of its own (no sound, or encoded before), email gets the one MP4
    expect(view.emailVideoUrl).toBe('https://x.test/media/v/e1/a.mp4');
    const muted = toEncodingView({ ...base, state: 'completed', mp4Key: 'v/e1/a.mp4', emailMp4Key: 'v/e1/m.mp4', posterKey: 'v/e1/b.jpg', gifKey: 'v/e1/c.gif' }, url);
    expect(muted).toMatchObject({ videoUrl: 'https://x.test/media/v/e1/a.mp4', emailVideoUrl: 'https://x.test/media/v/e1/m.mp4' });
  });

  it('explains a failure and never reports 100% before completion', () => {
    expect(toEncodingView({ ...base, state: 'failed', error: 'Bad video.' }, url)).toMatchObject({ error: 'Bad video.', videoUrl: null });
    expect(toEncodingView({ ...base, state: 'failed', error: null }, url).error).toMatch(/try again/);
    expect(toEncodingView({ ...base, state: 'active', progress: 100 }, url).progress).toBe(99);
  });
});
