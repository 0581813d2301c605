// Pure rules of the ingest's journal (migration 0026; the loader: ingest-loader.service.ts).
import { personKey } from './bursts.js';
import { INSERT_COLUMNS, type NewEngagement } from './ingest-sql.js';
import type { NewVisit } from './viewer-activity-sql.js';

// A journaled event: the row's values in a fixed order (an array serializes in a quarter less time
// than an object and takes 40% fewer bytes: no field names).
export type JournalTuple = readonly unknown[];

// The order of a tuple's values: the batch insert's columns' (ingest-sql.ts), checked against
// toJournalTuple by its unit test.
export const JOURNAL_FIELDS: readonly (keyof NewEngagement & string)[] = INSERT_COLUMNS.map(([, , prop]) => prop);

// Written out by hand, not by a loop over JOURNAL_FIELDS: this runs for every hit.
export function toJournalTuple(r: NewEngagement): JournalTuple {
  return [
    r.snippetId,
    r.kind,
    r.occurredAt,
    r.receiver,
    r.ip,
    r.countryCode,
    r.countryName,
    r.region,
    r.city,
    r.deviceType,
    r.platform,
    r.client,
    r.userAgent,
    r.target,
    r.durationSecs,
    r.videoDurationSecs,
    r.clickId,
    r.machineReason,
    r.destination,
    r.destinationLabel,
    r.playId,
  ];
}

// A journal row's events back from the JSON the writer stored (tuples; times as ISO text).
export function journalEvents(json: string): NewEngagement[] {
  const tuples = JSON.parse(json) as unknown[][];
  return tuples.map((t) => {
    const row = {} as Record<string, unknown>;
    JOURNAL_FIELDS.forEach((f, i) => (row[f] = t[i] ?? null));
    row.occurredAt = new Date(row.occurredAt as string);
    return row as unknown as NewEngagement;
  });
}

// A journal row's visits back (stored as objects: the viewer page's hot path is its page, not them).
export function journalVisits(json: string): NewVisit[] {
  return (JSON.parse(json) as (Omit<NewVisit, 'occurredAt'> & { occurredAt: string })[]).map((v) => ({ ...v, occurredAt: new Date(v.occurredAt) }));
}

// The inserts a load makes, in order. A play is joined to its person's latest stored click
// (engagement-writer's rule), so when a load holds a play and a click of the same person on the
// same snippet, the clicks and opens go first and the plays after them, in the same transaction,
// where the plays' look-up sees the clicks just inserted. Otherwise one insert.
export function loadParts(rows: readonly NewEngagement[]): NewEngagement[][] {
  const clickers = new Set<string>();
  for (const r of rows) {
    const who = r.kind === 'click' ? personKey(r.receiver, r.ip) : null;
    if (who) clickers.add(`${r.snippetId} ${who}`);
  }
  const split = rows.some((r) => {
    const who = r.kind === 'play' ? personKey(r.receiver, r.ip) : null;
    return who !== null && clickers.has(`${r.snippetId} ${who}`);
  });
  if (!split) return [rows.slice()];
  return [rows.filter((r) => r.kind !== 'play'), rows.filter((r) => r.kind === 'play')].filter((p) => p.length);
}
