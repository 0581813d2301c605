import { frameStats as frame } from './encoding.fixtures.js';
import { gifInfoOf, planGif } from './gif-output.js';
import { gifLadder } from './gif-recipe.js';

const plan = { width: 600, height: 338, preview: { seconds: 8, fps: 10 } };

describe('planGif', () => {
  it('skips a fade-in from black and sizes the recipes to what is left of the preview', () => {
    const stats = [...Array.from({ length: 10 }, (_, i) => frame(i, { yAvg: 16, yLow: 16, yHigh: 17 })), ...Array.from({ length: 70 }, (_, i) => frame(10 + i))];
    const g = planGif(stats, plan);
    expect(g.startFrame).toBe(10);
    expect(g.posterFrame).toBeGreaterThanOrEqual(10);
    expect(g.ladder).toEqual(gifLadder(600, 7));
  });

  it('without frame statistics starts at the first frame and plans on the whole preview', () => {
    expect(planGif([], plan)).toEqual({ startFrame: 0, posterFrame: 0, ladder: gifLadder(600, 8) });
  });
});

describe('gifInfoOf', () => {
  it('describes a GIF at the email width as the video', () => {
    const [first] = gifLadder(600, 8);
    expect(gifInfoOf(first, plan)).toEqual({ width: 600, height: 338, fps: 10, frames: 50, colours: 256, still: false });
  });

  it('keeps the shape of a narrower GIF, in even pixels', () => {
    const narrower = gifLadder(600, 8).find((r) => r.width === 450)!;
    expect(gifInfoOf(narrower, plan)).toMatchObject({ width: 450, height: 254 });
  });

  it('describes the last resort as one still frame', () => {
    const still = gifLadder(600, 8).at(-1)!;
    expect(gifInfoOf(still, plan)).toMatchObject({ still: true, fps: 0, frames: 1 });
  });
});
