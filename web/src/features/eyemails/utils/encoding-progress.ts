// How far an encoding is, as the dashboard shows it. Pure.
import type { EncodingView } from '@shared/api-types';

// Whole percent: 100 only once completed; the server's own figure otherwise (never above 99).
export function shownProgress(e: Pick<EncodingView, 'state' | 'progress'> | null): number {
  if (!e) return 0;
  if (e.state === 'completed') return 100;
  const p = Number.isFinite(e.progress) ? Math.floor(e.progress) : 0;
  return Math.max(0, Math.min(99, p));
}

// No state yet (a video chosen whose encoding is not asked for until the form saves) waits too.
export function encodingLabel(e: { state: EncodingView['state'] | null } | null): string {
  if (!e || e.state === null || e.state === 'queued') return 'Waiting for an encoder…';
  if (e.state === 'active') return 'Encoding for email…';
  if (e.state === 'completed') return 'Ready for email';
  return 'Encoding failed';
}

// Only the newest progress counts: a slow answer to an older poll never moves the bar back.
export function mergeProgress(previous: number, next: number): number {
  return Math.max(previous, next);
}
