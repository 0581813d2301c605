// The statements that write the engagement table, run by EngagementRepository (one multi-row statement
// per batch: the rows as one JSON parameter, json-rows.ts; the look-ups with native arrays).
import type { Engagement } from './engagement.entity.js';
import type { EngagementKind } from './engagement-kinds.js';
import { jsonRowsInsert, type JsonColumn } from '../database/json-rows.js';
import { VIEWER_COLUMNS } from './viewer-activity-sql.js';

// A row to store: everything but the id the database gives it.
export type NewEngagement = Omit<Engagement, 'id'>;

// A stored click, as the burst and play rules need it.
export type StoredClick = Pick<Engagement, 'id' | 'snippetId' | 'receiver' | 'ip' | 'occurredAt' | 'machineReason'>;

// Where to look for someone's clicks on a snippet: by receiver, or by address when there is none.
export type ClickWindow = Pick<Engagement, 'snippetId' | 'receiver' | 'ip'> & { since: Date; until: Date };

// The columns of a batch insert, in order, with the type each is read as.
export const INSERT_COLUMNS: JsonColumn<NewEngagement>[] = [
  ['snippet_id', 'uuid[]', 'snippetId'],
  ['kind', 'text[]', 'kind'],
  ['occurred_at', 'timestamptz[]', 'occurredAt'],
  ...VIEWER_COLUMNS,
  ['target', 'text[]', 'target'],
  ['duration_secs', 'float8[]', 'durationSecs'],
  ['video_duration_secs', 'float8[]', 'videoDurationSecs'],
  ['click_id', 'bigint[]', 'clickId'],
  ['machine_reason', 'text[]', 'machineReason'],
  ['destination', 'text[]', 'destination'],
  ['destination_label', 'text[]', 'destinationLabel'],
  ['play_id', 'uuid[]', 'playId'],
];

// The batch's rows, in one statement. (Who may be in a flood is decided by the writer: a look-up
// here, per row, was planned over the snippet's whole last minute; see MachineTrafficChecks.markFloods.)
export const INSERT_SQL = jsonRowsInsert('engagement', INSERT_COLUMNS);

// The same insert when some module will fan the batch out (webhooks, notifications; $2 their
// names): in the same statement, an outbox row per module naming the new rows (migration 0025),
// so a process killed before their fan-out job is queued loses nothing. Answers the rows' ids, in
// the batch's order (ids are drawn in row order), and each module's outbox row.
export const INSERT_WITH_OUTBOX_SQL = `
  with stored as (${INSERT_SQL} returning id),
  box as (
    insert into engagement_outbox (consumer, engagement_ids)
    select c, (select array_agg(id order by id) from stored) from unnest($2::text[]) as c
    returning id, consumer
  )
  select (select array_agg(id::text order by id) from stored) as ids, (select json_object_agg(consumer, id::text) from box) as outbox`;

// What INSERT_WITH_OUTBOX_SQL answers.
export interface StoredWithOutbox {
  ids: string[];
  outbox: Record<string, string>;
}

// Events found in a link-scanner burst or a flood once their batch was committed, in one
// statement ($2 the reason). Rows are locked in id order, so two instances re-marking the same
// burst at once wait for each other instead of deadlocking; a row the other one marked meanwhile
// (for any reason) is skipped.
export const MARK_MACHINE_SQL = `
  with locked as (
    select id from engagement where id = any($1::bigint[]) and machine_reason is null order by id for update
  )
  update engagement e set machine_reason = $2::text from locked where e.id = locked.id`;

const CLICK_COLUMNS = `e.id::text as id, e.snippet_id as "snippetId", e.receiver, host(e.ip) as ip, e.occurred_at as "occurredAt",
  e.machine_reason as "machineReason"`;

// One person's clicks on a snippet (bursts.ts's personKey) for a window `k`: by receiver, or by
// address for clicks without one; through the clicks' own indexes (migration 0029).
const clicksOfReceiver = "e.snippet_id = k.snippet_id and e.receiver = k.receiver and e.kind = 'click'";
const clicksOfAddress = "e.snippet_id = k.snippet_id and e.receiver is null and e.ip = k.ip and e.kind = 'click'";
const CLICK_WINDOWS = 'unnest($1::uuid[], $2::text[], $3::inet[], $4::timestamptz[], $5::timestamptz[]) with ordinality as k(snippet_id, receiver, ip, since, until, n)';

