import { PLAY_EVENT_KINDS, type CommittedEngagement } from '../engagement/engagement-events.js';
import { unionRanges, watchedSeconds } from '../shared/metrics/watch-ranges.js';
import { newMilestones } from '../shared/metrics/watch-milestones.js';
import type { PlayRow, StoredPlay } from '../engagement/viewer-activity-sql.js';

// What a merge of a play's reports newly reached, in the order it happened (kinds:
// engagement/engagement-events.ts): the play counted (2 s watched, or the whole clip), each of
// 25/50/75/100 % watched, the sound turned on. Pure. Each at
// most once per play: the writer merges a play under a lock, with its stored state as `before`,
// and watched seconds only grow (a rewatch or a seek adds none). Nothing before the play counts:
// what it reached before then is told when it counts.
export function playMilestones(row: PlayRow, before: StoredPlay | undefined): CommittedEngagement[] {
  if (!row.counted) return [];
  const wasCounted = before?.counted === true;
  const wasWatched = before && wasCounted ? watchedSeconds(unionRanges(before.segments.map(([id, start, end]) => ({ id, start, end })))) : 0;
  const base: CommittedEngagement = {
    kind: '',
    snippetId: row.snippetId,
    playId: row.playId,
    occurredAt: row.updatedAt,
    receiver: row.receiver,
    countryCode: row.countryCode,
    countryName: row.countryName,
    region: row.region,
    city: row.city,
    deviceType: row.deviceType,
    platform: row.platform,
    client: row.client,
    machineReason: before ? before.machineReason : row.machineReason,
    milestone: null,
    watchedSecs: row.watchedSecs,
    videoSecs: row.videoDurationSecs,
    soundOn: row.soundOn,
  };
  const out: CommittedEngagement[] = [];
  if (!wasCounted) out.push({ ...base, kind: PLAY_EVENT_KINDS.played });
  for (const m of newMilestones(wasWatched, row.watchedSecs, row.videoDurationSecs)) out.push({ ...base, kind: PLAY_EVENT_KINDS.watched(m), milestone: m });
  if (row.soundOn && !(wasCounted && before?.soundOn)) out.push({ ...base, kind: PLAY_EVENT_KINDS.soundOn });
  return out;
}
