import { clampSegment, heatmapStrip, MAX_RANGES_PER_PLAY, MAX_SEGMENTS_PER_PLAY, mergeSegments, secondCounts, secondWidth, unionRanges, watchedSeconds } from './watch-ranges.js';

describe('a play\'s segments', () => {
  it('are cut to the video: negative starts at 0, ends past the video at its length', () => {
    expect(clampSegment({ id: 0, start: -3, end: 4 }, 10)).toEqual({ id: 0, start: 0, end: 4 });
    expect(clampSegment({ id: 1, start: 8, end: 999 }, 10)).toEqual({ id: 1, start: 8, end: 10 });
    expect(clampSegment({ id: 2, start: 12, end: 20 }, 10)).toBeNull();
    expect(clampSegment({ id: 3, start: 5, end: 5 }, 10)).toBeNull();
  });

  it('keep per number the widest stretch they were told, whatever order the reports came in', () => {
    const first = mergeSegments([], [{ id: 0, start: 0, end: 4 }], 30);
    const grown = mergeSegments(first, [{ id: 0, start: 0, end: 9 }, { id: 1, start: 2, end: 5 }], 30);
    // an old report of segment 0 arriving late changes nothing
    const late = mergeSegments(grown, [{ id: 0, start: 0, end: 4 }], 30);
    expect(late).toEqual([
      { id: 0, start: 0, end: 9 },
      { id: 1, start: 2, end: 5 },
    ]);
  });

  it('leave out numbers past the bound', () => {
    const merged = mergeSegments([], [{ id: MAX_SEGMENTS_PER_PLAY, start: 0, end: 1 }, { id: -1, start: 0, end: 1 }, { id: 1.5, start: 0, end: 1 }, { id: 3, start: 0, end: 1 }], 30);
    expect(merged).toEqual([{ id: 3, start: 0, end: 1 }]);
  });
});

describe('the seconds a play watched', () => {
  it('are the union of its segments (a rewatch counts once)', () => {
    // 0-10, then back to 4-6 (rewatch), then a jump to 20-25
    const ranges = unionRanges([{ start: 0, end: 10 }, { start: 4, end: 6 }, { start: 20, end: 25 }]);
    expect(ranges).toEqual([[0, 10], [20, 25]]);
    expect(watchedSeconds(ranges)).toBe(15);
  });

  it('join ranges that touch or are a sampling step apart', () => {
    expect(unionRanges([{ start: 0, end: 5 }, { start: 5.2, end: 8 }])).toEqual([[0, 8]]);
    expect(unionRanges([{ start: 0, end: 5 }, { start: 6, end: 8 }])).toEqual([[0, 5], [6, 8]]);
  });

  it('are kept in a bounded number of ranges, joining the closest neighbours', () => {
    // 60 one-second ranges two seconds apart, but the sixth only half a second after the fifth
    const segs = Array.from({ length: 60 }, (_, i) => ({ start: i * 3, end: i * 3 + 1 }));
    segs[5] = { start: 13.5, end: 14.5 };
    const ranges = unionRanges(segs, 59);
    expect(ranges).toHaveLength(59);
    expect(ranges[0]).toEqual([0, 1]);
    expect(ranges[4]).toEqual([12, 14.5]);
    const all = unionRanges(segs);
    expect(all).toHaveLength(MAX_RANGES_PER_PLAY);
    expect(watchedSeconds(all)).toBeGreaterThanOrEqual(60);
  });
});

describe('each second of a play', () => {
  it('counts the segments over its middle: skipped, watched, rewatched', () => {
    // a 6 s video: played 0-4, seeked back to 1, played 1-3; seconds 4 and 5 never played
    const counts = secondCounts([{ start: 0, end: 4 }, { start: 1, end: 3 }], 6);
    expect(counts).toEqual([1, 2, 2, 1, 0, 0]);
    expect(heatmapStrip(counts)).toEqual(['watched', 'rewatched', 'rewatched', 'watched', 'skipped', 'skipped']);
  });

  it('a part-second counts only when it covers the middle, and a fractional length has its last second', () => {
    expect(secondCounts([{ start: 0.6, end: 2.4 }], 2.5)).toEqual([0, 1, 1]);
    // the last second is 2..2.5, its middle 2.25: a play to the end covers it
    expect(secondCounts([{ start: 0, end: 2.5 }], 2.5)).toEqual([1, 1, 1]);
    expect(secondCounts([{ start: 0, end: 2.2 }], 2.5)).toEqual([1, 1, 0]);
  });

  it('a play of all of an 8.5 s video is drawn full: every second watched, the last one half as wide', () => {
    const counts = secondCounts([{ start: 0, end: 8.5 }], 8.5);
    expect(counts).toEqual(new Array(9).fill(1));
    expect(secondWidth(8, 8.5)).toBeCloseTo(0.5 / 8.5);
    expect(counts.reduce((sum, _c, i) => sum + secondWidth(i, 8.5), 0)).toBeCloseTo(1);
  });
});
