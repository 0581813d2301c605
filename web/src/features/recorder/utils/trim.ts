// Pure: the trim range chosen under the preview. Start and end stay inside the recording, at
// least a second apart (the server's rule); a range covering the whole recording is no trim.
export const MIN_TRIM_SECS = 1;
export const TRIM_STEP = 0.1;

export type TrimRange = [number, number];

const tenth = (n: number) => Math.round(n * 10) / 10;

export function clampTrim([a, b]: TrimRange, duration: number, moved: 'start' | 'end' = 'end'): TrimRange {
  const d = Math.max(0, duration);
  if (d <= MIN_TRIM_SECS) return [0, tenth(d)];
  let start = Math.min(Math.max(0, a), d);
  let end = Math.min(Math.max(0, b), d);
  if (end < start) [start, end] = [end, start];
  if (end - start < MIN_TRIM_SECS) {
    // the handle being moved gives way, the other stays
    if (moved === 'start') start = Math.max(0, end - MIN_TRIM_SECS);
    else end = Math.min(d, start + MIN_TRIM_SECS);
    if (end - start < MIN_TRIM_SECS) {
      if (start === 0) end = MIN_TRIM_SECS;
      else start = d - MIN_TRIM_SECS;
    }
  }
  return [tenth(start), Math.min(tenth(end), d)];
}

export const isWholeRecording = ([start, end]: TrimRange, duration: number): boolean => start <= 0.05 && end >= duration - 0.05;

// The encode request's cut, or nothing for the whole recording. The end handle at the end means
// "to the end" (no trimEnd): the page's clock and the file's length differ by a few frames.
export function trimQuery(range: TrimRange, duration: number): { trimStart: number; trimEnd?: number } | null {
  if (isWholeRecording(range, duration)) return null;
  if (range[1] >= duration - 0.05) return { trimStart: tenth(range[0]) };
  return { trimStart: tenth(range[0]), trimEnd: tenth(range[1]) };
}

// While previewing a trim: where playback restarts when it runs past the end or before the start.
export function previewPosition(current: number, [start, end]: TrimRange): number | null {
  if (current < start - 0.05 || current >= end) return start;
  return null;
}

// The length the review offers: the file's own (null when the browser could not tell: then the
// page's clock), to a tenth of a second, at least 0.1 s.
export function reviewDuration(fileSecs: number | null, clockSecs: number): number {
  const secs = fileSecs !== null && Number.isFinite(fileSecs) && fileSecs > 0 ? fileSecs : clockSecs;
  return Math.max(0.1, tenth(secs));
}
