// The video engagement metrics' formulas (issue 17): the server computes them; their words, with
// every other number of the report, are in report-metrics.ts ("How is this counted?"). Pure.

// A play counts once this much has played with the page visible (the whole video when shorter).
export const PLAY_MIN_SECONDS = 2;
// A play is complete at this share of the video watched.
export const COMPLETION_SHARE = 0.9;

// The seconds a play needs to count, for a video of this length (unknown: the full 2 s).
export function playThreshold(lengthSecs: number | null): number {
  return lengthSecs !== null && lengthSecs > 0 ? Math.min(PLAY_MIN_SECONDS, lengthSecs) : PLAY_MIN_SECONDS;
}

export function isCountedPlay(watchedSecs: number, lengthSecs: number | null): boolean {
  return watchedSecs >= playThreshold(lengthSecs);
}

// Share of the video a play watched, 0..1 (distinct seconds, so a rewatch adds nothing); 0 when
// the length is unknown.
export function shareWatched(watchedSecs: number, lengthSecs: number | null): number {
  if (lengthSecs === null || !(lengthSecs > 0)) return 0;
  return Math.min(1, Math.max(0, watchedSecs / lengthSecs));
}

export function isComplete(share: number): boolean {
  return share >= COMPLETION_SHARE;
}

// part / whole, null when there is no whole (the page shows "-", not 0 %).
export function rate(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

// Play rate: of the people who loaded the viewer, the share who played.
export const playRate = (uniquePlayers: number, uniqueVisitors: number) => rate(uniquePlayers, uniqueVisitors);
// Sound-on rate: of the plays, those whose viewer turned the sound on.
export const soundOnRate = (soundOnPlays: number, plays: number) => rate(soundOnPlays, plays);
// Completion rate: of the plays, those that watched at least 90 %.
export const completionRate = (completePlays: number, plays: number) => rate(completePlays, plays);
// Click-through rate: of the people who opened the email, the share who clicked.
export const clickThroughRate = (uniqueClickers: number, uniqueOpeners: number) => rate(uniqueClickers, uniqueOpeners);

// Engagement: the average share watched over the plays (null without plays).
export function engagement(shares: readonly number[]): number | null {
  return shares.length ? shares.reduce((a, b) => a + b, 0) / shares.length : null;
}

export const FUNNEL_STEPS = ['opens', 'visits', 'plays', 'clicks'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export interface FunnelEntry {
  step: FunnelStep;
  // unique people at this step
  people: number;
  // people here / people at the step before; null for the first step or after an empty one.
  // Not capped at 1: someone can reach the viewer without a tracked open (images off).
  rateFromPrevious: number | null;
}

// The funnel at the top of the report: opens -> visits -> plays -> clicks, unique people each.
export function funnel(people: Record<FunnelStep, number>): FunnelEntry[] {
  return FUNNEL_STEPS.map((step, i) => ({
    step,
    people: people[step],
    rateFromPrevious: i === 0 ? null : rate(people[step], people[FUNNEL_STEPS[i - 1]]),
  }));
}
