import crypto from 'node:crypto';
import os from 'node:os';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { planEncode, type EncodeOptions, type EncodePlan } from './encode-plan.js';
import { EncodingError, FAILED_MESSAGE, UNDECODABLE_MESSAGE } from './encoding-error.js';
import { FfmpegAdapter, FfmpegError } from './ffmpeg.adapter.js';
import { audioPassArgs, finalizeArgs, gifPassArgs, mainPassArgs, probeArgs, WORK_FILES } from './ffmpeg-args.js';
import { chooseGifStart, choosePosterFrame, parseFrameStats } from './frame-pick.js';
import { GIF_BUDGET_BYTES, gifLadder, nextGifStep, pickGifAttempt, type GifAttempt, type GifRecipe } from './gif-recipe.js';
import { ImageAdapter } from '../images/image.adapter.js';
import { muteIconSvg } from './mute-icon.js';
import { checkMedia, DEFAULT_MEDIA_LIMITS, NOT_A_VIDEO_MESSAGE, parseProbe, type MediaInfo, type MediaLimits } from './probe.js';

export type EncodeStage = 'probe' | 'video' | 'gif' | 'finish' | 'done';

// Whole percent done (0-100, never going back) and the step being worked on.
export type EncodeProgress = (progress: { percent: number; stage: EncodeStage }) => void;

export interface EncodeResult {
  // absolute paths of the three finished files, all inside workDir
  mp4: string;
  poster: string;
  gif: string;
  durationSecs: number;
  width: number;
  height: number;
  hasAudio: boolean;
  bytes: { mp4: number; poster: number; gif: number };
  // what the GIF ended up as, after adapting to the size budget
  gifInfo: { width: number; height: number; fps: number; frames: number; colours: number; still: boolean };
}

export interface EncodeCallOptions extends EncodeOptions {
  signal?: AbortSignal;
}

export interface EncodingServiceSettings {
  limits: MediaLimits;
  // minimum and per-second-of-video allowance for the decoding pass
  baseTimeoutMs: number;
  timeoutMsPerSec: number;
  stallMs: number;
  gifBudgetBytes: number;
}

export const DEFAULT_ENCODING_SETTINGS: EncodingServiceSettings = {
  limits: DEFAULT_MEDIA_LIMITS,
  baseTimeoutMs: 120_000,
  timeoutMsPerSec: 6_000,
  stallMs: 60_000,
  gifBudgetBytes: GIF_BUDGET_BYTES,
};

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

// Progress reporter that maps each step onto its share of the bar and never goes backwards.
function progressReporter(onProgress?: EncodeProgress) {
  let last = -1;
  return (stage: EncodeStage, from: number, to: number, fraction: number) => {
    const percent = Math.floor(from + (to - from) * Math.max(0, Math.min(1, fraction)));
    if (percent > last) {
      last = percent;
      onProgress?.({ percent, stage });
    }
  };
}

async function sizeOf(file: string): Promise<number> {
  try {
    return (await fs.stat(file)).size;
  } catch {
    return 0;
  }
}

// Encodes an uploaded video for email: the MP4, a poster JPEG and the animated GIF fallback.
// Decodes the picture once (the sound is encoded alongside, in its own process); works in a private temp folder inside workDir, which is always
// removed; the finished files get new unique names in workDir only once all three are
// complete, so nothing can ever point at a half-written file.
@Injectable()
export class EncodingService {
  settings: EncodingServiceSettings = DEFAULT_ENCODING_SETTINGS;
  private readonly logger = new Logger('Encoding');

  constructor(
    private readonly ffmpeg: FfmpegAdapter,
    private readonly images: ImageAdapter,
  ) {}

