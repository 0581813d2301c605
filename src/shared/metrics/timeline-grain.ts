import { addDays } from '../report-rules.js';

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

// The range a timeline covers: the filter's dates, else from the first event (or the last 7 days
// when there is none) to today.
export function timelineRange(dateFrom: string | null, dateTill: string | null, firstEventDay: string | null, today: string): { from: string; till: string } {
  const till = dateTill ?? today;
  const from = dateFrom ?? (firstEventDay && firstEventDay <= till ? firstEventDay : addDays(till, -6));
  return { from, till };
}
