import { EncodingError, UNDECODABLE_MESSAGE } from './encoding-error.js';
import { toEncodingError } from './encoding-failure.js';
import { FfmpegError } from './ffmpeg.adapter.js';
import { NOT_A_VIDEO_MESSAGE } from './probe.js';

describe('toEncodingError', () => {
  it('blames the file when ffprobe cannot read it', () => {
    const e = toEncodingError(new FfmpegError('exit', 'ffprobe failed', 'moov atom not found', 1), 'probe');
    expect(e).toMatchObject({ code: 'not-a-video', message: NOT_A_VIDEO_MESSAGE, inputProblem: true, retryable: false, detail: 'moov atom not found' });
  });
  it('blames the file when ffmpeg fails on one that probed fine', () => {
    const e = toEncodingError(new FfmpegError('exit', 'ffmpeg failed', 'Invalid NAL unit size', 1), 'encode');
    expect(e).toMatchObject({ code: 'undecodable', message: UNDECODABLE_MESSAGE, inputProblem: true, retryable: false });
  });
  it('treats a timeout or stall as retryable, a cancel as final, a missing binary as the server', () => {
    expect(toEncodingError(new FfmpegError('stalled', 'x'), 'encode')).toMatchObject({ code: 'timeout', inputProblem: false, retryable: true });
    expect(toEncodingError(new FfmpegError('timeout', 'x'), 'encode').code).toBe('timeout');
    expect(toEncodingError(new FfmpegError('aborted', 'x'), 'encode')).toMatchObject({ code: 'cancelled', retryable: false });
    expect(toEncodingError(new FfmpegError('missing', 'ffmpeg was not found'), 'probe')).toMatchObject({ code: 'unavailable', inputProblem: false, retryable: true });
  });
  it('keeps EncodingErrors and wraps anything else without exposing it to users', () => {
    const mine = new EncodingError('too-long', 'too long');
    expect(toEncodingError(mine, 'encode')).toBe(mine);
    const other = toEncodingError(new Error('EACCES: permission denied, open /srv/x'), 'encode');
    expect(other.code).toBe('failed');
    expect(other.message).not.toContain('/srv');
    expect(other.detail).toContain('EACCES');
  });
});
