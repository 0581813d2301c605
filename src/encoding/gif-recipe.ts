// Pure: the GIF fallback's recipe ladder and how to climb down it to stay near 1 MB.
//
// A GIF's size depends on the footage far more than on its settings: the usual recipe (600 px,
// 10 fps, 5 s, 256 colours, error diffusion) gives under 1 MB on a clean clip, 1.3 MB on
// camera footage with light grain and 12 MB on noisy handheld footage, where every pixel
// changes every frame. Even the first step is smarter than that: a light denoise and an ordered
// (Bayer) dither keep grain from flipping palette entries from frame to frame, which halves the
// grainy clip at the same 256 colours and looks the same. Then each attempt is measured and the
// next recipe predicted from it. Each step down trades what the eye misses least first: colour
// count and dither (with stronger denoising), then size, frame rate and length; the last resort
// is a single still frame, which always fits.

export interface GifRecipe {
  width: number;
  fps: number;
  seconds: number;
  colours: number;
  dither: 'bayer' | 'none';
  bayerScale: number;
  // 0 none, 1 light, 2 strong spatio-temporal denoise (hqdn3d)
  denoise: 0 | 1 | 2;
  still: boolean;
}

export const GIF_BUDGET_BYTES = 1_000_000;
// The GIF is made at the email's width (the snippet width, 600-800 px): a smaller one would be
// stretched by the email's width attribute, and blurs.
export const GIF_MAX_WIDTH = 800;
export const GIF_MAX_ATTEMPTS = 4;
// aim a little under the budget: predictions are rough
const AIM = 0.9;

const evenDown = (n: number) => Math.max(2, Math.floor(n / 2) * 2);

// Best first. `availableSecs` is how much of the preview is left after the chosen start frame.
// The width stays the email's for every step but two: colours, dither, frame rate and length go
// first, and only footage that cannot fit even then (strong grain that changes every pixel of
// every frame) is made smaller, and stretched by the email, before the last resort, a still
// frame at full width.
export function gifLadder(previewWidth: number, availableSecs: number): GifRecipe[] {
  const w = Math.min(previewWidth, GIF_MAX_WIDTH);
  const secs = (s: number) => Math.max(0.1, Math.min(s, availableSecs));
  const r = (
    width: number,
    fps: number,
    seconds: number,
    colours: number,
    dither: GifRecipe['dither'],
    bayerScale: number,
    denoise: GifRecipe['denoise'],
  ): GifRecipe => ({ width: evenDown(width), fps, seconds: secs(seconds), colours, dither, bayerScale, denoise, still: false });
  return [
    r(w, 10, 5, 256, 'bayer', 4, 1),
    r(w, 10, 5, 128, 'bayer', 4, 1),
    r(w, 10, 4, 64, 'none', 0, 2),
    r(w, 8, 4, 64, 'none', 0, 2),
    r(w, 8, 3, 48, 'none', 0, 2),
    r(w, 6, 3, 32, 'none', 0, 2),
    r(w * 0.75, 6, 3, 32, 'none', 0, 2),
    r(w * 0.6, 5, 3, 32, 'none', 0, 2),
    { width: evenDown(w), fps: 1, seconds: secs(0.1), colours: 256, dither: 'bayer', bayerScale: 3, denoise: 0, still: true },
  ];
}

export function gifFrameCount(r: GifRecipe): number {
  return r.still ? 1 : Math.max(1, Math.round(r.seconds * r.fps));
}

const COLOUR_FACTOR: Record<number, number> = { 256: 1, 128: 0.8, 64: 0.62, 48: 0.55, 32: 0.45 };

// Relative size of a recipe: pixels x frames, scaled by what fewer colours, ordered dither and
// denoising typically save. Only ratios of these numbers are used.
export function gifCostFactor(r: GifRecipe): number {
  const colours = COLOUR_FACTOR[r.colours] ?? Math.max(0.3, Math.log2(r.colours) / 8);
  const dither = r.dither === 'none' ? 0.8 : r.bayerScale >= 4 ? 0.92 : 1;
  const denoise = r.denoise === 2 ? 0.72 : r.denoise === 1 ? 0.85 : 1;
  return r.width * r.width * gifFrameCount(r) * colours * dither * denoise;
}

export interface GifAttempt {
  step: number;
  bytes: number;
}

// Which step to try next, or null when an attempt already fits (or nothing is left to try).
// The estimate for step i is the latest measurement scaled by the cost ratio of the recipes.
export function nextGifStep(ladder: GifRecipe[], attempts: GifAttempt[], budget = GIF_BUDGET_BYTES): number | null {
  if (!attempts.length) return 0;
  if (attempts.some((a) => a.bytes <= budget)) return null;
  const last = attempts[attempts.length - 1];
  const stillStep = ladder.length - 1;
  if (attempts.length >= GIF_MAX_ATTEMPTS - 1 && !attempts.some((a) => a.step === stillStep)) return stillStep;
  if (attempts.length >= GIF_MAX_ATTEMPTS) return null;
  const deepest = Math.max(...attempts.map((a) => a.step));
  for (let i = deepest + 1; i < ladder.length; i++) {
    const predicted = (last.bytes * gifCostFactor(ladder[i])) / gifCostFactor(ladder[last.step]);
    if (predicted <= budget * AIM) return i;
  }
  return deepest < stillStep ? stillStep : null;
}

// The attempt to keep: the best (earliest) step that fits, else the smallest file.
export function pickGifAttempt(attempts: GifAttempt[], budget = GIF_BUDGET_BYTES): GifAttempt | null {
  if (!attempts.length) return null;
  const fitting = attempts.filter((a) => a.bytes <= budget).sort((a, b) => a.step - b.step);
  if (fitting.length) return fitting[0];
  return [...attempts].sort((a, b) => a.bytes - b.bytes)[0];
}
