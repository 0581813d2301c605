import { checkTrim, isTrimmed, NO_TRIM, packetTimeline, sourceContainerOf, TRIM_MESSAGES, trimmedDuration, withTimeline } from './recording.js';
import { trimArgs } from './ffmpeg-args.js';
import { parseProbe } from './probe.js';

describe('sourceContainerOf', () => {
  it('reads WebM from the content type or the name, everything else as MP4/MOV', () => {
    expect(sourceContainerOf('video/webm;codecs=vp8,opus')).toBe('webm');
    expect(sourceContainerOf('application/octet-stream v/abc/recording.webm')).toBe('webm');
    expect(sourceContainerOf('video/mp4')).toBe('mov');
    expect(sourceContainerOf('video/quicktime clip.mov')).toBe('mov');
  });
});

describe('checkTrim', () => {
  it('accepts a cut inside the video, rounded to the millisecond', () => {
    expect(checkTrim(1.23456, 7.5, 10)).toEqual({ trim: { start: 1.235, end: 7.5 } });
  });
  it('treats a cut covering the whole video as no cut', () => {
    expect(checkTrim(0, 10, 10)).toEqual({ trim: NO_TRIM });
    expect(checkTrim(0, 10.02, 10)).toEqual({ trim: NO_TRIM });
  });
  it('refuses an end before the start, a cut under a second, negative or non-numbers', () => {
    expect(checkTrim(5, 4, 10)).toEqual({ message: TRIM_MESSAGES.order });
    expect(checkTrim(5, 5, 10)).toEqual({ message: TRIM_MESSAGES.order });
    expect(checkTrim(5, 5.9, 10)).toEqual({ message: TRIM_MESSAGES.tooShort });
    expect(checkTrim(-1, 5, 10)).toEqual({ message: TRIM_MESSAGES.invalid });
    expect(checkTrim(Number.NaN, 5, 10)).toEqual({ message: TRIM_MESSAGES.invalid });
  });
  it('takes an end past the video as its end (the page measured a recording longer than the file the server holds)', () => {
    expect(checkTrim(1, 10.3, 9.04)).toEqual({ trim: { start: 1, end: 9.04 } });
    expect(checkTrim(2, 12, 10)).toEqual({ trim: { start: 2, end: 10 } });
    expect(checkTrim(0, 12, 10)).toEqual({ trim: NO_TRIM });
  });
  it('refuses a cut starting too late in the video, with its length in words', () => {
    expect(checkTrim(12, 14, 10)).toEqual({ message: 'The trim ends after the video does (it is 10.0 seconds long).' });
    expect(checkTrim(9.5, 12, 10)).toEqual({ message: TRIM_MESSAGES.tooShort });
  });
  it('takes end 0 as "to the end", a second at least', () => {
    expect(checkTrim(2, 0, 10)).toEqual({ trim: { start: 2, end: 0 } });
    expect(checkTrim(0, 0, 10)).toEqual({ trim: NO_TRIM });
    expect(checkTrim(9.5, 0, 10)).toEqual({ message: TRIM_MESSAGES.tooShort });
    expect(checkTrim(12, 0, 10)).toEqual({ message: TRIM_MESSAGES.pastEnd(10) });
  });
  it('keeps the cut as asked when the length is not known yet', () => {
    expect(checkTrim(2, 400, null)).toEqual({ trim: { start: 2, end: 400 } });
  });
});

describe('trim arguments and length', () => {
  it('spells the cut as input seek and length, nothing for the whole video', () => {
    expect(trimArgs(NO_TRIM)).toEqual([]);
    expect(trimArgs({ start: 1.5, end: 4 })).toEqual(['-ss', '1.500', '-t', '2.500']);
    expect(trimArgs({ start: 0, end: 4 })).toEqual(['-t', '4.000']);
    expect(isTrimmed(NO_TRIM)).toBe(false);
  });
  it('gives the output length of a cut, clamped to the video', () => {
    expect(trimmedDuration(10, NO_TRIM)).toBe(10);
    expect(trimmedDuration(10, { start: 2, end: 7 })).toBe(5);
    expect(trimmedDuration(6, { start: 2, end: 7 })).toBe(4);
  });
});

describe('packetTimeline', () => {
  it('measures length and average rate of uneven frames (MediaRecorder stamps)', () => {
    const times = [0, 0.033, 0.1, 0.133, 0.2, 0.266, 0.3];
    const t = packetTimeline({ packets: times.map((x) => ({ pts_time: String(x) })) })!;
    // the last frame shows for one average interval
    expect(t.durationSecs).toBe(0.35);
    expect(t.frames).toBe(7);
    expect(t.avgFps).toBeCloseTo(20, 0);
  });
  it('uses packet durations when the container has them', () => {
    const t = packetTimeline({ packets: [{ pts_time: '0', duration_time: '0.5' }, { pts_time: '0.5', duration_time: '0.5' }] })!;
    expect(t.durationSecs).toBe(1);
  });
  it('gives nothing for no packets or unreadable output', () => {
    expect(packetTimeline({ packets: [] })).toBeNull();
    expect(packetTimeline('nonsense')).toBeNull();
  });
  it('fills in a missing length and marks the rate variable', () => {
    const info = parseProbe({
      format: { format_name: 'matroska,webm' },
      streams: [{ index: 0, codec_type: 'video', codec_name: 'vp8', width: 640, height: 480, pix_fmt: 'yuv420p', r_frame_rate: '30/1', avg_frame_rate: '30/1' }],
    });
    expect(info.durationSecs).toBe(0);
    const out = withTimeline(info, { durationSecs: 300, frames: 6600, avgFps: 22 });
    expect(out.durationSecs).toBe(300);
    expect(out.video!.variableFrameRate).toBe(true);
    expect(out.video!.avgFrameRate).toEqual({ num: 22000, den: 1000 });
  });
});
