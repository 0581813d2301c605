// How far into the video a play got, as milestones (25, 50, 75 and 100 % watched: the marks
// Vidyard and Wistia send to CRMs). Pure, shared by the ingest (which tells webhooks and
// notifications once per play and milestone) and the pages that name them.
//
// What counts is what was watched, each second once (watch-ranges.ts), never where the playhead
// went: a viewer who seeks to the end has not watched to the end, and a rewatch adds nothing, so a
// play reaches each milestone at most once (its watched seconds only grow).

export const WATCH_MILESTONES = [25, 50, 75, 100] as const;
export type WatchMilestone = (typeof WATCH_MILESTONES)[number];

// "To the end": all but the last half second (the viewer samples the position about four times a
// second, and the browser's length can differ from the server's by a frame), and at least 95 % of
// a short clip.
export const END_SLACK_SECS = 0.5;
export const END_MIN_SHARE = 0.95;

// The seconds a play must have watched to reach a milestone of a video this long.
export function milestoneSeconds(milestone: WatchMilestone, lengthSecs: number): number {
  if (milestone < 100) return (lengthSecs * milestone) / 100;
  return Math.max(lengthSecs - END_SLACK_SECS, lengthSecs * END_MIN_SHARE);
}

// The milestones a play that watched this much has reached (none when the length is unknown).
export function milestonesReached(watchedSecs: number, lengthSecs: number | null): WatchMilestone[] {
  if (lengthSecs === null || !(lengthSecs > 0)) return [];
  return WATCH_MILESTONES.filter((m) => watchedSecs >= milestoneSeconds(m, lengthSecs));
}

// The milestones a play reached with its latest reports: reached now and not before (a play
// stored with another length, later known, is judged by the length it has now).
export function newMilestones(watchedBefore: number, watchedNow: number, lengthSecs: number | null): WatchMilestone[] {
  const before = new Set(milestonesReached(watchedBefore, lengthSecs));
  return milestonesReached(watchedNow, lengthSecs).filter((m) => !before.has(m));
}
