// Pure rules of the ingest's journal (migration 0026; the loader: ingest-loader.service.ts).
import type { DestinationKind } from '../shared/click-rules.js';
import { personKey } from './bursts.js';
import type { EngagementKind } from '../engagement/engagement-kinds.js';
import { INSERT_COLUMNS, type NewEngagement } from '../engagement/engagement-sql.js';
import type { NewVisit } from '../engagement/viewer-activity-sql.js';

// The advisory lock a load of the journal holds for its transaction (an arbitrary key of the
// journal's own): one load at a time across processes (ingest-journal.repository.ts).
export const JOURNAL_LOAD_LOCK = '7355608026';

// A journaled event: its values in a fixed order (an array serializes in a quarter less time than
// an object and takes 40% fewer bytes: no field names).
export type JournalTuple = readonly unknown[];

// The journal holds what a request said, nothing derived from it: the address and the agent as
// sent, and the method. Where the address is, what device and client sent it and whether a machine
// did are derived when the batch is loaded (request-classifier.service.ts), off the hot path.
export interface EventFacts {
  snippetId: string;
  kind: EngagementKind;
  occurredAt: Date;
  receiver: string | null;
  ip: string | null;
  userAgent: string | null;
  method: string;
  target: string | null;
  destination: DestinationKind | null;
  destinationLabel: string | null;
  durationSecs: number | null;
  videoDurationSecs: number | null;
  playId: string | null;
  // v= was a merge tag the platform never filled in (its receiver is null): a test.
  unfilledTag: boolean;
}

// The order of a facts tuple's values (checked against toFactsTuple by its unit test).
export const FACT_FIELDS: readonly (keyof EventFacts)[] = [
  'snippetId',
  'kind',
  'occurredAt',
  'receiver',
  'ip',
  'userAgent',
  'method',
  'target',
  'destination',
  'destinationLabel',
  'durationSecs',
  'videoDurationSecs',
  'playId',
  'unfilledTag',
];

// The facts tuple before unfilledTag (loaded as it is, as no test).
const FACT_FIELDS_BEFORE_TESTS = FACT_FIELDS.length - 1;

// Written out by hand, not by a loop over FACT_FIELDS: this runs for every hit.
export function toFactsTuple(e: EventFacts): JournalTuple {
  return [
    e.snippetId,
    e.kind,
    // As milliseconds: a Date would be written through toISOString, for every hit.
    e.occurredAt.getTime(),
    e.receiver,
    e.ip,
    e.userAgent,
    e.method,
    e.target,
    e.destination,
    e.destinationLabel,
    e.durationSecs,
    e.videoDurationSecs,
    e.playId,
    e.unfilledTag ? 1 : 0,
  ];
}

// The journal's first format (written before the facts tuple, and loaded as it is): the whole row,
// derived fields included, in the batch insert's column order (ingest-sql.ts). Told apart from a
// facts tuple by its length.
export const ROW_FIELDS: readonly (keyof NewEngagement & string)[] = INSERT_COLUMNS.map(([, , prop]) => prop);

export function toRowTuple(r: NewEngagement): JournalTuple {
  return ROW_FIELDS.map((f) => (r as unknown as Record<string, unknown>)[f]);
}

// A journaled event as the loader gets it: its row, and the method its derived fields are still
// to be derived with (null: a row of the first format, complete as it is), and whether its v= was
// an unfilled merge tag.
export interface JournaledEvent {
  row: NewEngagement;
  method: string | null;
  unfilledTag: boolean;
}

const DERIVED_NONE = { countryCode: null, countryName: null, region: null, city: null, deviceType: null, platform: null, client: null, machineReason: null, clickId: null };

// A journal row's events back from the JSON the writer stored (tuples; a facts tuple's time in
// milliseconds, a first-format row's as ISO text).
export function journalEvents(json: string): JournaledEvent[] {
  const tuples = JSON.parse(json) as unknown[][];
  return tuples.map((t) => {
    const row = {} as Record<string, unknown>;
    if (t.length === ROW_FIELDS.length) {
      ROW_FIELDS.forEach((f, i) => (row[f] = t[i] ?? null));
      row.occurredAt = new Date(row.occurredAt as string);
      return { row: row as unknown as NewEngagement, method: null, unfilledTag: false };
    }
    if (t.length !== FACT_FIELDS.length && t.length !== FACT_FIELDS_BEFORE_TESTS) throw new Error(`A journaled event of ${t.length} values is neither format`);
    Object.assign(row, DERIVED_NONE);
    FACT_FIELDS.forEach((f, i) => (row[f] = t[i] ?? null));
    const method = String(row.method);
    const unfilledTag = !!row.unfilledTag;
    delete row.method;
    delete row.unfilledTag;
    row.occurredAt = new Date(row.occurredAt as number);
    return { row: row as unknown as NewEngagement, method, unfilledTag };
  });
}

// A visit of the viewer page as the hot path journals it (stored as objects: the viewer page's
// hot path is its page, not them): what the request said, the rest derived at load.
export interface VisitFacts {
  snippetId: string;
  occurredAt: Date;
  page: NewVisit['page'];
  receiver: string | null;
  ip: string | null;
  userAgent: string | null;
  method: string;
  // v= was an unfilled merge tag (a test); written only when it was
  unfilledTag?: true;
}

const DERIVED_VISIT_NONE = { countryCode: null, countryName: null, region: null, city: null, deviceType: null, platform: null, client: null, machineReason: null };

export interface JournaledVisit {
  row: NewVisit;
  method: string | null;
  unfilledTag: boolean;
}

// A journal row's visits back: facts (with a method), or whole rows of the first format.
export function journalVisits(json: string): JournaledVisit[] {
  return (JSON.parse(json) as Record<string, unknown>[]).map((v) => {
    const { method, unfilledTag, ...rest } = v;
    const row = { ...(typeof method === 'string' ? DERIVED_VISIT_NONE : {}), ...rest, occurredAt: new Date(v.occurredAt as string) } as unknown as NewVisit;
    return { row, method: typeof method === 'string' ? method : null, unfilledTag: unfilledTag === true };
  });
}

// Pure: how many of a batch's events are each snippet's (a tuple's snippet id comes first).
export function snippetCounts(events: readonly (JournalTuple | VisitFacts)[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const e of events) {
    const id = String(Array.isArray(e) ? e[0] : (e as VisitFacts).snippetId);
    counts[id] = (counts[id] ?? 0) + 1;
  }
  return counts;
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
