// What can go wrong with an encode, in words for the uploader (`message`) and a code for the
// caller: `input` problems are the file's fault (answer 4xx / tell the user, do not retry);
// the others are the server's (log `detail`, retry the job).
export type EncodingErrorCode =
  | 'not-a-video'
  | 'no-video-track'
  | 'too-long'
  | 'too-short'
  | 'too-large'
  | 'too-small'
  | 'bad-shape'
  | 'bad-trim'
  | 'undecodable'
  | 'timeout'
  | 'cancelled'
  | 'unavailable'
  | 'failed';

const INPUT_CODES: EncodingErrorCode[] = ['not-a-video', 'no-video-track', 'too-long', 'too-short', 'too-large', 'too-small', 'bad-shape', 'bad-trim', 'undecodable'];

export class EncodingError extends Error {
  readonly inputProblem: boolean;

  constructor(
    public readonly code: EncodingErrorCode,
    message: string,
    // for logs: ffmpeg's own words, with file paths removed
    public readonly detail = '',
  ) {
    super(message);
    this.name = 'EncodingError';
    this.inputProblem = INPUT_CODES.includes(code);
  }

  get retryable(): boolean {
    return !this.inputProblem && this.code !== 'cancelled';
  }
}

export const UNDECODABLE_MESSAGE =
  'We could not decode this video; the file may be damaged or incomplete. Please export it again as .mp4 or .mov and upload it.';
export const FAILED_MESSAGE = 'Something went wrong while processing your video. Please try again.';
