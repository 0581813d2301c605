import type { EncodePlan } from './encode-plan.js';
import { chooseGifStart, choosePosterFrame, type FrameStats } from './frame-pick.js';
import { gifFrameCount, gifLadder, type GifRecipe } from './gif-recipe.js';

// What the GIF ended up as, after adapting to the size budget.
export interface GifInfo {
  width: number;
  height: number;
  fps: number;
  frames: number;
  colours: number;
  still: boolean;
}

// Pure: where in the preview clip the GIF starts, which frame is the poster, and the recipes to
// try for the length left after the start. Without frame statistics (the filter printed none)
// the clip's planned length stands in for its frames.
export function planGif(stats: FrameStats[], plan: Pick<EncodePlan, 'width' | 'preview'>): { startFrame: number; posterFrame: number; ladder: GifRecipe[] } {
  const frameCount = stats.length || Math.max(1, Math.floor(plan.preview.seconds * plan.preview.fps));
  const startFrame = Math.min(chooseGifStart(stats), frameCount - 1);
  const posterFrame = Math.min(choosePosterFrame(stats), frameCount - 1);
  return { startFrame, posterFrame, ladder: gifLadder(plan.width, (frameCount - startFrame) / plan.preview.fps) };
}

// Pure: the chosen recipe's picture; a GIF narrower than the email keeps the video's shape
// (height rounded to even pixels).
export function gifInfoOf(recipe: GifRecipe, plan: Pick<EncodePlan, 'width' | 'height'>): GifInfo {
  const height = Math.max(2, Math.round((recipe.width * plan.height) / plan.width / 2) * 2);
  return {
    width: recipe.width,
    height: recipe.width < plan.width ? height : plan.height,
    fps: recipe.still ? 0 : recipe.fps,
    frames: gifFrameCount(recipe),
    colours: recipe.colours,
    still: recipe.still,
  };
}
