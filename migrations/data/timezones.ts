// IANA time zones: every zone of the tz database's zone.tab (tzdata 2025b, current names such as
// Europe/Kyiv and Asia/Kolkata) plus UTC, as [id, name] rows in timezones.json. Ids are fixed
// there, in name order from 1, so every database gets the same ids; new zones get new ids in a
// later migration (never renumber or remove a row: migration 0002 seeds from this file).
import rows from './timezones.json' with { type: 'json' };

export const TIMEZONES: readonly (readonly [id: number, name: string])[] = rows.map(([id, name], i) => {
  if (id !== i + 1 || typeof name !== 'string') throw new Error(`timezones.json row ${i + 1}: expected [${i + 1}, "<zone name>"]`);
  return [id, name] as const;
});
