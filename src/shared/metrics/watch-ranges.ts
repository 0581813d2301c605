// Which seconds of a video one play covered (issue 17 "Watched seconds"). Pure, shared by the
// server (merging the viewer's reports) and the dashboard (drawing a play's heatmap strip).
//
// The viewer reports segments: stretches it played without a jump, each with a number of its own
// within the play (0, 1, 2, ...). A segment only grows while it plays, and the viewer re-sends
// it, so the server keeps per number the widest start..end it was told (an old report arriving
// late changes nothing). The play's watched seconds are the union of its segments; a second
// covered by two segments was rewatched.

export interface Segment {
  id: number;
  start: number;
  end: number;
}

export type Range = readonly [start: number, end: number];

// Segments a play may have (numbers 0 to 199): a viewer who jumps around more than that is not
// followed further. Ranges of the union kept per play, and the longest video believed (a
// browser's own report of the length, used when the server does not know it).
export const MAX_SEGMENTS_PER_PLAY = 200;
export const MAX_RANGES_PER_PLAY = 50;
export const MAX_VIDEO_SECONDS = 3 * 3600;
// Two ranges closer than this are one (the viewer samples the position about 4 times a second).
export const RANGE_JOIN_GAP_SECS = 0.3;

const round2 = (n: number) => Math.round(n * 100) / 100;

// A segment cut to the video (0..length); null when nothing of it is left.
export function clampSegment(s: Segment, lengthSecs: number): Segment | null {
  const start = round2(Math.min(Math.max(s.start, 0), lengthSecs));
  const end = round2(Math.min(Math.max(s.end, 0), lengthSecs));
  return end > start ? { id: s.id, start, end } : null;
}

// The stored segments with the new ones: per number the widest stretch, cut to the video, sorted
// by number; numbers past MAX_SEGMENTS_PER_PLAY are left out.
export function mergeSegments(stored: readonly Segment[], incoming: readonly Segment[], lengthSecs: number): Segment[] {
  const byId = new Map<number, Segment>();
  for (const s of [...stored, ...incoming]) {
    if (!Number.isInteger(s.id) || s.id < 0 || s.id >= MAX_SEGMENTS_PER_PLAY) continue;
    const c = clampSegment(s, lengthSecs);
    if (!c) continue;
    const seen = byId.get(c.id);
    byId.set(c.id, seen ? { id: c.id, start: Math.min(seen.start, c.start), end: Math.max(seen.end, c.end) } : c);
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

// The union of the segments as sorted, disjoint ranges. At most MAX_RANGES_PER_PLAY: past it the
// closest neighbours are joined (the gap between them then counts as watched: a bound, not a loss).
export function unionRanges(segments: readonly Pick<Segment, 'start' | 'end'>[], maxRanges = MAX_RANGES_PER_PLAY): Range[] {
  const sorted = segments.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start || a.end - b.end);
  const out: [number, number][] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start <= last[1] + RANGE_JOIN_GAP_SECS) last[1] = Math.max(last[1], s.end);
    else out.push([s.start, s.end]);
  }
  while (out.length > maxRanges) {
    let best = 1;
    for (let i = 2; i < out.length; i++) if (out[i][0] - out[i - 1][1] < out[best][0] - out[best - 1][1]) best = i;
    out[best - 1][1] = out[best][1];
    out.splice(best, 1);
  }
  return out;
}

export function watchedSeconds(ranges: readonly Range[]): number {
  return round2(ranges.reduce((sum, [s, e]) => sum + (e - s), 0));
}

// How many segments covered each second of the video: second i counts when a segment covers its
// middle. The last second of a video whose length is not whole is only the part before the end
// (8.5 s: second 8 is 8..8.5, middle 8.25), so a play to the end covers it. 0 = skipped,
// 1 = watched, 2+ = rewatched (count - 1 times).
export function secondMiddle(i: number, lengthSecs: number): number {
  return (i + Math.min(i + 1, lengthSecs)) / 2;
}

export function secondCounts(segments: readonly Pick<Segment, 'start' | 'end'>[], lengthSecs: number): number[] {
  const counts = new Array<number>(Math.max(0, Math.ceil(lengthSecs))).fill(0);
  for (const s of segments) {
    for (let i = Math.max(0, Math.floor(s.start)); i < counts.length && i <= s.end; i++) {
      const mid = secondMiddle(i, lengthSecs);
      if (mid >= s.start && mid < s.end) counts[i]++;
    }
  }
  return counts;
}

// The share of the strip second i takes: 1 / length, the last one only its part.
export function secondWidth(i: number, lengthSecs: number): number {
  return lengthSecs > 0 ? Math.max(0, Math.min(i + 1, lengthSecs) - i) / lengthSecs : 0;
}

export type StripCell = 'skipped' | 'watched' | 'rewatched';

// A play's heatmap strip, one cell a second.
export function heatmapStrip(counts: readonly number[]): StripCell[] {
  return counts.map((c) => (c === 0 ? 'skipped' : c === 1 ? 'watched' : 'rewatched'));
}
