import os from 'node:os';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { planEncode, type EncodeOptions } from './encode-plan.js';
import { makeEncodeTempDir, placeEncodedFiles, removeStaleEncodeTempDirs, sizeOf } from './encode-files.js';
import { progressReporter, type EncodeProgress } from './encode-progress.js';
import { EncodingError, UNDECODABLE_MESSAGE } from './encoding-error.js';
import { encodingStep, toEncodingError } from './encoding-failure.js';
import { FfmpegAdapter } from './ffmpeg.adapter.js';
import { audioPassArgs, finalizeArgs, mainPassArgs, packetArgs, probeArgs, WORK_FILES } from './ffmpeg-args.js';
import { checkTrim, isTrimmed, packetTimeline, withTimeline, type SourceContainer } from './recording.js';
import { makeGifAndPoster } from './gif-maker.js';
import type { GifInfo } from './gif-output.js';
import { GIF_BUDGET_BYTES } from './gif-recipe.js';
import { ImageAdapter } from '../images/image.adapter.js';
import { muteIconSvg } from './mute-icon.js';
import { checkMedia, DEFAULT_MEDIA_LIMITS, parseProbe, type MediaInfo, type MediaLimits } from './probe.js';

export type { EncodeProgress, EncodeStage } from './encode-progress.js';

export interface EncodeResult {
  // absolute paths of the finished files, all inside workDir: the MP4 with sound (the web view's),
  // the email's MP4 without it (null when the video has no sound: the one MP4 serves both)
  mp4: string;
  emailMp4: string | null;
  poster: string;
  gif: string;
  durationSecs: number;
  width: number;
  height: number;
  hasAudio: boolean;
  bytes: { mp4: number; emailMp4: number; poster: number; gif: number };
  // what the GIF ended up as, after adapting to the size budget
  gifInfo: GifInfo;
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
    return removeStaleEncodeTempDirs(workDir, maxAgeMs, now);
  }

  // ffprobe + the upload checks; throws an EncodingError with a message for the uploader.
  // `container` 'webm' is for browser recordings only: their length and real frame rate are read
  // from the packets (the header has neither), as for any recording whose header has no length.
  async inspect(inputFile: string, signal?: AbortSignal, container: SourceContainer = 'mov'): Promise<MediaInfo> {
    let info: MediaInfo;
    try {
      info = parseProbe(await this.ffmpeg.probe(probeArgs(inputFile, container), { signal, redact: [inputFile] }));
      if (info.video && (container === 'webm' || !(info.durationSecs > 0))) {
        info = withTimeline(info, packetTimeline(await this.ffmpeg.probe(packetArgs(inputFile, container), { signal, redact: [inputFile], timeoutMs: 120_000 })));
      }
    } catch (err) {
      throw toEncodingError(err, 'probe');
    }
    const problem = checkMedia(info, this.settings.limits, container === 'webm');
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
    const info = await this.inspect(path.resolve(inputFile), signal, options.container);
    if (isTrimmed(options.trim)) {
      const checked = checkTrim(options.trim.start, options.trim.end > 0 ? options.trim.end : info.durationSecs, info.durationSecs);
      if ('message' in checked) throw new EncodingError('bad-trim', checked.message);
    }
    report('probe', 0, 2, 1);

    const tmp = await makeEncodeTempDir(workDir);
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
        await encodingStep('encode', () =>
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
        makeGifAndPoster(this.ffmpeg, {
          plan,
          tmp,
          signal,
          budget: this.settings.gifBudgetBytes,
          stallMs: this.settings.stallMs,
          progress: (f) => report('gif', 88, 98, f),
        }),
        (async () => {
          await encodingStep('encode', () => this.ffmpeg.run(finalizeArgs(withAudio), { cwd: tmp, signal, timeoutMs: 60_000, stallMs: this.settings.stallMs }));
          // what was actually written, not what was planned
          return parseProbe(await this.ffmpeg.probe(probeArgs(path.join(tmp, WORK_FILES.final)), { signal }));
        })(),
      ]);
      report('finish', 98, 99, 0.5);
      if (!out.video || !(out.durationSecs > 0)) throw new EncodingError('undecodable', UNDECODABLE_MESSAGE, 'the encoded video is empty');

      const emailMp4 = withAudio ? path.join(tmp, WORK_FILES.emailVideo) : null;
      const targets = await placeEncodedFiles({ mp4: path.join(tmp, WORK_FILES.final), emailMp4, poster: path.join(tmp, WORK_FILES.poster), gif: gif.file }, workDir, placed);
      const result: EncodeResult = {
        ...targets,
        durationSecs: Math.round(out.durationSecs * 1000) / 1000,
        width: out.video.displayWidth,
        height: out.video.displayHeight,
        hasAudio: out.audio !== null,
        bytes: {
          mp4: await sizeOf(targets.mp4),
          emailMp4: targets.emailMp4 ? await sizeOf(targets.emailMp4) : 0,
          poster: await sizeOf(targets.poster),
          gif: await sizeOf(targets.gif),
        },
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
}
