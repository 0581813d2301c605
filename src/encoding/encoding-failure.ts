import { EncodingError, FAILED_MESSAGE, UNDECODABLE_MESSAGE } from './encoding-error.js';
import { FfmpegError } from './ffmpeg.adapter.js';
import { NOT_A_VIDEO_MESSAGE } from './probe.js';

// Pure: an ffmpeg failure at some step, as the error the caller acts on.
export function toEncodingError(err: unknown, step: 'probe' | 'encode'): EncodingError {
  if (err instanceof EncodingError) return err;
  if (err instanceof FfmpegError) {
    if (err.reason === 'missing') return new EncodingError('unavailable', FAILED_MESSAGE, err.message);
    if (err.reason === 'aborted') return new EncodingError('cancelled', 'Encoding was cancelled.', err.stderrTail);
    if (err.reason === 'timeout' || err.reason === 'stalled') {
      return new EncodingError('timeout', 'Processing this video took too long. Please try again or upload a shorter video.', err.message);
    }
    // ffprobe failing means the file is not a readable MP4/MOV; ffmpeg failing on a file that
    // probed fine means its picture data is damaged or in a codec we cannot decode
    return step === 'probe'
      ? new EncodingError('not-a-video', NOT_A_VIDEO_MESSAGE, err.stderrTail)
      : new EncodingError('undecodable', UNDECODABLE_MESSAGE, err.stderrTail);
  }
  return new EncodingError('failed', FAILED_MESSAGE, err instanceof Error ? err.message : String(err));
}

// Runs one ffmpeg step, turning its failure into the EncodingError for that step.
export async function encodingStep<T>(kind: 'probe' | 'encode', fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw toEncodingError(err, kind);
  }
}
