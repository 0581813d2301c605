// The outbox of committed engagement (migration 0025; engagement-outbox.ts): its statements, and
// the pure decision of what a swept outbox row replays.
import type { CommittedEngagement } from './engagement-events.js';

// A play's milestones (viewer-activity.repository.ts): a row per module ($1) holding the events.
export const OUTBOX_EVENTS_INSERT_SQL = `
  insert into engagement_outbox (consumer, events) select c, $2::jsonb from unnest($1::text[]) as c
  returning id::text as id, consumer`;

// Once a fan-out job is queued (the live path): its batches' rows go.
export const OUTBOX_REMOVE_SQL = 'delete from engagement_outbox where id = any($1::bigint[])';

// The sweeper's claim: rows older than $1 milliseconds (a running process removes its own within
// about 100 ms: these are a killed process's, or ones it could not queue), oldest first, locked;
// rows another sweeper holds are skipped, so any number of instances may sweep at once.
export const OUTBOX_CLAIM_SQL = `
  select id::text as id, consumer, engagement_ids::text[] as "engagementIds", events
  from engagement_outbox where created_at < now() - make_interval(secs => $1::float8 / 1000)
  order by id limit $2 for update skip locked`;

// The committed rows an outbox names, read back as the ingest handed them on.
export const OUTBOX_ROWS_SQL = `
  select id::text as id, snippet_id::text as "snippetId", kind, occurred_at as "occurredAt", receiver, country_code as "countryCode",
    country_name as "countryName", region, city, device_type as "deviceType", platform, client, target, destination,
    destination_label as "destinationLabel", duration_secs as "durationSecs", machine_reason as "machineReason"
  from engagement where id = any($1::bigint[])`;

export interface OutboxRow {
  id: string;
  consumer: string;
  engagementIds: string[] | null;
  events: CommittedEngagement[] | null;
}

// Pure: the events an outbox row replays, in its order: the rows it names that are still stored
// (an EyeMail deleted meanwhile took its rows along), else the events it holds.
export function eventsOfOutbox(row: OutboxRow, stored: ReadonlyMap<string, CommittedEngagement>): CommittedEngagement[] {
  if (row.engagementIds) return row.engagementIds.flatMap((id) => stored.get(id) ?? []);
  return Array.isArray(row.events) ? row.events : [];
}
