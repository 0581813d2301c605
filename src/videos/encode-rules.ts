// Pure: the encode request's options, the job's name and id, the output keys and how often
// progress is written.
import { EMAIL_WIDTH, type OverlayVariant } from '../encoding/encode-plan.js';
import { checkTrim, TRIM_MESSAGES } from '../encoding/recording.js';

export const ENCODE_JOB = 'encode-video';
export const OVERLAYS = ['black', 'white', 'none'] as const;

export const VIDEO_MESSAGES = {
  notFound: 'Video not found.',
  overlay: 'overlay must be black, white or none',
  width: 'Video width can be up to 800px.',
  sourceMissing: 'The uploaded video could not be found. Please upload it again.',
  queueDown: 'Video processing is unavailable right now. Please try again in a few minutes.',
  queued: 'Your video is being processed.',
  completed: 'Your video is ready.',
} as const;

// `cut`: the trim asked for (seconds, checked against the video's length later); absent when the
// request names none (the video's chosen cut applies).
export type EncodeRequest = { overlay: OverlayVariant; width: number; cut?: { start: number; end: number } };
export type EncodeRequestProblem = { field: 'overlay' | 'width' | 'trimStart' | 'trimEnd'; message: string };

const SECONDS = /^\d{1,5}(?:\.\d{1,6})?$/;

// trimStart and trimEnd, plain numbers of seconds; without trimEnd the cut runs to the end.
function parseCut(startRaw: unknown, endRaw: unknown): { start: number; end: number } | EncodeRequestProblem | undefined {
  const given = (v: unknown) => v !== undefined && v !== '';
  if (!given(startRaw) && !given(endRaw)) return undefined;
  const num = (v: unknown) => (typeof v === 'string' && SECONDS.test(v.trim()) ? Number(v.trim()) : NaN);
  const start = given(startRaw) ? num(startRaw) : 0;
  // no trimEnd: to the end of the video
  const end = given(endRaw) ? num(endRaw) : 0;
  if (!Number.isFinite(start)) return { field: 'trimStart', message: TRIM_MESSAGES.invalid };
  if (!Number.isFinite(end) || (given(endRaw) && end === 0)) return { field: 'trimEnd', message: Number.isFinite(end) ? TRIM_MESSAGES.order : TRIM_MESSAGES.invalid };
  const checked = checkTrim(start, end, null);
  if ('message' in checked) return { field: 'trimEnd', message: checked.message };
  return { start: checked.trim.start, end: checked.trim.end };
}

// Query values as they arrive (strings, repeated values as arrays, or absent).
export function parseEncodeRequest(overlayRaw: unknown, widthRaw: unknown, trimStartRaw?: unknown, trimEndRaw?: unknown): EncodeRequest | EncodeRequestProblem {
  let overlay: OverlayVariant = 'none';
  if (overlayRaw !== undefined && overlayRaw !== '') {
    const v = typeof overlayRaw === 'string' ? overlayRaw.trim().toLowerCase() : null;
    if (!v || !(OVERLAYS as readonly string[]).includes(v)) return { field: 'overlay', message: VIDEO_MESSAGES.overlay };
    overlay = v as OverlayVariant;
  }
  let width: number = EMAIL_WIDTH.default;
  if (widthRaw !== undefined && widthRaw !== '') {
    const text = typeof widthRaw === 'string' ? widthRaw.trim() : '';
    const n = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
    if (!Number.isInteger(n) || n < EMAIL_WIDTH.min || n > EMAIL_WIDTH.max) return { field: 'width', message: VIDEO_MESSAGES.width };
    width = n;
  }
  const cut = parseCut(trimStartRaw, trimEndRaw);
  if (cut && 'field' in cut) return cut;
  return cut ? { overlay, width, cut } : { overlay, width };
}

export const encodeJobId = (encodingId: string) => `encode-${encodingId}`;

// Fair use: an account may have `cap` encodes queued or running at once (ENCODES_PER_ACCOUNT), and
// so may a workspace (its members' together). Past either a new request is refused with this
// message, naming whose limit it is; asking again for one already queued, running or done is
// always answered.
export function encodeCapRefusal(live: number, cap: number, holder: 'account' | 'workspace' = 'account'): string | null {
  if (live < cap) return null;
  const videos = `${live} ${live === 1 ? 'video' : 'videos'}`;
  return `${holder === 'workspace' ? `This workspace has ${videos}` : `You have ${videos}`} encoding. Wait for one to finish, then try again.`;
}
// Retry-After of that refusal: a short encode's time, a hint rather than a promise.
export const ENCODE_CAP_RETRY_AFTER_SECONDS = 30;

// Fresh keys for every attempt: stored media is immutable and never overwritten. emailMp4 is the
// email's MP4 without sound (stored only when the video has sound; else mp4 serves email too).
export function outputKeys(encodingId: string, unique: () => string): { mp4: string; emailMp4: string; poster: string; gif: string } {
  return {
    mp4: `v/${encodingId}/${unique()}.mp4`,
    emailMp4: `v/${encodingId}/${unique()}.mp4`,
    poster: `v/${encodingId}/${unique()}.jpg`,
    gif: `v/${encodingId}/${unique()}.gif`,
  };
}

// The encoder's 0-100 becomes 0-95: storing the three outputs is the last part of the bar.
export function scaleEncodeProgress(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.max(0, Math.min(95, Math.floor(percent * 0.95)));
}
export const STORING_PROGRESS = 97;

// Progress is written when it rose, at most once per interval (the encoder reports far more often).
export class ProgressThrottle {
  private lastPercent = 0;
  private lastAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly minIntervalMs = 500) {}

  shouldWrite(percent: number, nowMs: number): boolean {
    if (percent <= this.lastPercent) return false;
    if (nowMs - this.lastAt < this.minIntervalMs && percent < 100) return false;
    this.lastPercent = percent;
    this.lastAt = nowMs;
    return true;
  }
}
