import { Migration } from '@mikro-orm/migrations';
import {
  COUNTER_BUCKET_SQL,
  ENGAGEMENT_PERSON,
  ENGAGEMENT_ROW,
  PERSON_KEY,
  PLAY_PERSON,
  PLAY_ROW,
  TABLES,
  VISIT_PERSON,
  VISIT_ROW,
  expand,
  lower,
  triggerSql,
  upsert,
  type Rows,
} from './0018-engagement-counters.js';

// The unique people of engagement_people (migration 0018) kept without a row per person
// (issue 17 "Speed: ingest"). 0018 kept engagement_person, a row per EyeMail, kind, click
// destination, person and scope, and moved the people count when a person's row crossed zero: a
// batch of 100 first opens wrote 200 such rows (human and all), which was 57% of PostgreSQL's time
// for the batch (bench/ingest.mjs, docs/performance.md). Whether a person is new to a scope is
// now asked of the event table itself: does it hold more of this person's events of that kind
// and scope than this statement's own? One index probe a person, through the (snippet, receiver)
// and (snippet, address) indexes, stopping at the first event past the statement's.
//
// Exact under concurrent writers as before: each statement first adds its events to the
// engagement_people rows it changes (in key order), which locks them until it commits; the probe
// runs in the next statement, with a new snapshot, so a writer that waited for another's lock
// sees that writer's committed events and does not count the same new person twice. A person can
// only move a count when an event of its group is written, and every such writer takes the lock.

// The people of each table's rows (sign s), as 0018 counts them: a person is the receiver, else the
// address (ip here only when there is no receiver); neither (only clicks are kept then, for their
// destination's events) counts no person. Addresses are compared as stored (0018 compared host(ip));
// the ingest stores single addresses (/32, /128), where the two agree.
const ENGAGEMENT_WHO = (t: string, s: number) =>
  `select snippet_id, kind, case when kind = 'click' then coalesce(destination, '') else '' end as destination,
     case when kind = 'click' and destination_label is not null then 'l' || destination_label else '' end as label,
     receiver, case when receiver is null then ip end as ip, machine_reason is not null as machine, ${s} as s
   from ${t} where kind = 'click' or (kind = 'open' and (receiver is not null or ip is not null))`;
const VISIT_WHO = (t: string, s: number) =>
  `select snippet_id, 'visit' as kind, '' as destination, '' as label, receiver, case when receiver is null then ip end as ip,
     machine_reason is not null as machine, ${s} as s
   from ${t} where receiver is not null or ip is not null`;
const PLAY_WHO = (t: string, s: number) =>
  `select snippet_id, 'play' as kind, '' as destination, '' as label, receiver, case when receiver is null then ip end as ip,
     machine_reason is not null as machine, ${s} as s
   from ${t} where counted and (receiver is not null or ip is not null)`;

// Each person row counts toward its scope (human or machine) and toward 'all'; a click also toward
// every destination ('*'). Per group and person: the events added and taken off by the statement.
const byPerson = (d: string) => `
  with p as (${d}),
  e as (
    select snippet_id, kind, destination, label, receiver, ip, case when machine then 'machine' else 'human' end as scope, s from p
    union all select snippet_id, kind, destination, label, receiver, ip, 'all', s from p
    union all select snippet_id, kind, '*', '*', receiver, ip, case when machine then 'machine' else 'human' end, s from p where kind = 'click'
    union all select snippet_id, kind, '*', '*', receiver, ip, 'all', s from p where kind = 'click'
  )
  select snippet_id, kind, destination, label, receiver, ip, scope,
    count(*) filter (where s > 0)::int as added, count(*) filter (where s < 0)::int as removed
  from e group by snippet_id, kind, destination, label, receiver, ip, scope`;

const GROUP = 'snippet_id, kind, destination, label, scope';
// A person who gained their first events of a group, or lost all the statement saw: a candidate
// for the people count (the probe decides).
const MOVED = '(added > 0) <> (removed > 0) and (receiver is not null or ip is not null)';

// Step 1: the statement's events added to its groups, which locks them (in key order: two writers
// lock the same rows in the same order). Groups whose events do not change but whose people may
// are locked too. On deletes only existing rows change (a deleted snippet takes its rows along).
const lockAdd = (d: string) => `
  insert into engagement_people as y (${GROUP}, events, people)
  select ${GROUP}, sum(added - removed)::int, 0 from (${byPerson(d)}) k
  group by ${GROUP} having sum(added - removed) <> 0 or bool_or(${MOVED}) order by ${GROUP}
  on conflict (${GROUP}) do update set events = y.events + excluded.events`;
const lockLower = (d: string) => `
  update engagement_people y set events = y.events + g.events
  from (select ${GROUP}, sum(added - removed)::int as events from (${byPerson(d)}) k group by ${GROUP}
        having sum(added - removed) <> 0 or bool_or(${MOVED})) g
  where (y.snippet_id, y.kind, y.destination, y.label, y.scope) = (g.snippet_id, g.kind, g.destination, g.label, g.scope)`;

// Which of a table's rows are a group's events (x the table's row, k the group and person).
const ENGAGEMENT_MATCH = `x.kind = k.kind and (x.kind <> 'click' or k.destination = '*' or
    (coalesce(x.destination, '') = k.destination and case when x.destination_label is not null then 'l' || x.destination_label else '' end = k.label))`;
const SCOPE = `(k.scope = 'all' or (x.machine_reason is not null) = (k.scope = 'machine'))`;