// The clicks the link-scanner rule needs around a load's clicks of one person (the window spans
// them): all of the person's clicks within it, and the two before and the two after it within
// the rule's longest window ($6 seconds). A click's place in a burst depends on its two nearest
// clicks on each side only (three within 10 s, two within 2 s), so what lies further is never
// read: the check costs the same in a flood of clicks as for one person's few.
function burstClicksFor(person: string): string {
  return `
  select c.* from ${CLICK_WINDOWS} cross join lateral (
    (select ${CLICK_COLUMNS} from engagement e where ${person} and e.occurred_at between k.since and k.until)
    union all
    (select ${CLICK_COLUMNS} from engagement e where ${person}
      and e.occurred_at < k.since and e.occurred_at >= k.since - make_interval(secs => $6)
      order by e.occurred_at desc, e.id desc limit 2)
    union all
    (select ${CLICK_COLUMNS} from engagement e where ${person}
      and e.occurred_at > k.until and e.occurred_at <= k.until + make_interval(secs => $6)
      order by e.occurred_at, e.id limit 2)
  ) c`;
}
export const BURST_CLICKS_BY_RECEIVER_SQL = burstClicksFor(clicksOfReceiver);
export const BURST_CLICKS_BY_ADDRESS_SQL = burstClicksFor(clicksOfAddress);

// For each window (a play's last 30 minutes), the person's latest click within it: its number
// among the windows (from 1) and the click's id.
const latestClickFor = (person: string) => `
  select k.n::int as n, c.id from ${CLICK_WINDOWS} cross join lateral (
    select e.id::text as id from engagement e where ${person} and e.occurred_at between k.since and k.until
    order by e.occurred_at desc, e.id desc limit 1
  ) c`;
export const LATEST_CLICK_BY_RECEIVER_SQL = latestClickFor(clicksOfReceiver);
export const LATEST_CLICK_BY_ADDRESS_SQL = latestClickFor(clicksOfAddress);

// Where to look for one person's events of one kind on a snippet (flood.ts's key).
export type EventWindow = Pick<Engagement, 'snippetId' | 'kind' | 'receiver' | 'ip'> & { since: Date; until: Date };

// One person's events in the flood rule (flood.ts's key) as a condition on the rows of `t`, for a
// window `k`: by receiver and address, or by the address alone where there is no receiver (never
// the Gmail and Yahoo image proxies' events: $9 their clients).
const byReceiver = (t: string) => `${t}.snippet_id = k.snippet_id and ${t}.receiver = k.receiver and ${t}.ip = k.ip and ${t}.kind = k.kind`;
const byAddress = (t: string) =>
  `${t}.snippet_id = k.snippet_id and ${t}.receiver is null and ${t}.ip = k.ip and ${t}.kind = k.kind and (${t}.client is null or ${t}.client <> all($9::text[]))`;

// The not yet machine events of these people within their windows, each with what the flood rule
// asks of the same person's events before it (ordered by time, then id): how many within the
// second and the minute before it, counted only up to the kind's limits ($7, $8 per window, so a
// count stops at the limit however long the flood), and the seconds the minute's play reports
// carry (whole when under the limit, which is the only time the rule reads it). Each event costs
// two short index scans, whatever the person stored before: the check once read every event of
// the person's minute for each load, which made a flood's loading slow down as it grew.
function floodCandidatesFrom(person: (t: string) => string, windows: string): string {
  return `
  select e.id::text as id, e.kind, e.duration_secs as "durationSecs", e.video_duration_secs as "videoDurationSecs",
    s.n as "inSecond", m.n as "inMinute", m.secs as "playedInMinute"
  from ${windows} as k(snippet_id, kind, receiver, ip, since, until, per_second, per_minute)
  join engagement e on ${person('e')} and e.occurred_at between k.since and k.until and e.machine_reason is null
  cross join lateral (
    select count(*)::int as n from (
      select 1 from engagement p where ${person('p')}
        and p.occurred_at > e.occurred_at - interval '1 second' and (p.occurred_at, p.id) < (e.occurred_at, e.id)
      limit k.per_second) x
  ) s
  cross join lateral (
    select count(*)::int as n, coalesce(sum(y.d), 0)::float8 as secs from (
      select p.duration_secs as d from engagement p where ${person('p')}
        and p.occurred_at > e.occurred_at - interval '1 minute' and (p.occurred_at, p.id) < (e.occurred_at, e.id)
      limit k.per_minute) y
  ) m`;
}

export const FLOOD_CANDIDATES_SQL = `${floodCandidatesFrom(
  byReceiver,
  'unnest($1::uuid[], $2::text[], $3::text[], $4::inet[], $5::timestamptz[], $6::timestamptz[], $7::int[], $8::int[])',
)}
  union all ${floodCandidatesFrom(
    byAddress,
    'unnest($10::uuid[], $11::text[], $12::text[], $13::inet[], $14::timestamptz[], $15::timestamptz[], $16::int[], $17::int[])',
  )}`;

// One event as the rule judges it: its kind and play seconds, and what the same person did before
// it (events taken in the order they happened, ties by id): how many events within the second and
// within the minute before it (a count may stop at the kind's limit: no more is needed), and the
// seconds the minute's play reports carried. The stored events' checks read these from the
// database (FLOOD_CANDIDATES_SQL); floodMembers works them out for events in memory.
export interface FloodFacts {
  kind: EngagementKind;
  durationSecs: number | null;
  videoDurationSecs: number | null;
  inSecond: number;
  inMinute: number;
  playedInMinute: number;
}

export interface FloodCandidate extends FloodFacts {
  id: string;
}
