import fs from 'node:fs/promises';
import path from 'node:path';
import type { EncodePlan } from './encode-plan.js';
import { sizeOf } from './encode-files.js';
import { EncodingError, UNDECODABLE_MESSAGE } from './encoding-error.js';
import { encodingStep } from './encoding-failure.js';
import type { FfmpegAdapter } from './ffmpeg.adapter.js';
import { gifPassArgs, WORK_FILES } from './ffmpeg-args.js';
import { parseFrameStats } from './frame-pick.js';
import { gifInfoOf, planGif, type GifInfo } from './gif-output.js';
import { nextGifStep, pickGifAttempt, type GifAttempt } from './gif-recipe.js';

// Cuts the poster and the GIF from the preview clip in the temp folder; the GIF adapts, one
// measured attempt after another, until it fits the budget (nextGifStep decides).
export async function makeGifAndPoster(
  ffmpeg: FfmpegAdapter,
  o: { plan: EncodePlan; tmp: string; signal: AbortSignal | undefined; budget: number; stallMs: number; progress: (f: number) => void },
): Promise<{ file: string; info: GifInfo }> {
  const { plan, tmp, budget } = o;
  const stats = parseFrameStats(await fs.readFile(path.join(tmp, WORK_FILES.stats), 'utf8').catch(() => ''));
  const { startFrame, posterFrame, ladder } = planGif(stats, plan);
  const attempts: GifAttempt[] = [];
  for (let step = nextGifStep(ladder, attempts, budget); step !== null; step = nextGifStep(ladder, attempts, budget)) {
    const n = attempts.length;
    await encodingStep('encode', () =>
      ffmpeg.run(
        gifPassArgs({
          recipe: ladder[step],
          startFrame,
          previewWidth: plan.width,
          previewFps: plan.preview.fps,
          output: WORK_FILES.gif(n),
          poster: n === 0 ? { frame: posterFrame, output: WORK_FILES.poster } : undefined,
        }),
        { cwd: tmp, signal: o.signal, timeoutMs: 120_000, stallMs: o.stallMs },
      ),
    );
    attempts.push({ step, bytes: await sizeOf(path.join(tmp, WORK_FILES.gif(n))) });
    o.progress(attempts.some((a) => a.bytes <= budget) ? 1 : attempts.length / 4);
  }
  const chosen = pickGifAttempt(attempts, budget);
  if (!chosen || chosen.bytes === 0 || (await sizeOf(path.join(tmp, WORK_FILES.poster))) === 0) {
    throw new EncodingError('undecodable', UNDECODABLE_MESSAGE, 'no poster or GIF frame could be made');
  }
  return { file: path.join(tmp, WORK_FILES.gif(attempts.indexOf(chosen))), info: gifInfoOf(ladder[chosen.step], plan) };
}
