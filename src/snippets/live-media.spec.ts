import { liveMediaRoute } from './live-media-router.js';
import { STILL_CANVAS_MAX_HEIGHT, stillCanvas } from './neutral-still.js';
import { liveMediaPath, parseLiveMediaPath } from './export/live-media-urls.js';
import { liveMediaAnswer, type LiveEyeMail } from './live-media.js';
import type { SnippetMedia } from './snippet-view.js';

const ID = '0b6f2f3e-8c1d-4f6a-9d3e-2a1b3c4d5e6f';

const media: SnippetMedia = {
  encoding: {
    state: 'completed',
    progress: 100,
    videoUrl: 'https://x.test/media/v/1/web.mp4',
    emailVideoUrl: 'https://x.test/media/v/1/email.mp4',
    thumbnailUrl: 'https://x.test/media/v/1/poster.jpg',
    gifUrl: 'https://x.test/media/v/1/anim.gif',
  },
  gifUrl: null,
  logoUrl: 'https://x.test/media/i/logo.png',
  coverUrl: 'https://x.test/media/i/cover.jpg',
  videoIconUrl: null,
};
const on: LiveEyeMail = { active: true, tier: 'premium', media };
const off: LiveEyeMail = { ...on, active: false };
const req = (file: string) => parseLiveMediaPath(ID, file)!;

describe('liveMediaAnswer', () => {
  it('serves the current version of every slot while the EyeMail is active', () => {
    expect(liveMediaAnswer(req('video.mp4'), on)).toEqual({ kind: 'stored', url: media.encoding!.emailVideoUrl });
    expect(liveMediaAnswer(req('gif-600x338.gif'), on)).toEqual({ kind: 'stored', url: media.encoding!.gifUrl });
    expect(liveMediaAnswer(req('poster-600x338.jpg'), on)).toEqual({ kind: 'stored', url: media.encoding!.thumbnailUrl });
    expect(liveMediaAnswer(req('logo'), on)).toEqual({ kind: 'stored', url: media.logoUrl });
    expect(liveMediaAnswer(req('cover'), on)).toEqual({ kind: 'stored', url: media.coverUrl });
  });

  it("prefers the user's own GIF, and the MP4 with sound for encodings made before the email's", () => {
    expect(liveMediaAnswer(req('gif-600x400.gif'), { ...on, media: { ...media, gifUrl: 'https://x.test/own.gif' } })).toEqual({ kind: 'stored', url: 'https://x.test/own.gif' });
    const old = { ...media, encoding: { ...media.encoding!, emailVideoUrl: null } };
    expect(liveMediaAnswer(req('video.mp4'), { ...on, media: old })).toEqual({ kind: 'stored', url: media.encoding!.videoUrl });
  });

  it('answers a still of the size in the address for the GIF and poster of an EyeMail that is off or deleted, and no video', () => {
    for (const now of [off, null]) {
      expect(liveMediaAnswer(req('gif-640x360.gif'), now)).toEqual({ kind: 'still', format: 'gif', width: 640, height: 360 });
      expect(liveMediaAnswer(req('poster-800x450.jpg'), now)).toEqual({ kind: 'still', format: 'jpeg', width: 800, height: 450 });
      expect(liveMediaAnswer(req('video.mp4'), now)).toEqual({ kind: 'gone' });
      expect(liveMediaAnswer(req('logo'), now)).toEqual({ kind: 'blank' });
    }
  });

  it('blanks a picture the EyeMail no longer has, and an Express account never shows a logo or cover', () => {
    expect(liveMediaAnswer(req('icon'), on)).toEqual({ kind: 'blank' });
    expect(liveMediaAnswer(req('logo'), { ...on, tier: 'express' })).toEqual({ kind: 'blank' });
    expect(liveMediaAnswer(req('cover'), { ...on, tier: 'express' })).toEqual({ kind: 'blank' });
  });
});

describe('live media addresses', () => {
  it('round-trips every slot', () => {
    expect(parseLiveMediaPath(ID, 'video.mp4')).toEqual({ snippetId: ID, slot: 'video', width: null, height: null });
    expect(liveMediaPath(ID.toUpperCase(), 'gif', { width: 600, height: 338 })).toBe(`/m/${ID}/gif-600x338.gif`);
    expect(parseLiveMediaPath(ID.toUpperCase(), 'poster-600x338.jpg')).toEqual({ snippetId: ID, slot: 'poster', width: 600, height: 338 });
    expect(liveMediaPath(ID, 'logo')).toBe(`/m/${ID}/logo`);
  });

  it.each([
    ['not-a-uuid', 'video.mp4'],
    [ID, 'video.webm'],
    [ID, 'gif-600x338.jpg'],
    [ID, 'poster-600x338.gif'],
    [ID, 'gif-0x338.gif'],
    [ID, 'gif-600x9999.gif'],
    [ID, 'gif-600x0338.gif'],
    [ID, 'poster.jpg'],
    [ID, '../logo'],
  ])('refuses %s/%s', (id, file) => {
    expect(parseLiveMediaPath(id, file)).toBeNull();
  });
});

describe('the neutral still’s canvas', () => {
  it('keeps the address’s shape at one width, so any number of sizes asked draws at most one still per 2 px of height', () => {
    expect(stillCanvas(600, 338)).toEqual({ width: 600, height: 338 });
    expect(stillCanvas(640, 360)).toEqual({ width: 600, height: 338 });
    expect(stillCanvas(800, 450)).toEqual({ width: 600, height: 338 });
    expect(stillCanvas(600, 1067)).toEqual({ width: 600, height: 1068 }); // a 9:16 video
    expect(stillCanvas(1, 3200)).toEqual({ width: 600, height: STILL_CANVAS_MAX_HEIGHT });
    expect(stillCanvas(3200, 1)).toEqual({ width: 600, height: 2 });
    const drawn = new Set<string>();
    for (let w = 1; w <= 3200; w += 7) for (let h = 1; h <= 3200; h += 11) drawn.add(JSON.stringify(stillCanvas(w, h)));
    expect(drawn.size).toBeLessThanOrEqual(STILL_CANVAS_MAX_HEIGHT / 2);
  });
});

describe('the pictures answered ahead of Express', () => {
  it('takes GET and HEAD of a picture address, never the video or another method', () => {
    expect(liveMediaRoute('GET', `/m/${ID}/gif-600x338.gif?x=1`)).toEqual({ id: ID, file: 'gif-600x338.gif', path: `/m/${ID}/gif-600x338.gif` });
    expect(liveMediaRoute('HEAD', `/m/${ID}/logo`)).toEqual({ id: ID, file: 'logo', path: `/m/${ID}/logo` });
    expect(liveMediaRoute('GET', `/m/${ID}/video.mp4`)).toBeNull();
    expect(liveMediaRoute('GET', `/m/${ID}/video%2Emp4`)).toBeNull();
    expect(liveMediaRoute('POST', `/m/${ID}/logo`)).toBeNull();
    expect(liveMediaRoute('GET', `/m/${ID}/logo/extra`)).toBeNull();
    expect(liveMediaRoute('GET', `/media/${ID}/logo`)).toBeNull();
  });
});
