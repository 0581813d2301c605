import type { PixelSize } from './export-types.js';

// The sizes pictures are shown at in the email. Pure.

// The dashboard and /live show the call-to-action video icon at most 64 px high.
export const VIDEO_ICON_MAX_HEIGHT = 64;

// The height of a picture shown `width` px wide, from its stored size; null when unknown.
export function heightAt(width: number, size: PixelSize | null | undefined): number | null {
  const w = size?.width;
  const h = size?.height;
  if (!w || !h || w <= 0 || h <= 0 || !Number.isFinite(w) || !Number.isFinite(h)) return null;
  return Math.max(1, Math.round((width * h) / w));
}

// The call-to-action video icon's box: at most 64 px high and the email's width, never enlarged.
export function videoIconBox(size: PixelSize | null | undefined, maxWidth: number): { width: number; height: number } | null {
  const w = size?.width;
  const h = size?.height;
  if (!w || !h || w <= 0 || h <= 0) return null;
  const scale = Math.min(1, VIDEO_ICON_MAX_HEIGHT / h, maxWidth / w);
  return { width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)) };
}

// A whole number within [min, max]; the fallback when n is not a finite number.
export function clamp(n: unknown, min: number, max: number, fallback: number): number {
  const v = typeof n === 'number' && Number.isFinite(n) ? Math.round(n) : fallback;
  return Math.min(max, Math.max(min, v));
}