// Step 2: a candidate's other events: the table holds this statement's rows as written (k.added
// of them in the group) and everything committed before; more than k.added means the person had
// events in the group besides this statement's. Stops at the first one past them.
// With `key` (0031): whether the person has an event of the group besides this statement's own
// rows (`key` not among new_rows'), found at the first such event whatever lies between.
const others = (table: string, match: string, key?: string) => {
  const probe = (person: string) =>
    key
      ? `exists (select from ${table} x where x.snippet_id = k.snippet_id and ${person} and ${match} and ${SCOPE} and x.${key} not in (select ${key} from new_rows))`
      : `(select count(*) from (select from ${table} x where x.snippet_id = k.snippet_id and ${person} and ${match} and ${SCOPE} limit k.added + 1) o)`;
  return `case when k.receiver is not null then ${probe('x.receiver = k.receiver')} else ${probe('x.receiver is null and x.ip = k.ip')} end${key ? '' : ' > k.added'}`;
};
// A person with no other events moves the count: +1 when they came in, -1 when they left.
const countPeople = (d: string, table: string, match: string, key?: string) => `
  update engagement_people y set people = y.people + g.people
  from (
    select ${GROUP}, sum(case when added > 0 then 1 else -1 end)::int as people
    from (${byPerson(d)}) k where ${MOVED} and not (${others(table, match, key)})
    group by ${GROUP}
  ) g
  where (y.snippet_id, y.kind, y.destination, y.label, y.scope) = (g.snippet_id, g.kind, g.destination, g.label, g.scope) and g.people <> 0`;

// Two statements a write (each has a fixed cost, which small batches feel): the counters with the
// people's events and locks, then the probe.
// `key` (0031): the table's key, for the probe that leaves out the statement's rows by it on
// inserts and updates (a delete adds no event, and has no new_rows).
export const functionSql = (table: string, row: Rows, who: Rows, match: string, key?: string) => {
  const both = (r: Rows) => `${r('new_rows', 1)} union all ${r('old_rows', -1)}`;
  return `create or replace function ${table}_counter_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        with counters as (${upsert(row('new_rows', 1))}) ${lockAdd(who('new_rows', 1))};
        ${countPeople(who('new_rows', 1), table, match, key)};
      elsif tg_op = 'UPDATE' then
        with counters as (${upsert(both(row))}) ${lockAdd(both(who))};
        ${countPeople(both(who), table, match, key)};
      else
        with counters as (${lower(row('old_rows', -1))}) ${lockLower(who('old_rows', -1))};
        ${countPeople(who('old_rows', -1), table, match)};
      end if;
      return null;
    end $$`;
};

export const NEW_TABLES: [string, Rows, Rows, string][] = [
  ['engagement', ENGAGEMENT_ROW, ENGAGEMENT_WHO, ENGAGEMENT_MATCH],
  ['viewer_visit', VISIT_ROW, VISIT_WHO, 'true'],
  ['video_play', PLAY_ROW, PLAY_WHO, 'x.counted'],
];

// For down(): 0018's person rows, added up from the stored events.
const BACKFILL_PERSON_ROWS_SQL = `
  insert into engagement_person (${PERSON_KEY}, events, last_delta)
  select ${PERSON_KEY}, sum(events)::int, sum(events)::int
  from (${expand(`${ENGAGEMENT_PERSON('engagement', 1)} union all ${VISIT_PERSON('viewer_visit', 1)} union all ${PLAY_PERSON('video_play', 1)}`)}) d
  group by ${PERSON_KEY} having sum(events) <> 0`;

// The 15-minute bucket of 0018 by date_bin: the same bucket for every instant (compared on a million
// random ones from 1950 to 2050 and around bucket edges, before 1970 too), about 4x cheaper (0018's
// numeric epoch division cost about 3.5 µs a row in the counters' upsert).
const BUCKET_BY_DATE_BIN_SQL = `
  create or replace function engagement_bucket(t timestamptz) returns timestamptz language sql immutable parallel safe
  as $$ select date_bin('15 minutes', t, timestamptz '1970-01-01 00:00:00+00') $$`;

export class Migration0022PeopleByProbe extends Migration {
  override up(): void {
    this.addSql(BUCKET_BY_DATE_BIN_SQL);
    // The probes' indexes on the viewer's tables (the engagement table has had them since 0006 and
    // 0008). Built under a lock on writes: on a large table the upgrade holds the ingest meanwhile.
    this.addSql('create index viewer_visit_snippet_receiver_idx on viewer_visit (snippet_id, receiver)');
    this.addSql('create index viewer_visit_snippet_ip_idx on viewer_visit (snippet_id, ip) where receiver is null');
    this.addSql('create index video_play_snippet_receiver_idx on video_play (snippet_id, receiver)');
    this.addSql('create index video_play_snippet_ip_idx on video_play (snippet_id, ip) where receiver is null');
    // The functions are replaced in the migration's transaction, so every write is counted by one
    // version or the other; engagement_people's figures stay as they are (same rules).
    for (const [table, row, who, match] of NEW_TABLES) this.addSql(functionSql(table, row, who, match));
    this.addSql('drop table engagement_person');
  }

  override down(): void {
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
    this.addSql('lock table engagement, viewer_visit, video_play in share row exclusive mode');
    this.addSql(BACKFILL_PERSON_ROWS_SQL);
    for (const [table, row, person] of TABLES) this.addSql(triggerSql(table, row, person)[0].replace('create function', 'create or replace function'));
    this.addSql(COUNTER_BUCKET_SQL.replace('create function', 'create or replace function'));
    for (const t of ['viewer_visit', 'video_play']) {
      this.addSql(`drop index ${t}_snippet_ip_idx`);
      this.addSql(`drop index ${t}_snippet_receiver_idx`);
    }
  }
}
