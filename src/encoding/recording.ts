// Pure: what the encoder needs to know about browser recordings (MediaRecorder output) and the
// trim of a video. A recording is WebM (VP8/VP9 + Opus, Chromium and Firefox) or a fragmented
// MP4 (Safari); WebM is taken only from the recorder, uploaded files stay .mp4/.mov. Recordings
// carry no duration in their header and their frames come at uneven intervals, so their length
// and real frame rate are read from the packets themselves.
import { rationalValue, type MediaInfo } from './probe.js';

export type SourceContainer = 'mov' | 'webm';

// From the stored source's content type or file name: WebM (only recordings are stored as
// such) or the MP4/MOV family.
export function sourceContainerOf(contentTypeOrName: string): SourceContainer {
  return /webm|\.mkv$|matroska/i.test(contentTypeOrName) ? 'webm' : 'mov';
}

export interface Trim {
  // seconds from the start of the video; end 0 means "to the end" (no cut)
  start: number;
  end: number;
}

export const NO_TRIM: Trim = { start: 0, end: 0 };
export const MIN_TRIMMED_SECS = 1;

export const TRIM_MESSAGES = {
  invalid: 'Trim start and end must be numbers of seconds.',
  order: 'The trim must end after it starts.',
  tooShort: `A trimmed video must be at least ${MIN_TRIMMED_SECS} second long.`,
  pastEnd: (duration: number) => `The trim ends after the video does (it is ${duration.toFixed(1)} seconds long).`,
} as const;

export const isTrimmed = (t: Trim | null | undefined): t is Trim => !!t && (t.start > 0 || t.end > 0);

// Millisecond precision: two requests for the same cut name the same encoding.
const ms = (n: number) => Math.round(n * 1000) / 1000;

// Checks a cut against the video's length (when known): 0 <= start < end, at least a second
// long, starting a second or more before the end; an end past the video is taken as its end. A cut covering the whole video is no cut. The message is the user's.
// `end` 0 means "to the end" (the recorder's end handle at the end: the browser's clock and the
// file's length differ by a few frames).
export function checkTrim(start: number, end: number, durationSecs: number | null): { trim: Trim } | { message: string } {
  if (!Number.isFinite(start) || !Number.isFinite(end) || start < 0 || end < 0) return { message: TRIM_MESSAGES.invalid };
  const s = ms(start);
  if (end === 0) {
    if (durationSecs !== null && durationSecs > 0 && durationSecs - s < MIN_TRIMMED_SECS) return { message: s >= durationSecs ? TRIM_MESSAGES.pastEnd(durationSecs) : TRIM_MESSAGES.tooShort };
    return { trim: s === 0 ? NO_TRIM : { start: s, end: 0 } };
  }
  const e = ms(end);
  if (e <= s) return { message: TRIM_MESSAGES.order };
  if (e - s < MIN_TRIMMED_SECS) return { message: TRIM_MESSAGES.tooShort };
  if (durationSecs !== null && durationSecs > 0) {
    // An end past the video is its end: the recorder's page can measure a recording longer than
    // the file it sent (the camera's last frames came late), and the user meant "up to there".
    // What is left from the start must still be a second long.
    if (durationSecs - s < MIN_TRIMMED_SECS) return { message: s >= durationSecs ? TRIM_MESSAGES.pastEnd(durationSecs) : TRIM_MESSAGES.tooShort };
    // a few milliseconds of slack: the player's idea of the end and the file's differ by a frame
    if (s === 0 && e >= durationSecs - 0.05) return { trim: NO_TRIM };
    return { trim: { start: s, end: Math.min(e, ms(durationSecs)) } };
  }
  return { trim: { start: s, end: e } };
}

// ffprobe `-show_entries packet=pts_time,duration_time` of the video stream: the length (the
// last frame's end) and the measured average frame rate.
export function packetTimeline(json: unknown): { durationSecs: number; frames: number; avgFps: number } | null {
  const packets = (json && typeof json === 'object' ? (json as { packets?: unknown }).packets : null) ?? [];
  if (!Array.isArray(packets)) return null;
  let first = Infinity;
  let last = -Infinity;
  let frames = 0;
  let timed = false;
  for (const p of packets as { pts_time?: unknown; duration_time?: unknown }[]) {
    const t = Number(p.pts_time);
    if (!Number.isFinite(t)) continue;
    const d = Number(p.duration_time);
    frames++;
    if (Number.isFinite(d) && d > 0) timed = true;
    first = Math.min(first, t);
    last = Math.max(last, t + (Number.isFinite(d) && d > 0 ? d : 0));
  }
  if (frames < 2 || !(last > first)) return null;
  // without packet durations the last frame still shows for one average interval
  const span = last - first;
  const durationSecs = Math.round((timed ? span : span + span / (frames - 1)) * 1000) / 1000;
  return { durationSecs, frames, avgFps: frames / Math.max(durationSecs, 0.001) };
}

// The probe of a recording completed from its packets: its length, its real average rate, and
// whether frames came unevenly (MediaRecorder stamps frames as they arrive).
export function withTimeline(info: MediaInfo, timeline: ReturnType<typeof packetTimeline>): MediaInfo {
  if (!timeline || !info.video) return info;
  const v = info.video;
  const nominal = v.frameRate ? rationalValue(v.frameRate) : null;
  const avg = { num: Math.round(timeline.avgFps * 1000), den: 1000 };
  return {
    ...info,
    durationSecs: info.durationSecs > 0 ? info.durationSecs : timeline.durationSecs,
    video: {
      ...v,
      avgFrameRate: avg,
      variableFrameRate: v.variableFrameRate || nominal === null || Math.abs(nominal - timeline.avgFps) / nominal > 0.02,
    },
  };
}

// Length of the encode's output: the cut, or the whole video.
export function trimmedDuration(durationSecs: number, trim: Trim | null | undefined): number {
  if (!isTrimmed(trim)) return durationSecs;
  const end = trim.end > 0 ? Math.min(trim.end, durationSecs) : durationSecs;
  return Math.max(0, end - trim.start);
}
