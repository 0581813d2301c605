// The poster, the GIF fallback and the mute-icon overlay of the email encoding, on real ffmpeg:
// the first frames skip a fade-in, the GIF adapts to its 1 MB budget, the icon is burnt in where
// it belongs and nowhere else. The checks are shared with encoding.e2e-spec.ts
// (test/support/encoding-checks.ts).
import { jest } from '@jest/globals';
import { muteIconPlacement } from '../../src/encoding/encode-plan.js';
import { encodeKind, expectEmailRendition, useEncodingService } from '../support/encoding-checks.js';
import { gifFrames, meanLuma, media, regionColour } from '../support/media.js';

jest.setTimeout(120_000);

useEncodingService();

let plainEncode: ReturnType<typeof encodeKind> | undefined;
const plainLandscape = () => (plainEncode ??= encodeKind('landscape', { overlay: 'none' }));

describe('encoding: poster, GIF and overlay', () => {
  it('skips a fade-in from black: the GIF opens on a complete picture and the poster is not black', async () => {
    expect(meanLuma(media('fadeIn'))).toBeLessThan(20);
    const { result, workDir } = await encodeKind('fadeIn');
    expectEmailRendition(result, workDir, { width: 600, height: 338, fps: '30/1', hasAudio: false, duration: [3.9, 4.1] });
    // the unfaded picture has a mean luma around 110; frame one of the GIF must be close to it
    expect(meanLuma(result.gif)).toBeGreaterThan(80);
    expect(meanLuma(result.poster)).toBeGreaterThan(80);
  });

  it('adapts the GIF recipe to stay under 1 MB on noisy handheld footage', async () => {
    const { result, workDir } = await encodeKind('noisyHandheld');
    expectEmailRendition(result, workDir, { width: 600, height: 450, fps: '30/1', hasAudio: false, duration: [5.9, 6.1] });
    // the usual 256-colour full-size recipe cannot fit; a leaner one was chosen
    expect(result.gifInfo.colours * result.gifInfo.width).toBeLessThan(256 * 600);
    expect(result.bytes.gif).toBeLessThanOrEqual(1_000_000);
  });

  it('gives noisy footage at the widest email width (800) a moving GIF under 1 MB', async () => {
    const { result, workDir } = await encodeKind('noisyHandheld', { width: 800 });
    expectEmailRendition(result, workDir, { width: 800, height: 600, fps: '30/1', hasAudio: false, duration: [5.9, 6.1] });
    expect(result.bytes.gif).toBeLessThanOrEqual(1_000_000);
    expect(result.gifInfo.still).toBe(false);
    expect(gifFrames(result.gif)).toBeGreaterThan(5);
  });

  it.each([
    ['black', (l: number) => l < 90],
    ['white', (l: number) => l > 170],
  ] as const)('burns the %s mute icon into the top-right corner of the video, poster and GIF', async (variant, glyphOk) => {
    const { result } = await encodeKind('landscape', { overlay: variant });
    const place = muteIconPlacement(variant, 600)!;
    // a spot inside the speaker glyph (at 13/48, 24/48 of the icon box)
    const spot = {
      x: (place.x + place.size * 0.25) / 600,
      y: (place.y + place.size * 0.47) / 338,
      w: 4 / 600,
      h: 4 / 338,
    };
    const luma = ([r, g, b]: number[]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
    for (const file of [result.mp4, result.poster, result.gif]) {
      expect(glyphOk(luma(regionColour(file, spot, 0)))).toBe(true);
    }
    // and nowhere else: the opposite corner is the untouched picture (one encode without the
    // overlay, shared by both variants: the same input and options give the same picture)
    const plain = await plainLandscape();
    const corner = { x: 0.3, y: 0.4, w: 0.1, h: 0.1 };
    const a = regionColour(result.mp4, corner, 0.5);
    const b = regionColour(plain.result.mp4, corner, 0.5);
    a.forEach((c, i) => expect(Math.abs(c - b[i])).toBeLessThan(12));
    // without the overlay that spot is just the picture
    expect(Math.abs(luma(regionColour(plain.result.mp4, spot, 0)) - luma(regionColour(result.mp4, spot, 0)))).toBeGreaterThan(25);
  });
});

