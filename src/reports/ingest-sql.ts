// The ingest's statements on the engagement table, run by ReportRepository (one multi-row statement
// per batch: the rows as one JSON parameter, json-rows.ts; the look-ups with native arrays).
import type { Engagement } from './engagement.entity.js';
import { jsonRowsInsert, type JsonColumn } from './json-rows.js';

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
  ['receiver', 'text[]', 'receiver'],
  ['ip', 'inet[]', 'ip'],
  ['country_code', 'text[]', 'countryCode'],
  ['country_name', 'text[]', 'countryName'],
  ['region', 'text[]', 'region'],
  ['city', 'text[]', 'city'],
  ['device_type', 'text[]', 'deviceType'],
  ['platform', 'text[]', 'platform'],
  ['client', 'text[]', 'client'],
  ['user_agent', 'text[]', 'userAgent'],
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

// The clicks of these people on these snippets within their windows: by receiver through
// (snippet_id, receiver, occurred_at), by address for clicks without a receiver.
export const RECENT_CLICKS_SQL = `
  select ${CLICK_COLUMNS}
  from unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::timestamptz[]) as k(snippet_id, receiver, since, until)
  join engagement e on e.snippet_id = k.snippet_id and e.receiver = k.receiver
    and e.occurred_at between k.since and k.until and e.kind = 'click'
  union all
  select ${CLICK_COLUMNS}
  from unnest($5::uuid[], $6::inet[], $7::timestamptz[], $8::timestamptz[]) as k(snippet_id, ip, since, until)
  join engagement e on e.snippet_id = k.snippet_id and e.receiver is null and e.ip = k.ip
    and e.occurred_at between k.since and k.until and e.kind = 'click'`;

// A stored event, as the flood rule needs it.
export interface StoredEvent {
  id: string;
  snippetId: string;
  kind: Engagement['kind'];
  receiver: string | null;
  ip: string | null;
  client: string | null;
  occurredAt: Date;
  durationSecs: number | null;
  videoDurationSecs: number | null;
  machineReason: Engagement['machineReason'] | null;
}

// Where to look for one person's events of one kind on a snippet (flood.ts's key).
export type EventWindow = Pick<StoredEvent, 'snippetId' | 'kind' | 'receiver' | 'ip'> & { since: Date; until: Date };

const EVENT_COLUMNS = `e.id::text as id, e.snippet_id as "snippetId", e.kind, e.receiver, host(e.ip) as ip, e.client,
  e.occurred_at as "occurredAt", e.duration_secs as "durationSecs", e.video_duration_secs as "videoDurationSecs",
  e.machine_reason as "machineReason"`;

// The events of these people (receiver and address, or the address alone) within their windows,
// through the same indexes as the clicks above.
export const RECENT_EVENTS_SQL = `
  select ${EVENT_COLUMNS}
  from unnest($1::uuid[], $2::text[], $3::text[], $4::inet[], $5::timestamptz[], $6::timestamptz[]) as k(snippet_id, kind, receiver, ip, since, until)
  join engagement e on e.snippet_id = k.snippet_id and e.receiver = k.receiver and e.ip = k.ip and e.kind = k.kind
    and e.occurred_at between k.since and k.until
  union all
  select ${EVENT_COLUMNS}
  from unnest($7::uuid[], $8::text[], $9::inet[], $10::timestamptz[], $11::timestamptz[]) as k(snippet_id, kind, ip, since, until)
  join engagement e on e.snippet_id = k.snippet_id and e.receiver is null and e.ip = k.ip and e.kind = k.kind
    and e.occurred_at between k.since and k.until`;
