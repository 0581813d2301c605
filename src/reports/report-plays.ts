import { isComplete, shareWatched } from '../shared/metrics/engagement-metrics.js';
import { secondCounts } from '../shared/metrics/watch-ranges.js';
import type { PlayRecord } from '../shared/report-types.js';
import type { PlayRow } from './report-plays-sql.js';

// A stored play as the report shows it: its share watched and its heatmap strip. Pure.
export function toPlayRecord(row: PlayRow): PlayRecord {
  const { segments, ...rest } = row;
  const length = row.videoDuration;
  const share = shareWatched(row.watchedSecs, length);
  return {
    ...rest,
    shareWatched: Math.round(share * 1000) / 1000,
    completed: isComplete(share),
    seconds: length ? secondCounts(segments.map(([, start, end]) => ({ start, end })), length) : [],
  };
}
