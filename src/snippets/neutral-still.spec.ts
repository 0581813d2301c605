import { neutralStillSvg, STILL_TEXT } from './neutral-still.js';

describe('neutralStillSvg', () => {
  it('is a card of exactly the size asked, saying the video is no longer available', () => {
    const svg = neutralStillSvg(640, 360);
    expect(svg).toContain('width="640" height="360"');
    expect(svg).toContain(`>${STILL_TEXT}</text>`);
  });

  it('keeps the line inside a narrow or flat picture', () => {
    const size = (svg: string) => Number(/font-size="(\d+)"/.exec(svg)![1]);
    expect(size(neutralStillSvg(600, 338)) * STILL_TEXT.length * 0.52).toBeLessThanOrEqual(600 * 0.8);
    expect(size(neutralStillSvg(800, 30))).toBeLessThanOrEqual(10);
  });
});
