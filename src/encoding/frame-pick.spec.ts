import { frameStats as frame } from './encoding.fixtures.js';
import { chooseGifStart, choosePosterFrame, isMeaningful, parseFrameStats } from './frame-pick.js';


describe('parseFrameStats', () => {
  it('reads the metadata filter output, frame by frame', () => {
    const text = [
      'frame:0    pts:0       pts_time:0',
      'lavfi.signalstats.YMIN=16',
      'lavfi.signalstats.YLOW=16',
      'lavfi.signalstats.YAVG=16.5',
      'lavfi.signalstats.YHIGH=17',
      'lavfi.signalstats.SATAVG=0.2',
      'lavfi.signalstats.YDIF=0',
      'frame:1    pts:100     pts_time:0.1',
      'lavfi.signalstats.YLOW=30',
      'lavfi.signalstats.YAVG=101.25',
      'lavfi.signalstats.YHIGH=200',
      'lavfi.signalstats.SATAVG=55',
      'lavfi.signalstats.YDIF=3.5',
      '',
    ].join('\n');
    expect(parseFrameStats(text)).toEqual([
      { index: 0, time: 0, yAvg: 16.5, yLow: 16, yHigh: 17, satAvg: 0.2, yDiff: 0 },
      { index: 1, time: 0.1, yAvg: 101.25, yLow: 30, yHigh: 200, satAvg: 55, yDiff: 3.5 },
    ]);
  });
  it('ignores noise and frames without statistics', () => {
    expect(parseFrameStats('garbage\nframe:0 pts:0 pts_time:0\nlavfi.other.X=1\n')).toEqual([]);
    expect(parseFrameStats('')).toEqual([]);
  });
});

describe('isMeaningful', () => {
  it('rejects black, white and flat frames', () => {
    expect(isMeaningful(frame(0))).toBe(true);
    expect(isMeaningful(frame(0, { yAvg: 17, yLow: 16, yHigh: 18 }))).toBe(false);
    expect(isMeaningful(frame(0, { yAvg: 234, yLow: 230, yHigh: 235 }))).toBe(false);
    expect(isMeaningful(frame(0, { yAvg: 120, yLow: 118, yHigh: 122 }))).toBe(false);
  });
});

// A 6-second opening at 10 fps: black until 0.8 s, fading in until 2 s, then steady.
const fadeIn = Array.from({ length: 60 }, (_, i) => {
  const t = i / 10;
  const k = Math.max(0, Math.min(1, (t - 0.8) / 1.2));
  return frame(i, { yAvg: 16 + 94 * k, yLow: 16 + 24 * k, yHigh: 16 + 174 * k, satAvg: 40 * k, yDiff: k > 0 && k < 1 ? 8 : 1 });
});

describe('chooseGifStart', () => {
  it('starts a plain clip on its first frame', () => {
    expect(chooseGifStart(Array.from({ length: 50 }, (_, i) => frame(i)))).toBe(0);
  });
  it('skips a fade-in from black to a frame that looks like the rest', () => {
    const start = chooseGifStart(fadeIn);
    expect(fadeIn[start].time).toBeGreaterThan(1.4);
    expect(fadeIn[start].time).toBeLessThanOrEqual(2);
    expect(fadeIn[start].yAvg).toBeGreaterThan(80);
  });
  it('does not mistake a dark but detailed night scene for a fade', () => {
    const night = Array.from({ length: 40 }, (_, i) => frame(i, { yAvg: 40, yLow: 18, yHigh: 90 }));
    expect(chooseGifStart(night)).toBe(0);
  });
  it('never starts later than 3 s: a long black opening starts on the poster frame or at 0', () => {
    const longBlack = Array.from({ length: 80 }, (_, i) =>
      i < 50 ? frame(i, { yAvg: 16, yLow: 16, yHigh: 16, satAvg: 0 }) : frame(i),
    );
    const start = chooseGifStart(longBlack);
    expect(longBlack[start].time).toBeLessThanOrEqual(3);
  });
  it('handles no statistics at all', () => {
    expect(chooseGifStart([])).toBe(0);
  });
});

describe('choosePosterFrame', () => {
  it('never picks a black frame when a real picture exists', () => {
    const i = choosePosterFrame(fadeIn);
    expect(isMeaningful(fadeIn[i])).toBe(true);
    expect(fadeIn[i].yAvg).toBeGreaterThan(100);
  });
  it('prefers a still, typical frame over a flash or a cut', () => {
    const frames = Array.from({ length: 30 }, (_, i) => frame(i, { yDiff: 1 + (i % 3) }));
    frames[0] = frame(0, { yAvg: 200, yHigh: 235, yDiff: 30 });
    frames[5] = frame(5, { yDiff: 25 });
    const i = choosePosterFrame(frames);
    expect(i).not.toBe(0);
    expect(i).not.toBe(5);
    expect(frames[i].yDiff).toBe(1);
  });
  it('falls back to the frames it has when none is meaningful', () => {
    const dark = Array.from({ length: 5 }, (_, i) => frame(i, { yAvg: 16, yLow: 16, yHigh: 16 }));
    expect(choosePosterFrame(dark)).toBeGreaterThanOrEqual(0);
    expect(choosePosterFrame([])).toBe(0);
  });
});
