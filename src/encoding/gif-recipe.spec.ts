import { GIF_BUDGET_BYTES, gifCostFactor, gifFrameCount, gifLadder, nextGifStep, pickGifAttempt } from './gif-recipe.js';

describe('gifLadder', () => {
  const ladder = gifLadder(600, 8);
  it('starts with the usual recipe and ends with a single still frame', () => {
    expect(ladder[0]).toMatchObject({ width: 600, fps: 10, seconds: 5, colours: 256, still: false });
    expect(ladder[ladder.length - 1]).toMatchObject({ still: true, width: 600 });
    expect(gifFrameCount(ladder[0])).toBe(50);
    expect(gifFrameCount(ladder[ladder.length - 1])).toBe(1);
  });
  it('gets strictly cheaper at every step', () => {
    for (let i = 1; i < ladder.length; i++) expect(gifCostFactor(ladder[i])).toBeLessThan(gifCostFactor(ladder[i - 1]));
  });
  it('is made at the email width (600 to 800 px), narrower only on the two steps before the still', () => {
    for (const width of [600, 640, 800]) {
      const l = gifLadder(width, 8);
      expect(l.filter((r) => r.width !== width).map((r) => l.indexOf(r))).toEqual([l.length - 3, l.length - 2]);
      expect(l[l.length - 3].width).toBe(Math.floor((width * 0.75) / 2) * 2);
      expect(l[l.length - 2].width).toBe(Math.floor((width * 0.6) / 2) * 2);
    }
  });
  it('never asks for more seconds than the clip has, or wider than the widest email', () => {
    const short = gifLadder(800, 1.2);
    expect(short.every((r) => r.seconds <= 1.2 && r.width <= 800 && r.width % 2 === 0)).toBe(true);
    expect(gifLadder(1000, 8)[0].width).toBe(800);
  });
});

describe('nextGifStep', () => {
  const ladder = gifLadder(600, 8);
  it('tries the usual recipe first and stops once an attempt fits', () => {
    expect(nextGifStep(ladder, [])).toBe(0);
    expect(nextGifStep(ladder, [{ step: 0, bytes: 700_000 }])).toBeNull();
  });
  it('steps down just enough when the first attempt is a little over', () => {
    expect(nextGifStep(ladder, [{ step: 0, bytes: 1_100_000 }])).toBe(1);
  });
  it('jumps straight to a much leaner recipe when the first attempt is far over (noisy footage)', () => {
    const step = nextGifStep(ladder, [{ step: 0, bytes: 12_000_000 }])!;
    expect(step).toBeGreaterThanOrEqual(4);
    const predicted = (12_000_000 * gifCostFactor(ladder[step])) / gifCostFactor(ladder[0]);
    expect(predicted).toBeLessThanOrEqual(GIF_BUDGET_BYTES);
  });
  it('learns from the latest attempt when a prediction was too hopeful', () => {
    const attempts = [
      { step: 0, bytes: 2_000_000 },
      { step: 2, bytes: 1_500_000 },
    ];
    expect(nextGifStep(ladder, attempts)).toBeGreaterThan(2);
  });
  it('ends on the still frame within the attempt limit', () => {
    const still = ladder.length - 1;
    const attempts = [
      { step: 0, bytes: 9e6 },
      { step: 3, bytes: 5e6 },
      { step: 5, bytes: 3e6 },
    ];
    expect(nextGifStep(ladder, attempts)).toBe(still);
    expect(nextGifStep(ladder, [...attempts, { step: still, bytes: 2e6 }])).toBeNull();
  });
});

describe('pickGifAttempt', () => {
  it('keeps the best recipe that fits, else the smallest file', () => {
    expect(pickGifAttempt([])).toBeNull();
    expect(pickGifAttempt([{ step: 0, bytes: 2e6 }, { step: 3, bytes: 900_000 }, { step: 6, bytes: 100_000 }])).toEqual({ step: 3, bytes: 900_000 });
    expect(pickGifAttempt([{ step: 0, bytes: 3e6 }, { step: 4, bytes: 2e6 }])).toEqual({ step: 4, bytes: 2e6 });
  });
});
