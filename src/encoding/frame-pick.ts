// Pure: per-frame picture statistics of the preview clip (ffmpeg's signalstats, printed by the
// metadata filter) and the two choices made from them: where the GIF starts, so that its first
// frame is a complete picture on its own (Outlook for Windows shows only that frame), and which
// frame becomes the poster.

export interface FrameStats {
  // index in the preview clip and its time from the start of the video
  index: number;
  time: number;
  // luma average and 10th/90th percentiles (limited range: 16 black .. 235 white)
  yAvg: number;
  yLow: number;
  yHigh: number;
  // average saturation and the average luma change from the previous frame
  satAvg: number;
  yDiff: number;
}

// Parses lines like:
//   frame:3    pts:3       pts_time:0.3
//   lavfi.signalstats.YAVG=101.2
export function parseFrameStats(text: string): FrameStats[] {
  const frames: FrameStats[] = [];
  let cur: Partial<FrameStats> & { index: number; time: number } | null = null;
  const push = () => {
    if (cur && cur.yAvg !== undefined) {
      frames.push({
        index: cur.index,
        time: cur.time,
        yAvg: cur.yAvg,
        yLow: cur.yLow ?? cur.yAvg,
        yHigh: cur.yHigh ?? cur.yAvg,
        satAvg: cur.satAvg ?? 0,
        yDiff: cur.yDiff ?? 0,
      });
    }
  };
  for (const line of text.split(/\r?\n/)) {
    const head = /^frame:(\d+)\s+pts:\S+\s+pts_time:(\S+)/.exec(line);
    if (head) {
      push();
      const t = Number(head[2]);
      cur = { index: Number(head[1]), time: Number.isFinite(t) ? t : 0 };
      continue;
    }
    const kv = /^lavfi\.signalstats\.([A-Z]+)=(\S+)/.exec(line);
    if (!kv || !cur) continue;
    const value = Number(kv[2]);
    if (!Number.isFinite(value)) continue;
    if (kv[1] === 'YAVG') cur.yAvg = value;
    else if (kv[1] === 'YLOW') cur.yLow = value;
    else if (kv[1] === 'YHIGH') cur.yHigh = value;
    else if (kv[1] === 'SATAVG') cur.satAvg = value;
    else if (kv[1] === 'YDIF') cur.yDiff = value;
  }
  push();
  return frames;
}

const median = (xs: number[]) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const spread = (f: FrameStats) => f.yHigh - f.yLow;

// A frame that means something on its own: not black, not blown out, not one flat colour.
export function isMeaningful(f: FrameStats): boolean {
  return f.yAvg >= 35 && f.yAvg <= 225 && spread(f) >= 20;
}

// How far into the preview the GIF may start (a fade-in longer than this is part of the film).
export const MAX_GIF_START_SECS = 3;

// The GIF starts at the first frame that already looks like the rest of the opening: bright and
// detailed enough compared with the typical frame, so a fade-in from black is skipped. Frames
// are compared with the clip's own median, so a night scene is not mistaken for a fade.
export function chooseGifStart(frames: FrameStats[]): number {
  if (!frames.length) return 0;
  const typicalY = median(frames.map((f) => f.yAvg));
  const typicalSpread = median(frames.map(spread));
  const settled = (f: FrameStats) =>
    f.yAvg >= Math.min(35, typicalY) &&
    f.yAvg - 16 >= 0.85 * (typicalY - 16) &&
    spread(f) >= Math.min(20, typicalSpread) &&
    spread(f) >= 0.6 * typicalSpread;
  const first = frames.find((f) => f.time <= MAX_GIF_START_SECS && settled(f));
  if (first) return first.index;
  // nothing settles early: start on the poster frame if it is early enough, else at the start
  const posterIndex = choosePosterFrame(frames);
  const poster = frames.find((f) => f.index === posterIndex);
  return poster && poster.time <= MAX_GIF_START_SECS ? poster.index : frames[0].index;
}

// The poster is the most typical meaningful frame of the opening seconds: closest to the median
// brightness, contrast and colour of those frames, and still (little change from the frame
// before), which avoids black frames, flashes, cuts and motion blur.
// Returns the frame's index in the preview clip.
export function choosePosterFrame(frames: FrameStats[]): number {
  if (!frames.length) return 0;
  const meaningful = frames.filter(isMeaningful);
  const pool = meaningful.length ? meaningful : frames;
  const my = median(pool.map((f) => f.yAvg));
  const ms = median(pool.map(spread));
  const mc = median(pool.map((f) => f.satAvg));
  let best = pool[0];
  let bestScore = Infinity;
  for (const f of pool) {
    const score =
      Math.abs(f.yAvg - my) / 20 + Math.abs(spread(f) - ms) / 30 + Math.abs(f.satAvg - mc) / 20 + f.yDiff / 4 +
      // a mild preference for earlier frames: the poster should match what plays first
      f.time / 30;
    if (score < bestScore) {
      best = f;
      bestScore = score;
    }
  }
  return best.index;
}
