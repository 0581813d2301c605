import { Migration } from '@mikro-orm/migrations';

// Counters per EyeMail and 15-minute UTC bucket, machine traffic apart (issue 17 "Speed"): opens
// and clicks (engagement), visits (viewer_visit) and counted plays with their sound, completion,
// seconds and share watched (video_play, bucketed by when they started). The report's timeline
// and its totals read a row per bucket instead of every event when the filter keeps every
// receiver, address, device, platform, client, country and time of day (report-engagement-sql.ts).
// Fifteen minutes because every zone's offset is a multiple of it: a local day or hour, even at
// +05:45, is a whole number of buckets.
//
// Kept by statement-level triggers in the transaction of each write: the ingest's batch insert,
// the later machine marking (a row moves from human to machine), a play's merge (it becomes
// counted, watches more): each statement adds its rows' new contributions and takes off their
// old ones, one upsert per statement. Deleting rows only lowers existing counters (a snippet's
// deletion takes its counters with it).
export const COUNTER_BUCKET_SQL = `
  create function engagement_bucket(t timestamptz) returns timestamptz language sql immutable parallel safe
  as $$ select to_timestamp(floor(extract(epoch from t) / 900) * 900) $$`;

// The counters' columns a row of each table adds to (sign s: 1 added, -1 taken off).
export const ENGAGEMENT_ROW = (t: string, s: number) =>
  `select snippet_id, engagement_bucket(occurred_at) as bucket, machine_reason is not null as machine,
     ${s} * (kind = 'open')::int as opens, ${s} * (kind = 'click')::int as clicks, 0 as visits, 0 as plays,
     0 as sound_on_plays, 0 as complete_plays, 0::float8 as played_secs, 0::float8 as share_sum
   from ${t} where kind in ('open', 'click')`;
export const VISIT_ROW = (t: string, s: number) =>
  `select snippet_id, engagement_bucket(occurred_at) as bucket, machine_reason is not null as machine, 0 as opens, 0 as clicks, ${s} as visits,
     0 as plays, 0 as sound_on_plays, 0 as complete_plays, 0::float8 as played_secs, 0::float8 as share_sum from ${t}`;
export const PLAY_ROW = (t: string, s: number) =>
  `select snippet_id, engagement_bucket(started_at) as bucket, machine_reason is not null as machine, 0 as opens, 0 as clicks, 0 as visits,
     ${s} as plays, ${s} * sound_on::int as sound_on_plays,
     ${s} * coalesce(video_duration_secs > 0 and watched_secs / video_duration_secs >= 0.9, false)::int as complete_plays,
     ${s} * coalesce(watched_secs, 0) as played_secs,
     ${s} * (case when video_duration_secs > 0 then least(1, watched_secs / video_duration_secs) else 0 end) as share_sum
   from ${t} where counted`;

// The people of each table's rows (sign s), for the all-time unique counts: a person is the
// receiver, else the address ('' when neither: such clicks still count by destination). A click
// keeps its destination and label ('' for none, a label as 'l' + label so '' stays apart).
const WHO = "coalesce('r:' || receiver, 'i:' || host(ip), '')";
export const ENGAGEMENT_PERSON = (t: string, s: number) =>
  `select snippet_id, kind, case when kind = 'click' then coalesce(destination, '') else '' end as destination,
     case when kind = 'click' and destination_label is not null then 'l' || destination_label else '' end as label,
     ${WHO} as who, machine_reason is not null as machine, ${s} as events
   from ${t} where kind = 'click' or (kind = 'open' and (receiver is not null or ip is not null))`;
export const VISIT_PERSON = (t: string, s: number) =>
  `select snippet_id, 'visit' as kind, '' as destination, '' as label, ${WHO} as who, machine_reason is not null as machine, ${s} as events
   from ${t} where receiver is not null or ip is not null`;
export const PLAY_PERSON = (t: string, s: number) =>
  `select snippet_id, 'play' as kind, '' as destination, '' as label, ${WHO} as who, machine_reason is not null as machine, ${s} as events
   from ${t} where counted and (receiver is not null or ip is not null)`;
// Each person row counts toward its scope (human or machine) and toward 'all'; a click also
// toward every destination ('*'), for the unique clickers of all of them.
export const expand = (d: string) => `
  select snippet_id, kind, destination, label, who, case when machine then 'machine' else 'human' end as scope, events from (${d}) p
  union all select snippet_id, kind, destination, label, who, 'all', events from (${d}) p
  union all select snippet_id, kind, '*', '*', who, case when machine then 'machine' else 'human' end, events from (${d}) p where kind = 'click'
  union all select snippet_id, kind, '*', '*', who, 'all', events from (${d}) p where kind = 'click'`;
