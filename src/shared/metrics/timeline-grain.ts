import { addDays, TIMELINE_DAYS } from '../report-rules.js';

// The engagement timeline's buckets (issue 17): hours for a range of up to 2 days, days beyond,
// in the owner's time zone (so India's, Nepal's and Chatham's hours start on their own half and
// quarter hours). Pure.

export const HOURLY_MAX_DAYS = 2;

export type TimelineGrain = 'hour' | 'day';

// Days from `from` to `till`, both counted (YYYY-MM-DD).
export function daysBetween(from: string, till: string): number {
  return Math.round((Date.parse(`${till}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

export function timelineGrain(from: string, till: string): TimelineGrain {
  return daysBetween(from, till) <= HOURLY_MAX_DAYS ? 'hour' : 'day';
}

// The range the report's one timeline covers: the filter's dates (a missing end is today, a
// missing start 7 days before the end); without dates, the spec's 7 days ending weekEnding (its
// previous/next week), else ending today.
export function timelineRange(dateFrom: string | null, dateTill: string | null, weekEnding: string | null, today: string): { from: string; till: string } {
  if (!dateFrom && !dateTill) {
    const till = weekEnding ?? today;
    return { from: addDays(till, -(TIMELINE_DAYS - 1)), till };
  }
  const till = dateTill ?? today;
  return { from: dateFrom ?? addDays(till, -(TIMELINE_DAYS - 1)), till };
}

// Where the timeline's previous and next buttons lead: the window of the same length before or
// after, never past today (next is null once the window ends today). Pure.
export function timelineSteps(from: string, till: string, today: string): { previous: { from: string; till: string }; next: { from: string; till: string } | null } {
  const days = daysBetween(from, till);
  const previous = { from: addDays(from, -days), till: addDays(from, -1) };
  if (till >= today) return { previous, next: null };
  const nextTill = addDays(till, days) > today ? today : addDays(till, days);
  return { previous, next: { from: addDays(nextTill, -(days - 1)), till: nextTill } };
}
