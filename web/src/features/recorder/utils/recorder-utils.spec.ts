import { describe, expect, it } from '@jest/globals';
import { chooseRecordingFormat, recordingFileName } from './mime';
import { elapsedMs, formatClock, IDLE_CLOCK, isOverLimit, pauseClock, spokenDuration, startClock } from './timer';
import { clampTrim, isWholeRecording, previewPosition, reviewDuration, trimQuery } from './trim';
import { levelOf, mediaErrorMessage } from './media-errors';

describe('recording format', () => {
  it('prefers WebM VP8/Opus, falls back to VP9, plain WebM, then MP4 (Safari)', () => {
    expect(chooseRecordingFormat(() => true)).toEqual({ mimeType: 'video/webm;codecs=vp8,opus', fileType: 'video/webm', extension: 'webm' });
    expect(chooseRecordingFormat((m) => m.includes('vp9'))?.mimeType).toBe('video/webm;codecs=vp9,opus');
    expect(chooseRecordingFormat((m) => m === 'video/mp4')).toEqual({ mimeType: 'video/mp4', fileType: 'video/mp4', extension: 'mp4' });
  });
  it('gives nothing when the browser records none of them (or throws asking)', () => {
    expect(chooseRecordingFormat(() => false)).toBeNull();
    expect(
      chooseRecordingFormat(() => {
        throw new Error('no');
      }),
    ).toBeNull();
  });
  it('names the file after the time it was made, to the second', () => {
    expect(recordingFileName(new Date(2026, 10, 26, 9, 5, 7), 'webm')).toBe('Recording 26 Nov 2026 09.05.07.webm');
  });
  it('gives two recordings of the same minute different names', () => {
    expect(recordingFileName(new Date(2026, 10, 26, 9, 5, 7), 'webm')).not.toBe(recordingFileName(new Date(2026, 10, 26, 9, 5, 42), 'webm'));
  });
  it('adds a number when the library already has a video of that name', () => {
    const at = new Date(2026, 10, 26, 9, 5, 7);
    expect(recordingFileName(at, 'webm', ['Recording 26 Nov 2026 09.05.06.webm'])).toBe('Recording 26 Nov 2026 09.05.07.webm');
    // My Videos shows names without their extension: a WebM and an MP4 of the same name look alike
    expect(recordingFileName(at, 'mp4', ['recording 26 nov 2026 09.05.07.WEBM'])).toBe('Recording 26 Nov 2026 09.05.07 (2).mp4');
    expect(recordingFileName(at, 'webm', ['Recording 26 Nov 2026 09.05.07'])).toBe('Recording 26 Nov 2026 09.05.07 (2).webm');
    expect(recordingFileName(at, 'webm', ['Recording 26 Nov 2026 09.05.07.webm', 'Recording 26 Nov 2026 09.05.07 (2).webm'])).toBe('Recording 26 Nov 2026 09.05.07 (3).webm');
  });
});

describe('recording clock', () => {
  it('counts only the time recorded, not the pauses', () => {
    let c = startClock(IDLE_CLOCK, 1000);
    expect(elapsedMs(c, 4000)).toBe(3000);
    c = pauseClock(c, 4000);
    expect(elapsedMs(c, 60_000)).toBe(3000);
    c = startClock(c, 60_000);
    expect(elapsedMs(c, 62_500)).toBe(5500);
    // starting twice keeps the first start
    expect(startClock(c, 99_000)).toBe(c);
  });
  it('stops at five minutes of recording', () => {
    const c = startClock(IDLE_CLOCK, 0);
    expect(isOverLimit(c, 299_999)).toBe(false);
    expect(isOverLimit(c, 300_000)).toBe(true);
  });
  it('shows m:ss and says it in words', () => {
    expect(formatClock(7.9)).toBe('0:07');
    expect(formatClock(299)).toBe('4:59');
    expect(spokenDuration(293)).toBe('4 minutes 53 seconds');
    expect(spokenDuration(60)).toBe('1 minute');
    expect(spokenDuration(1)).toBe('1 second');
  });
});

describe('trim range', () => {
  it('keeps both ends inside the recording', () => {
    expect(clampTrim([-2, 14], 10)).toEqual([0, 10]);
    expect(clampTrim([7, 3], 10)).toEqual([3, 7]);
  });
  it('keeps at least a second between start and end, moving the handle being dragged', () => {
    expect(clampTrim([4.6, 5], 10, 'start')).toEqual([4, 5]);
    expect(clampTrim([4, 4.3], 10, 'end')).toEqual([4, 5]);
    expect(clampTrim([9.8, 10], 10, 'end')).toEqual([9, 10]);
    expect(clampTrim([0, 0.2], 10, 'start')).toEqual([0, 1]);
  });
  it('asks the server for a cut only when it is not the whole recording', () => {
    expect(isWholeRecording([0, 10], 10)).toBe(true);
    expect(trimQuery([0, 10], 10)).toBeNull();
    expect(trimQuery([1.24, 8], 10)).toEqual({ trimStart: 1.2, trimEnd: 8 });
    // the end handle at the end: to the end of the file, whatever its exact length
    expect(trimQuery([1, 10], 10)).toEqual({ trimStart: 1 });
  });
  it('loops the preview inside the cut', () => {
    expect(previewPosition(0, [2, 6])).toBe(2);
    expect(previewPosition(6.01, [2, 6])).toBe(2);
    expect(previewPosition(3, [2, 6])).toBeNull();
  });
});

describe('review duration', () => {
  it("offers the file's own length, to a tenth, over the page's clock", () => {
    expect(reviewDuration(5.741, 6.2)).toBe(5.7);
    expect(reviewDuration(6.26, 6.2)).toBe(6.3);
  });

  it("falls back to the clock when the browser could not tell, never below 0.1 s", () => {
    expect(reviewDuration(null, 6.24)).toBe(6.2);
    expect(reviewDuration(Infinity, 6.24)).toBe(6.2);
    expect(reviewDuration(0, 0.01)).toBe(0.1);
  });
});

describe('media errors', () => {
  it('says what to do when permission is refused', () => {
    expect(mediaErrorMessage({ name: 'NotAllowedError' }, 'camera')).toMatch(/not allowed to use your camera/);
    expect(mediaErrorMessage({ name: 'NotAllowedError' }, 'screen')).toMatch(/Screen sharing was cancelled/);
  });
  it('says when there is no device', () => {
    expect(mediaErrorMessage({ name: 'NotFoundError' }, 'camera')).toBe('No camera was found. Connect a camera, or record your screen instead.');
    expect(mediaErrorMessage({ name: 'NotFoundError' }, 'microphone')).toMatch(/No microphone was found/);
    expect(mediaErrorMessage({ name: 'NotReadableError' }, 'camera')).toMatch(/busy/);
    expect(mediaErrorMessage(new Error('x'), 'camera')).toBe('We could not start your camera. Please try again.');
  });
  it('reads silence as 0 and a loud signal high', () => {
    expect(levelOf(new Uint8Array(64).fill(128))).toBe(0);
    expect(levelOf(Uint8Array.from({ length: 64 }, (_, i) => (i % 2 ? 250 : 6)))).toBeGreaterThan(90);
    expect(levelOf([])).toBe(0);
  });
});
