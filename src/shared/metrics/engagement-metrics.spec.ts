import {
  clickThroughRate,
  completionRate,
  engagement,
  funnel,
  isComplete,
  isCountedPlay,
  playRate,
  playThreshold,
  rate,
  shareWatched,
  soundOnRate,
} from './engagement-metrics.js';

describe('a play', () => {
  it('counts from 2 s played, or the whole of a shorter video', () => {
    expect(playThreshold(30)).toBe(2);
    expect(playThreshold(1.5)).toBe(1.5);
    expect(playThreshold(null)).toBe(2);
    expect(isCountedPlay(1.99, 30)).toBe(false);
    expect(isCountedPlay(2, 30)).toBe(true);
    expect(isCountedPlay(1.5, 1.5)).toBe(true);
  });

  it('watched a share of the video, never more than all of it', () => {
    expect(shareWatched(15, 60)).toBe(0.25);
    expect(shareWatched(70, 60)).toBe(1);
    expect(shareWatched(10, null)).toBe(0);
    expect(shareWatched(10, 0)).toBe(0);
  });

  it('is complete from 90 % watched', () => {
    expect(isComplete(0.9)).toBe(true);
    expect(isComplete(0.899)).toBe(false);
  });
});

describe('the rates', () => {
  it('divide, with no rate when there is nothing to divide by', () => {
    expect(rate(1, 4)).toBe(0.25);
    expect(rate(0, 0)).toBeNull();
  });

  it('each use their own parts', () => {
    // 40 unique visitors, 10 of whom played; 12 plays, 3 with sound, 6 complete; 200 openers, 18 clickers
    expect(playRate(10, 40)).toBe(0.25);
    expect(soundOnRate(3, 12)).toBe(0.25);
    expect(completionRate(6, 12)).toBe(0.5);
    expect(clickThroughRate(18, 200)).toBe(0.09);
  });

  it('engagement is the average share watched per play', () => {
    // plays watched 100 %, 50 % and 30 %
    expect(engagement([1, 0.5, 0.3])).toBeCloseTo(0.6, 10);
    expect(engagement([])).toBeNull();
  });
});

describe('the funnel', () => {
  it('gives each step its people and the rate from the step before', () => {
    expect(funnel({ opens: 200, visits: 50, plays: 20, clicks: 5 })).toEqual([
      { step: 'opens', people: 200, rateFromPrevious: null },
      { step: 'visits', people: 50, rateFromPrevious: 0.25 },
      { step: 'plays', people: 20, rateFromPrevious: 0.4 },
      { step: 'clicks', people: 5, rateFromPrevious: 0.25 },
    ]);
  });

  it('has no rate after an empty step, and may pass 100 % (a visit without a tracked open)', () => {
    const f = funnel({ opens: 0, visits: 3, plays: 3, clicks: 0 });
    expect(f[1].rateFromPrevious).toBeNull();
    expect(f[2].rateFromPrevious).toBe(1);
    expect(funnel({ opens: 2, visits: 3, plays: 0, clicks: 0 })[1].rateFromPrevious).toBe(1.5);
  });
});
