import { histogramDelta } from './second-stats.js';

const play = (segments: [number, number][], counted = true, lengthSecs: number | null = 6) => ({ segments: segments.map(([start, end]) => ({ start, end })), lengthSecs, counted });

describe('the per-second histogram', () => {
  it('a new counted play adds each second it watched, its rewatches, and a row for every second', () => {
    // 0-4 s, back to 1-3 s, on a 6 s video
    expect(histogramDelta(null, play([[0, 4], [1, 3]]))).toEqual([
      { second: 0, watching: 1, rewatches: 0 },
      { second: 1, watching: 1, rewatches: 1 },
      { second: 2, watching: 1, rewatches: 1 },
      { second: 3, watching: 1, rewatches: 0 },
      { second: 4, watching: 0, rewatches: 0 },
      { second: 5, watching: 0, rewatches: 0 },
    ]);
  });

  it('a play growing adds only what changed', () => {
    const delta = histogramDelta(play([[0, 2]]), play([[0, 4], [1, 2]]));
    expect(delta.filter((d) => d.watching || d.rewatches)).toEqual([
      { second: 1, watching: 0, rewatches: 1 },
      { second: 2, watching: 1, rewatches: 0 },
      { second: 3, watching: 1, rewatches: 0 },
    ]);
  });

  it('a play adds nothing until it counts, then all of it; one of unknown length never', () => {
    expect(histogramDelta(null, play([[0, 1.5]], false))).toEqual([]);
    expect(histogramDelta(play([[0, 1.5]], false), play([[0, 3]])).filter((d) => d.watching)).toHaveLength(3);
    expect(histogramDelta(null, play([[0, 3]], true, null))).toEqual([]);
  });
});