  // Removes temp folders a crashed process left in workDir (call at start-up, or before a job).
  // Only this service's own `.encode-*` folders older than maxAgeMs are touched.
  async removeStaleTempDirs(workDir: string, maxAgeMs = 6 * 60 * 60 * 1000, now = Date.now()): Promise<number> {
    let removed = 0;
    const entries = await fs.readdir(workDir, { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      if (!e.isDirectory() || !e.name.startsWith('.encode-')) continue;
      const dir = path.join(workDir, e.name);
      const stat = await fs.stat(dir).catch(() => null);
      if (stat && now - stat.mtimeMs > maxAgeMs) {
        await fs.rm(dir, { recursive: true, force: true });
        removed++;
      }
    }
    return removed;
  }

  // ffprobe + the upload checks; throws an EncodingError with a message for the uploader.
  async inspect(inputFile: string, signal?: AbortSignal): Promise<MediaInfo> {
    let json: unknown;
    try {
      json = await this.ffmpeg.probe(probeArgs(inputFile), { signal, redact: [inputFile] });
    } catch (err) {
      throw toEncodingError(err, 'probe');
    }
    const info = parseProbe(json);
    const problem = checkMedia(info, this.settings.limits);
    if (problem) throw new EncodingError(problem.code, problem.message);
    return info;
  }

  /**
   * Encodes `inputFile` (an uploaded .mp4/.mov on local disk) for email.
   *
   * - `workDir`: a folder on the same disk; created if missing. The three results are written
   *   there under new unique names, only once all three are complete. The caller owns them
   *   (upload them to storage, then delete them). Nothing else is ever left there.
   * - `options.width`: the snippet width, 600-800 (default 600); `options.overlay`: black, white
   *   or none (default). `options.signal`: abort to cancel (ffmpeg is killed).
   * - `onProgress`: whole percent 0-100 from ffmpeg's real position in the video, never
   *   going back; 100 only when the files are in place.
   *
   * Throws EncodingError: `inputProblem` true means the file itself cannot be used (its
   * `message` is for the uploader, do not retry); otherwise `retryable` says whether to retry.
   */
  async encode(inputFile: string, workDir: string, options: EncodeCallOptions = {}, onProgress?: EncodeProgress): Promise<EncodeResult> {
    const report = progressReporter(onProgress);
    const { signal } = options;
    report('probe', 0, 0, 0);
    const info = await this.inspect(path.resolve(inputFile), signal);
    report('probe', 0, 2, 1);

    await fs.mkdir(workDir, { recursive: true });
    const tmp = await fs.mkdtemp(path.join(workDir, '.encode-'));
    const placed: string[] = [];
    try {
      const plan = planEncode(info, options, os.availableParallelism());
      if (plan.overlay) {
        await fs.writeFile(path.join(tmp, WORK_FILES.icon), await this.images.svgToPng(muteIconSvg(plan.overlay.variant, plan.overlay.size), plan.overlay.size));
      }
      const timeoutMs = this.settings.baseTimeoutMs + plan.durationSecs * this.settings.timeoutMsPerSec;
      // picture and sound in parallel; a failed picture stops the sound too
      const soundStop = new AbortController();
      const stopSound = () => soundStop.abort();
      signal?.addEventListener('abort', stopSound, { once: true });
      const audioArgs = audioPassArgs(plan, path.resolve(inputFile));
      const sound = audioArgs
        ? this.ffmpeg
            .run(audioArgs, { cwd: tmp, signal: soundStop.signal, timeoutMs, stallMs: this.settings.stallMs, redact: [inputFile] })
            .then(() => true)
            .catch((err: unknown) => {
              // a damaged sound track should not cost the user their video (it plays muted in
              // email anyway); the picture decides whether the encode succeeds
              if (!soundStop.signal.aborted) this.logger.warn(`Sound track dropped: ${err instanceof Error ? err.message : String(err)}`);
              return false;
            })
        : Promise.resolve(false);
      try {
        await this.step('encode', () =>
          this.ffmpeg.run(mainPassArgs(plan, path.resolve(inputFile)), {
            cwd: tmp,
            durationSecs: plan.durationSecs,
            onProgress: (f) => report('video', 2, 88, f),
            signal,
            timeoutMs,
            stallMs: this.settings.stallMs,
            redact: [inputFile],
          }),
        );
      } catch (err) {
        stopSound();
        await sound;
        throw err;
      } finally {
        signal?.removeEventListener('abort', stopSound);
      }
      const withAudio = (await sound) && (await sizeOf(path.join(tmp, WORK_FILES.audio))) > 0;
      if ((await sizeOf(path.join(tmp, WORK_FILES.video))) === 0 || (await sizeOf(path.join(tmp, WORK_FILES.preview))) === 0) {
        throw new EncodingError('undecodable', UNDECODABLE_MESSAGE, 'no frames were decoded');
      }

      // the GIF and poster, and the final MP4 mux, need different inputs: run them side by side
      const [gif, out] = await Promise.all([
        this.makeGifAndPoster(plan, tmp, signal, (f) => report('gif', 88, 98, f)),
        (async () => {
          await this.step('encode', () => this.ffmpeg.run(finalizeArgs(withAudio), { cwd: tmp, signal, timeoutMs: 60_000, stallMs: this.settings.stallMs }));
          // what was actually written, not what was planned
          return parseProbe(await this.ffmpeg.probe(probeArgs(path.join(tmp, WORK_FILES.final)), { signal }));
        })(),
      ]);
      report('finish', 98, 99, 0.5);
      if (!out.video || !(out.durationSecs > 0)) throw new EncodingError('undecodable', UNDECODABLE_MESSAGE, 'the encoded video is empty');

      const stem = `email-${crypto.randomUUID()}`;
      const targets = {
        mp4: path.join(workDir, `${stem}.mp4`),
        poster: path.join(workDir, `${stem}.jpg`),
        gif: path.join(workDir, `${stem}.gif`),
      };
      const sources = { mp4: path.join(tmp, WORK_FILES.final), poster: path.join(tmp, WORK_FILES.poster), gif: gif.file };
      for (const key of ['poster', 'gif', 'mp4'] as const) {
        await fs.rename(sources[key], targets[key]);
        placed.push(targets[key]);
      }
      const result: EncodeResult = {
        ...targets,
        durationSecs: Math.round(out.durationSecs * 1000) / 1000,
        width: out.video.displayWidth,
        height: out.video.displayHeight,
        hasAudio: out.audio !== null,
        bytes: { mp4: await sizeOf(targets.mp4), poster: await sizeOf(targets.poster), gif: await sizeOf(targets.gif) },
        gifInfo: gif.info,
      };
      report('done', 100, 100, 1);
      return result;
    } catch (err) {
      // a failure after some files were moved leaves none of them behind
      await Promise.all(placed.map((p) => fs.rm(p, { force: true })));
      throw toEncodingError(err, 'encode');
    } finally {
      await fs.rm(tmp, { recursive: true, force: true });
    }
  }

  private async step<T>(kind: 'probe' | 'encode', fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw toEncodingError(err, kind);
    }
  }