export const PERSON_KEY = 'snippet_id, kind, destination, label, who, scope';
const PEOPLE_KEY = 'snippet_id, kind, destination, label, scope';
// A person row's change (events now, last_delta the change) moves the people count when it
// crosses zero: exact under concurrent writers, as each sees the row after the other's change.
const peopleAdd = (changed: string) => `
  insert into engagement_people as y (${PEOPLE_KEY}, events, people)
  select ${PEOPLE_KEY}, sum(last_delta)::int,
    sum(case when who = '' then 0 when events > 0 and events - last_delta <= 0 then 1 when events <= 0 and events - last_delta > 0 then -1 else 0 end)::int
  from ${changed} c group by ${PEOPLE_KEY} order by ${PEOPLE_KEY}
  on conflict (${PEOPLE_KEY}) do update set events = y.events + excluded.events, people = y.people + excluded.people`;
const personUpsert = (d: string) => `
  with changed as (
    insert into engagement_person as x (${PERSON_KEY}, events, last_delta)
    select ${PERSON_KEY}, sum(events)::int, sum(events)::int from (${expand(d)}) d
    group by ${PERSON_KEY} having sum(events) <> 0 order by ${PERSON_KEY}
    on conflict (${PERSON_KEY}) do update set events = x.events + excluded.events, last_delta = excluded.events
    returning x.snippet_id, x.kind, x.destination, x.label, x.who, x.scope, x.events, x.last_delta
  )
  ${peopleAdd('changed')}`;
// On deletes: only rows that exist change (a deleted snippet takes its rows with it).
const personLower = (d: string) => `
  with changed as (
    update engagement_person x set events = x.events + g.events, last_delta = g.events
    from (select ${PERSON_KEY}, sum(events)::int as events from (${expand(d)}) d group by ${PERSON_KEY}) g
    where (x.snippet_id, x.kind, x.destination, x.label, x.who, x.scope) = (g.snippet_id, g.kind, g.destination, g.label, g.who, g.scope)
    returning x.snippet_id, x.kind, x.destination, x.label, x.who, x.scope, x.events, x.last_delta
  ),
  sums as (
    select ${PEOPLE_KEY}, sum(last_delta)::int as events,
      sum(case when who = '' then 0 when events > 0 and events - last_delta <= 0 then 1 when events <= 0 and events - last_delta > 0 then -1 else 0 end)::int as people
    from changed group by ${PEOPLE_KEY}
  )
  update engagement_people y set events = y.events + sums.events, people = y.people + sums.people
  from sums where (y.snippet_id, y.kind, y.destination, y.label, y.scope) = (sums.snippet_id, sums.kind, sums.destination, sums.label, sums.scope)`;

const SUMS = `sum(opens)::int, sum(clicks)::int, sum(visits)::int, sum(plays)::int, sum(sound_on_plays)::int,
  sum(complete_plays)::int, sum(played_secs), sum(share_sum)`;
const COLUMNS = 'opens, clicks, visits, plays, sound_on_plays, complete_plays, played_secs, share_sum';
const ADD = COLUMNS.split(', ')
  .map((c) => `${c} = x.${c} + excluded.${c}`)
  .join(', ');
const CHANGED = 'sum(opens) <> 0 or sum(clicks) <> 0 or sum(visits) <> 0 or sum(plays) <> 0 or sum(sound_on_plays) <> 0 or sum(complete_plays) <> 0 or sum(played_secs) <> 0 or sum(share_sum) <> 0';

// The deltas of rows `d`, added (in key order: two writers lock the same rows in the same order).
export const upsert = (d: string) => `
  insert into engagement_counter as x (snippet_id, bucket, machine, ${COLUMNS})
  select snippet_id, bucket, machine, ${SUMS} from (${d}) d
  group by snippet_id, bucket, machine having ${CHANGED} order by snippet_id, bucket, machine
  on conflict (snippet_id, bucket, machine) do update set ${ADD}`;
const NAMES = COLUMNS.split(', ');
export const lower = (d: string) => `
  update engagement_counter x set ${NAMES.map((c) => `${c} = x.${c} + g.${c}`).join(', ')}
  from (select snippet_id, bucket, machine, ${NAMES.map((c) => `sum(${c}) as ${c}`).join(', ')} from (${d}) d group by snippet_id, bucket, machine) g
  where x.snippet_id = g.snippet_id and x.bucket = g.bucket and x.machine = g.machine`;

