import { secondCounts, type Segment } from '../shared/metrics/watch-ranges.js';

// The per-second engagement histogram of each EyeMail (video_second_stats, migration 0014): per
// second of the video, the counted plays that watched it and the extra times they played it,
// split by machine traffic. Kept at ingest: each merge of a play adds the difference between its
// seconds after and before. Pure.

export interface SecondDelta {
  second: number;
  watching: number;
  rewatches: number;
}

export interface PlaySeconds {
  segments: readonly Pick<Segment, 'start' | 'end'>[];
  lengthSecs: number | null;
  counted: boolean;
}

// What a play adds to the histogram: its counts only while it is counted; every second of a
// counted play's video gets a row (a zero where nothing changed), so the histogram knows the
// video's length.
export function secondsOf(p: PlaySeconds | null): number[] {
  if (!p || !p.counted || !p.lengthSecs || p.lengthSecs <= 0) return [];
  return secondCounts(p.segments, p.lengthSecs);
}

export function histogramDelta(before: PlaySeconds | null, after: PlaySeconds): SecondDelta[] {
  const b = secondsOf(before);
  const a = secondsOf(after);
  const out: SecondDelta[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    const watching = (x > 0 ? 1 : 0) - (y > 0 ? 1 : 0);
    const rewatches = Math.max(x - 1, 0) - Math.max(y - 1, 0);
    if (watching || rewatches || i < a.length) out.push({ second: i, watching, rewatches });
  }
  return out;
}