  // Cuts the poster and the GIF from the preview clip; the GIF adapts until it fits the budget.
  private async makeGifAndPoster(
    plan: EncodePlan,
    tmp: string,
    signal: AbortSignal | undefined,
    progress: (f: number) => void,
  ): Promise<{ file: string; info: EncodeResult['gifInfo'] }> {
    const stats = parseFrameStats(await fs.readFile(path.join(tmp, WORK_FILES.stats), 'utf8').catch(() => ''));
    const frameCount = stats.length || Math.max(1, Math.floor(plan.preview.seconds * plan.preview.fps));
    const startFrame = Math.min(chooseGifStart(stats), frameCount - 1);
    const posterFrame = Math.min(choosePosterFrame(stats), frameCount - 1);
    const ladder = gifLadder(plan.width, (frameCount - startFrame) / plan.preview.fps);
    const budget = this.settings.gifBudgetBytes;
    const attempts: GifAttempt[] = [];
    for (let step = nextGifStep(ladder, attempts, budget); step !== null; step = nextGifStep(ladder, attempts, budget)) {
      const n = attempts.length;
      await this.step('encode', () =>
        this.ffmpeg.run(
          gifPassArgs({
            recipe: ladder[step],
            startFrame,
            previewWidth: plan.width,
            previewFps: plan.preview.fps,
            output: WORK_FILES.gif(n),
            poster: n === 0 ? { frame: posterFrame, output: WORK_FILES.poster } : undefined,
          }),
          { cwd: tmp, signal, timeoutMs: 120_000, stallMs: this.settings.stallMs },
        ),
      );
      attempts.push({ step, bytes: await sizeOf(path.join(tmp, WORK_FILES.gif(n))) });
      progress(attempts.some((a) => a.bytes <= budget) ? 1 : attempts.length / 4);
    }
    const chosen = pickGifAttempt(attempts, budget);
    if (!chosen || chosen.bytes === 0 || (await sizeOf(path.join(tmp, WORK_FILES.poster))) === 0) {
      throw new EncodingError('undecodable', UNDECODABLE_MESSAGE, 'no poster or GIF frame could be made');
    }
    const recipe: GifRecipe = ladder[chosen.step];
    const height = Math.max(2, Math.round((recipe.width * plan.height) / plan.width / 2) * 2);
    return {
      file: path.join(tmp, WORK_FILES.gif(attempts.indexOf(chosen))),
      info: {
        width: recipe.width,
        height: recipe.width < plan.width ? height : plan.height,
        fps: recipe.still ? 0 : recipe.fps,
        frames: recipe.still ? 1 : Math.max(1, Math.round(recipe.seconds * recipe.fps)),
        colours: recipe.colours,
        still: recipe.still,
      },
    };
  }
}