export type Rows = (t: string, s: number) => string;

export function triggerSql(table: string, row: Rows, person: Rows): string[] {
  const fn = `${table}_counter_apply`;
  const both = (r: Rows) => `${r('new_rows', 1)} union all ${r('old_rows', -1)}`;
  return [
    `create function ${fn}() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${upsert(row('new_rows', 1))};
        ${personUpsert(person('new_rows', 1))};
      elsif tg_op = 'UPDATE' then
        ${upsert(both(row))};
        ${personUpsert(both(person))};
      else
        ${lower(row('old_rows', -1))};
        ${personLower(person('old_rows', -1))};
      end if;
      return null;
    end $$`,
    `create trigger ${table}_counter_insert after insert on ${table} referencing new table as new_rows for each statement execute function ${fn}()`,
    `create trigger ${table}_counter_update after update on ${table} referencing old table as old_rows new table as new_rows for each statement execute function ${fn}()`,
    `create trigger ${table}_counter_delete after delete on ${table} referencing old table as old_rows for each statement execute function ${fn}()`,
  ];
}

// Everything stored before, added up by the same rules.
export const BACKFILL_COUNTERS_SQL = upsert(
  `${ENGAGEMENT_ROW('engagement', 1)} union all ${VISIT_ROW('viewer_visit', 1)} union all ${PLAY_ROW('video_play', 1)}`,
);
export const BACKFILL_PEOPLE_SQL = personUpsert(
  `${ENGAGEMENT_PERSON('engagement', 1)} union all ${VISIT_PERSON('viewer_visit', 1)} union all ${PLAY_PERSON('video_play', 1)}`,
);

export const TABLES: [string, Rows, Rows][] = [
  ['engagement', ENGAGEMENT_ROW, ENGAGEMENT_PERSON],
  ['viewer_visit', VISIT_ROW, VISIT_PERSON],
  ['video_play', PLAY_ROW, PLAY_PERSON],
];

export class Migration0018EngagementCounters extends Migration {
  override up(): void {
    this.addSql(`create table engagement_counter (
      snippet_id uuid not null references snippet (id) on delete cascade,
      bucket timestamptz not null,
      machine boolean not null,
      opens integer not null default 0,
      clicks integer not null default 0,
      visits integer not null default 0,
      plays integer not null default 0,
      sound_on_plays integer not null default 0,
      complete_plays integer not null default 0,
      played_secs double precision not null default 0,
      share_sum double precision not null default 0,
      primary key (snippet_id, bucket, machine)
    )`);
    // Per EyeMail, kind (open, click, visit, play; a click by destination and label, and '*' for
    // all of them), person and scope (human, machine, all): how many events (0 once all were
    // moved or deleted) and the last change; per EyeMail, kind and scope: how many people have
    // events, and how many events.
    this.addSql(`create table engagement_person (
      snippet_id uuid not null references snippet (id) on delete cascade,
      kind text not null,
      destination text not null,
      label text not null,
      who text not null,
      scope text not null check (scope in ('human', 'machine', 'all')),
      events integer not null default 0,
      last_delta integer not null default 0,
      primary key (snippet_id, kind, destination, label, who, scope)
    )`);
    this.addSql(`create table engagement_people (
      snippet_id uuid not null references snippet (id) on delete cascade,
      kind text not null,
      destination text not null,
      label text not null,
      scope text not null check (scope in ('human', 'machine', 'all')),
      events integer not null default 0,
      people integer not null default 0,
      primary key (snippet_id, kind, destination, label, scope)
    )`);
    this.addSql(COUNTER_BUCKET_SQL);
    // Backfilled before the triggers exist and under a lock on the three tables, so no write is
    // counted twice or missed.
    this.addSql('lock table engagement, viewer_visit, video_play in share row exclusive mode');
    this.addSql(BACKFILL_COUNTERS_SQL);
    this.addSql(BACKFILL_PEOPLE_SQL);
    for (const [table, row, person] of TABLES) for (const s of triggerSql(table, row, person)) this.addSql(s);
  }

  override down(): void {
    for (const [table] of TABLES) {
      for (const op of ['insert', 'update', 'delete']) this.addSql(`drop trigger ${table}_counter_${op} on ${table}`);
      this.addSql(`drop function ${table}_counter_apply()`);
    }
    this.addSql('drop function engagement_bucket(timestamptz)');
    this.addSql('drop table engagement_people');
    this.addSql('drop table engagement_person');
    this.addSql('drop table engagement_counter');
  }
}
