import { Migration } from '@mikro-orm/migrations';

// What the records' summary and total need, kept as events are written instead of worked out from
// every row on every request (issue 17 "Speed": flat as events grow). The rules are spec 02's, as
// report-sql.ts states them:
// - a record is an open, a click, or a play no click took; a click's duration is its plays'
//   seconds capped at the video length; counted: opens, clicks to a target, and web-view clicks or
//   un-joined plays over 1 s;
// - a person is the receiver, else the address, else the record alone ('#' + id); their first
//   view is their earliest counted open or un-joined play (by time, then id), among human views
//   ('human') or among all views ('all', when machine traffic is included);
// - the average view time is, over the people with any, their counted seconds (records over 1 s)
//   capped at the longest video length among those records.
//
// Three tables:
// - report_counter: per EyeMail, 15-minute UTC bucket (as migration 0018's counters) and
//   machine or not: records, counted views, counted clicks; and the people's first views that fall
//   in the bucket (first_views among human views, first_views_all among all: both kept under
//   machine = false, whatever the row is now);
// - report_viewer: per EyeMail, scope and person: their first view (id and time) and their counted
//   seconds and video length; the records' isUnique is "is some person's first view";
// - report_viewer_total: per EyeMail and scope, how many people have counted seconds and the sum
//   of their capped seconds.
//
// Kept by statement-level triggers on engagement (in the writing transaction, as 0018's counters):
// an insert adds its records, moves its people's first views earlier if it holds an earlier one
// (a batch of another instance may commit after a later one), and adds its joined plays' seconds
// to their clicks (a web-view click becomes counted once its plays pass 1 s); an update (the
// ingest marking events as machine traffic after their batch) moves its records between human
// and machine and works its people out again (a human first view marked machine hands over to
// the person's next human view). The people touched are locked (in key order) before anything is
// read, so two writers of the same person wait for each other and the second sees the first's
// rows. A delete (only a deleted EyeMail's rows, which go with it) rebuilds what is left of the
// EyeMails it touched.

const RECORD = "not (e.kind = 'play' and e.click_id is not null)";
// The 15-minute UTC bucket of a time: the same as 0018's engagement_bucket(), 7x cheaper (no
// numeric epoch arithmetic; measured over a million rows).
const BUCKET = (t: string) => `date_bin('15 minutes', ${t}, timestamptz '1970-01-01 00:00:00+00')`;
const WHO = "coalesce('r:' || e.receiver, 'i:' || host(e.ip), '#' || e.id::text)";

// Record e's duration (d.dur), video length (d.vlen) and whether it counts (d.counted), its
// click's plays p (secs, vlen) given: report-sql.ts's DURATIONS and COUNTED.
const DURATIONS = `cross join lateral (
    select case when e.kind = 'click' and p.secs is not null then least(p.secs, coalesce(e.video_duration_secs, p.vlen))
                when e.kind = 'play' then least(e.duration_secs, coalesce(e.video_duration_secs, e.duration_secs)) end as dur,
      case when e.kind = 'click' then coalesce(e.video_duration_secs, p.vlen) else e.video_duration_secs end as vlen
  ) d0
  cross join lateral (select d0.dur, d0.vlen, (e.kind = 'open' or (e.kind = 'click' and e.target is not null) or coalesce(d0.dur, 0) > 1) as counted) d`;

// A click's plays, one index look-up a click (engagement_click_plays_idx).
const CLICK_PLAYS = `left join lateral (
    select sum(pl.duration_secs) as secs, max(pl.video_duration_secs) as vlen from engagement pl
    where e.kind = 'click' and pl.click_id = e.id and pl.kind = 'play'
  ) p on true`;

// Record rows `source` (aliased e) with their state: the counters' contributions (sign s).
const counterRows = (source: string, s: number) => `
  select e.snippet_id, ${BUCKET('e.occurred_at')} as bucket, e.machine_reason is not null as machine,
    ${s} as records, ${s} * (e.kind <> 'click' and d.counted)::int as views, ${s} * (e.kind = 'click' and d.counted)::int as clicks
  from ${source} e ${CLICK_PLAYS} ${DURATIONS}
  where ${RECORD}`;

// Adds deltas (rows of snippet_id, bucket, machine and the columns) to report_counter, in key order.
const COLUMNS = ['records', 'views', 'clicks', 'first_views', 'first_views_all'];
const addCounters = (deltas: string) => `
  insert into report_counter as x (snippet_id, bucket, machine, ${COLUMNS.join(', ')})
  select snippet_id, bucket, machine, ${COLUMNS.map((c) => `sum(${c})::int`).join(', ')} from (${deltas}) d
  group by snippet_id, bucket, machine having ${COLUMNS.map((c) => `sum(${c}) <> 0`).join(' or ')}
  order by snippet_id, bucket, machine
  on conflict (snippet_id, bucket, machine) do update set ${COLUMNS.map((c) => `${c} = x.${c} + excluded.${c}`).join(', ')}`;
const counterDelta = (cols: Partial<Record<string, string>>) => COLUMNS.map((c) => `${cols[c] ?? '0'} as ${c}`).join(', ');

// A person's capped seconds (0 without any).
const CAPPED = (v: string) => `case when ${v}.secs > 0 then least(${v}.secs, coalesce(${v}.vlen::numeric, ${v}.secs)) else 0 end`;

// Locks the people (snippet_id, who) listed in the arrays, in key order, their rows made if missing
// (both scopes): a writer of the same people waits for this transaction, and what this one reads
// next (a statement of its own, a fresh view of the table) includes what a writer it waited for
// committed.
const LOCK_FUNCTION = `
create function report_people_lock(p_snippet uuid[], p_who text[]) returns void
language plpgsql as $$
begin
  insert into report_viewer (snippet_id, scope, who)
  select k.snippet_id, s.scope, k.who from unnest(p_snippet, p_who) as k(snippet_id, who)
  cross join (values ('human'), ('all')) as s(scope)
  where exists (select 1 from snippet sn where sn.id = k.snippet_id)
  order by 1, 2, 3
  on conflict do nothing;
  -- (by the whole key: the scope is the key's second column)
  perform 1 from report_viewer v
  join (select k.snippet_id, s.scope, k.who from unnest(p_snippet, p_who) as k(snippet_id, who) cross join (values ('human'), ('all')) as s(scope)) k
    on v.snippet_id = k.snippet_id and v.scope = k.scope and v.who = k.who
  order by v.snippet_id, v.scope, v.who for update of v;

end $$`;

// From old (each person's row as it was) and fresh (as it is now), both by snippet_id, scope and
// who: the rows set, the counters' first views moved, the totals moved by the difference.
const APPLY_PEOPLE = `
  changed as (
    update report_viewer v set first_id = n.first_id, first_at = n.first_at, secs = n.secs, vlen = n.vlen
    from fresh n
    where (v.snippet_id, v.scope, v.who) = (n.snippet_id, n.scope, n.who)
      and (v.first_id, v.secs, v.vlen) is distinct from (n.first_id, n.secs, n.vlen)
    returning v.snippet_id
  ),
  firsts as (
    select o.snippet_id, ${BUCKET('o.first_at')} as bucket, false as machine,
      ${counterDelta({ first_views: "-(o.scope = 'human')::int", first_views_all: "-(o.scope = 'all')::int" })}
    from old o join fresh n using (snippet_id, scope, who) where o.first_id is distinct from n.first_id and o.first_id is not null
    union all
    select n.snippet_id, ${BUCKET('n.first_at')}, false,
      ${counterDelta({ first_views: "(n.scope = 'human')::int", first_views_all: "(n.scope = 'all')::int" })}
    from old o join fresh n using (snippet_id, scope, who) where o.first_id is distinct from n.first_id and n.first_id is not null
  ),
  counted as (${addCounters('select * from firsts')} returning 1),
  totals as (
    select n.snippet_id, n.scope, sum((n.secs > 0)::int - (o.secs > 0)::int)::int as viewers, sum(${CAPPED('n')} - ${CAPPED('o')}) as secs
    from old o join fresh n using (snippet_id, scope, who)
    group by n.snippet_id, n.scope
    having sum((n.secs > 0)::int - (o.secs > 0)::int) <> 0 or sum(${CAPPED('n')} - ${CAPPED('o')}) <> 0
  )
  insert into report_viewer_total as x (snippet_id, scope, viewers, secs)
  select snippet_id, scope, viewers, secs from totals order by snippet_id, scope
  on conflict (snippet_id, scope) do update set viewers = x.viewers + excluded.viewers, secs = x.secs + excluded.secs`;

// Works out again the people (snippet_id, who, receiver, ip, lone id) listed in the arrays, from
// all their rows (after a machine marking or a delete: what was counted may no longer be).
const REFRESH_FUNCTION = `
create function report_people_refresh(p_snippet uuid[], p_who text[], p_receiver text[], p_ip inet[], p_lone bigint[]) returns void
language plpgsql as $$
begin
  perform report_people_lock(p_snippet, p_who);
  with people as (
    select k.snippet_id, k.who collate "C" as who, k.receiver, k.ip, k.lone from unnest(p_snippet, p_who, p_receiver, p_ip, p_lone) as k(snippet_id, who, receiver, ip, lone)
  ),
  rows as (
    select k.who, e.* from people k join engagement e on e.snippet_id = k.snippet_id and e.receiver = k.receiver where k.receiver is not null
    union all
    select k.who, e.* from people k join engagement e on e.snippet_id = k.snippet_id and e.receiver is null and e.ip = k.ip
      where k.receiver is null and k.ip is not null
    union all
    select k.who, e.* from people k join engagement e on e.id = k.lone and e.snippet_id = k.snippet_id where k.receiver is null and k.ip is null
  ),
  recs as materialized (
    select e.who, e.snippet_id, e.id, e.kind, e.occurred_at, e.machine_reason is not null as machine, d.dur, d.vlen, d.counted
    from rows e ${CLICK_PLAYS} ${DURATIONS}
    where ${RECORD}
  ),
  scoped as (
    select r.*, s.scope from recs r cross join (values ('human'), ('all')) as s(scope) where s.scope = 'all' or not r.machine
  ),
  first_views as (
    select distinct on (snippet_id, scope, who) snippet_id, scope, who, id, occurred_at from scoped
    where kind <> 'click' and counted order by snippet_id, scope, who, occurred_at, id
  ),
  secs as (
    select snippet_id, scope, who, sum(dur::numeric) as secs, max(vlen) as vlen from scoped where counted and dur > 1 group by snippet_id, scope, who
  ),
  fresh as (
    select k.snippet_id, s.scope, k.who, f.id as first_id, f.occurred_at as first_at, coalesce(t.secs, 0) as secs, t.vlen
    from people k cross join (values ('human'), ('all')) as s(scope)
    left join first_views f on f.snippet_id = k.snippet_id and f.scope = s.scope and f.who = k.who
    left join secs t on t.snippet_id = k.snippet_id and t.scope = s.scope and t.who = k.who
  ),
  old as (
    select v.* from report_viewer v join fresh n on (v.snippet_id, v.scope, v.who) = (n.snippet_id, n.scope, n.who)
  ),
  ${APPLY_PEOPLE};
end $$`;

// The people of rows `source` (aliased e): record rows, and the clicks named by joined plays.
const peopleOf = (source: string) => `
  select distinct e.snippet_id, ${WHO} as who, e.receiver, case when e.receiver is null then e.ip end as ip,
    case when e.receiver is null and e.ip is null then e.id end as lone
  from (
    select e.* from ${source} e where ${RECORD}
    union all
    select c.* from ${source} pl join engagement c on c.id = pl.click_id and c.kind = 'click' where pl.kind = 'play' and pl.click_id is not null
  ) e`;

// The people of rows `source` into the trigger's arrays.
const COLLECT_PEOPLE = (source: string) => `
  select coalesce(array_agg(snippet_id), '{}'), coalesce(array_agg(who), '{}'), coalesce(array_agg(receiver), '{}'), coalesce(array_agg(ip), '{}'),
    coalesce(array_agg(lone), '{}')
  into v_snippet, v_who, v_receiver, v_ip, v_lone
  from (${peopleOf(source)}) k`;

// A click's duration from its plays' seconds and length (null without plays: least() skips nulls).
const clickDur = (secs: string, vlen: string) => `case when ${secs} is not null then least(${secs}, coalesce(c.video_duration_secs, ${vlen})) end`;
// A duration's part in a person's counted seconds (records over 1 s).
const part = (dur: string) => `case when ${dur} > 1 then ${dur}::numeric else 0 end`;

// Clicks stored before whose plays came in this statement (c), with their plays' seconds and
// length now and before them (a). A click stored in the same statement counts its plays already.
const PLAYED_CLICKS = `(select distinct click_id from new_rows where kind = 'play' and click_id is not null) j
  join engagement c on c.id = j.click_id and c.kind = 'click' and c.id not in (select id from new_rows)
  cross join lateral (
    select sum(pl.duration_secs) as secs, max(pl.video_duration_secs) as vlen,
      sum(pl.duration_secs) filter (where pl.id not in (select id from new_rows)) as before_secs,
      max(pl.video_duration_secs) filter (where pl.id not in (select id from new_rows)) as before_vlen
    from engagement pl where pl.click_id = c.id and pl.kind = 'play'
  ) a`;

// Those clicks, counted before and now.
const JOINED_CLICKS = `
  select c.snippet_id, ${BUCKET('c.occurred_at')} as bucket, c.machine_reason is not null as machine,
    ${counterDelta({
      clicks: `((c.target is not null or coalesce(${clickDur('a.secs', 'a.vlen')}, 0) > 1)::int
        - (c.target is not null or coalesce(${clickDur('a.before_secs', 'a.before_vlen')}, 0) > 1)::int)`,
    })}
  from ${PLAYED_CLICKS}`;

// Whether the batch's first view (excluded) is earlier than the kept one (x).
const MOVES = '(excluded.first_id is not null and (x.first_id is null or (excluded.first_at, excluded.first_id) < (x.first_at, x.first_id)))';
// The capped seconds once the batch's are added.
const CAPPED_SUM =
  'case when x.secs + excluded.secs > 0 then least(x.secs + excluded.secs, coalesce(greatest(x.vlen, excluded.vlen)::numeric, x.secs + excluded.secs)) else 0 end';

// An insert, without reading the people's earlier rows: each person's first view becomes the
// earliest of theirs and the batch's counted views, their seconds grow by the batch's counted
// records and by the growth of their clicks that got plays (the people locked first).
const ADD_PEOPLE = `
  with adds as (
    select e.snippet_id, ${WHO} collate "C" as who, e.id, e.occurred_at, e.kind <> 'click' and d.counted as is_view, e.machine_reason is not null as machine,
      case when d.counted then ${part('d.dur')} else 0 end as secs, case when d.counted and d.dur > 1 then d.vlen end as vlen
    from new_rows e ${CLICK_PLAYS} ${DURATIONS}
    where ${RECORD}
    union all
    select c.snippet_id, ${WHO.replace(/e\./g, 'c.')} collate "C", c.id, c.occurred_at, false, c.machine_reason is not null,
      ${part(clickDur('a.secs', 'a.vlen'))} - ${part(clickDur('a.before_secs', 'a.before_vlen'))},
      case when ${clickDur('a.secs', 'a.vlen')} > 1 then coalesce(c.video_duration_secs, a.vlen) end
    from ${PLAYED_CLICKS}
  ),
  scoped as (
    select a.*, s.scope from adds a cross join (values ('human'), ('all')) as s(scope) where s.scope = 'all' or not a.machine
  ),
  first_views as (
    select distinct on (snippet_id, scope, who) snippet_id, scope, who, id, occurred_at from scoped where is_view order by snippet_id, scope, who, occurred_at, id
  ),
  secs as (
    select snippet_id, scope, who, sum(secs) as secs, max(vlen) as vlen from scoped group by snippet_id, scope, who
  ),
  cand as (
    select coalesce(f.snippet_id, t.snippet_id) as snippet_id, coalesce(f.scope, t.scope) as scope, coalesce(f.who, t.who) as who,
      f.id as first_id, f.occurred_at as first_at, coalesce(t.secs, 0) as secs, t.vlen
    from first_views f full join secs t on t.snippet_id = f.snippet_id and t.scope = f.scope and t.who = f.who
    where f.id is not null or t.secs <> 0 or t.vlen is not null
  ),
  -- one upsert a person and scope, which also locks them (a writer of the same person waits and
  -- then adds to what this one committed); what moved is returned for the counters and totals
  up as (
    insert into report_viewer as x (snippet_id, scope, who, first_id, first_at, secs, vlen, first_moved, first_moved_from, capped_delta, viewer_delta)
    select snippet_id, scope, who, first_id, first_at, secs, vlen, first_id is not null, null, ${CAPPED('cand')}, (secs > 0)::int from cand
    order by snippet_id, scope, who
    on conflict (snippet_id, scope, who) do update set
      first_moved = ${MOVES},
      first_moved_from = x.first_at,
      first_id = case when ${MOVES} then excluded.first_id else x.first_id end,
      first_at = case when ${MOVES} then excluded.first_at else x.first_at end,
      secs = x.secs + excluded.secs,
      vlen = greatest(x.vlen, excluded.vlen),
      capped_delta = ${CAPPED_SUM} - ${CAPPED('x')},
      viewer_delta = (x.secs + excluded.secs > 0)::int - (x.secs > 0)::int
    returning x.snippet_id, x.scope, x.first_at, x.first_moved, x.first_moved_from, x.capped_delta, x.viewer_delta
  ),
  counted as (${addCounters(`
    select snippet_id, ${BUCKET('first_moved_from')} as bucket, false as machine,
      ${counterDelta({ first_views: "-(scope = 'human')::int", first_views_all: "-(scope = 'all')::int" })}
    from up where first_moved and first_moved_from is not null
    union all
    select snippet_id, ${BUCKET('first_at')}, false, ${counterDelta({ first_views: "(scope = 'human')::int", first_views_all: "(scope = 'all')::int" })}
    from up where first_moved`)} returning 1)
  insert into report_viewer_total as x (snippet_id, scope, viewers, secs)
  select snippet_id, scope, sum(viewer_delta)::int, sum(capped_delta) from up group by snippet_id, scope
  having sum(viewer_delta) <> 0 or sum(capped_delta) <> 0
  order by snippet_id, scope
  on conflict (snippet_id, scope) do update set viewers = x.viewers + excluded.viewers, secs = x.secs + excluded.secs`;

// The trigger function; `updatedRows`: the rows of an update whose people are worked out again
// from their stored rows (0031 leaves out those whose marking cannot change them).
export const summaryTriggerFunction = (updatedRows?: string) => `
create function report_summary_apply() returns trigger language plpgsql as $$
declare
  v_snippet uuid[]; v_who text[]; v_receiver text[]; v_ip inet[]; v_lone bigint[];
begin
  if tg_op = 'INSERT' then
    -- the people first (locked), then what the batch adds to them and to the counters (seen
    -- after any writer of theirs)
    if exists (select 1 from new_rows where kind = 'play' and click_id is not null) then
      -- plays joined to stored clicks: their people locked before the clicks' seconds are read
      ${COLLECT_PEOPLE('new_rows')};
      perform report_people_lock(v_snippet, v_who);
    end if;
    ${ADD_PEOPLE};
    ${addCounters(`select snippet_id, bucket, machine, records, views, clicks, 0 as first_views, 0 as first_views_all from (${counterRows('new_rows', 1)}) n
      union all ${JOINED_CLICKS}`)};
  elsif tg_op = 'UPDATE' then
    ${COLLECT_PEOPLE(updatedRows ?? '(select * from new_rows union all select * from old_rows)')};
    ${updatedRows ? 'if cardinality(v_snippet) > 0 then ' : ''}perform report_people_refresh(v_snippet, v_who, v_receiver, v_ip, v_lone);${updatedRows ? ' end if;' : ''}
    ${addCounters(`select snippet_id, bucket, machine, records, views, clicks, 0 as first_views, 0 as first_views_all from (
        ${counterRows('new_rows', 1)} union all ${counterRows('old_rows', -1)}) n`)};
  else
    v_snippet := array(select distinct o.snippet_id from old_rows o join snippet s on s.id = o.snippet_id);
    if cardinality(v_snippet) > 0 then
      perform report_summary_rebuild(v_snippet);
    end if;
  end if;
  return null;
end $$`;
const TRIGGER_FUNCTION = summaryTriggerFunction();

// Everything of these EyeMails (all when null), worked out from their rows at once.
export const REBUILD_FUNCTION = `
create function report_summary_rebuild(p_snippets uuid[]) returns void language plpgsql
set work_mem = '256MB' as $$
begin
  delete from report_counter where p_snippets is null or snippet_id = any(p_snippets);
  delete from report_viewer where p_snippets is null or snippet_id = any(p_snippets);
  delete from report_viewer_total where p_snippets is null or snippet_id = any(p_snippets);
  create temporary table report_rebuild_rows on commit drop as
    select e.id, e.snippet_id, e.kind, e.occurred_at, e.machine_reason is not null as machine, ${WHO} collate "C" as who, d.dur, d.vlen, d.counted
    from engagement e
    left join (
      select click_id, sum(duration_secs) as secs, max(video_duration_secs) as vlen from engagement
      where kind = 'play' and click_id is not null and (p_snippets is null or snippet_id = any(p_snippets)) group by click_id
    ) p on e.kind = 'click' and p.click_id = e.id
    ${DURATIONS}
    where (p_snippets is null or e.snippet_id = any(p_snippets)) and ${RECORD};
  analyze report_rebuild_rows;
  -- per person: their first view among human views (h) and among all (a), one sort each, and
  -- their counted seconds in each scope (t), joined by hashes
  with h as (
    select distinct on (snippet_id, who) snippet_id, who, id, occurred_at from report_rebuild_rows
    where kind <> 'click' and counted and not machine order by snippet_id, who, occurred_at, id
  ),
  a as (
    select distinct on (snippet_id, who) snippet_id, who, id, occurred_at from report_rebuild_rows
    where kind <> 'click' and counted order by snippet_id, who, occurred_at, id
  ),
  t as (
    select snippet_id, who, bool_or(not machine) as human,
      sum(dur::numeric) filter (where counted and dur > 1 and not machine) as human_secs, max(vlen) filter (where counted and dur > 1 and not machine) as human_vlen,
      sum(dur::numeric) filter (where counted and dur > 1) as all_secs, max(vlen) filter (where counted and dur > 1) as all_vlen
    from report_rebuild_rows group by snippet_id, who
  )
  insert into report_viewer (snippet_id, scope, who, first_id, first_at, secs, vlen)
  select t.snippet_id, 'human', t.who, h.id, h.occurred_at, coalesce(t.human_secs, 0), t.human_vlen from t left join h using (snippet_id, who) where t.human
  union all
  select t.snippet_id, 'all', t.who, a.id, a.occurred_at, coalesce(t.all_secs, 0), t.all_vlen from t left join a using (snippet_id, who)
  order by 1, 2, 3;
  ${addCounters(`select e.snippet_id, ${BUCKET('e.occurred_at')} as bucket, e.machine, 1 as records, (e.kind <> 'click' and e.counted)::int as views,
      (e.kind = 'click' and e.counted)::int as clicks, 0 as first_views, 0 as first_views_all from report_rebuild_rows e
    union all
    select snippet_id, ${BUCKET('first_at')}, false, 0, 0, 0, (scope = 'human')::int, (scope = 'all')::int from report_viewer
    where first_id is not null and (p_snippets is null or snippet_id = any(p_snippets))`)};
  insert into report_viewer_total (snippet_id, scope, viewers, secs)
  select snippet_id, scope, count(*) filter (where secs > 0), sum(${CAPPED('v')}) from report_viewer v
  where p_snippets is null or snippet_id = any(p_snippets)
  group by snippet_id, scope;
  drop table report_rebuild_rows;
  if p_snippets is null then
    -- a whole rebuild (the upgrade, a bulk load): the planner's figures for the new rows
    analyze report_counter;
    analyze report_viewer;
  end if;
end $$`;

// The triggers, apart so a bulk load can drop them and rebuild once (bench/report.mjs).
export const TRIGGERS_SQL = [
  'create trigger engagement_report_insert after insert on engagement referencing new table as new_rows for each statement execute function report_summary_apply()',
  'create trigger engagement_report_update after update on engagement referencing old table as old_rows new table as new_rows for each statement execute function report_summary_apply()',
  'create trigger engagement_report_delete after delete on engagement referencing old table as old_rows for each statement execute function report_summary_apply()',
];
export const DROP_TRIGGERS_SQL = ['insert', 'update', 'delete'].map((op) => `drop trigger engagement_report_${op} on engagement`);

export class Migration0023RecordSummary extends Migration {
  override up(): void {
    this.addSql(`create table report_counter (
      snippet_id uuid not null references snippet (id) on delete cascade,
      bucket timestamptz not null,
      machine boolean not null,
      records integer not null default 0,
      views integer not null default 0,
      clicks integer not null default 0,
      first_views integer not null default 0,
      first_views_all integer not null default 0,
      primary key (snippet_id, bucket, machine)
    )`);
    this.addSql(`create table report_viewer (
      snippet_id uuid not null references snippet (id) on delete cascade,
      scope text not null check (scope in ('human', 'all')),
      who text collate "C" not null,
      first_id bigint null,
      first_at timestamptz null,
      secs numeric not null default 0,
      vlen double precision null,
      -- what the last insert moved (its upsert returns them): the first view and from when, the
      -- capped seconds and the people with seconds
      first_moved boolean not null default false,
      first_moved_from timestamptz null,
      capped_delta numeric not null default 0,
      viewer_delta integer not null default 0,
      primary key (snippet_id, scope, who)
    )`);
    // isUnique of a record: is it someone's first view (in the scope)?
    this.addSql('create index report_viewer_first_idx on report_viewer (first_id, scope) where first_id is not null');
    this.addSql(`create table report_viewer_total (
      snippet_id uuid not null references snippet (id) on delete cascade,
      scope text not null check (scope in ('human', 'all')),
      viewers integer not null default 0,
      secs numeric not null default 0,
      primary key (snippet_id, scope)
    )`);
    this.addSql(LOCK_FUNCTION);
    this.addSql(REFRESH_FUNCTION);
    this.addSql(REBUILD_FUNCTION);
    this.addSql(TRIGGER_FUNCTION);
    // Backfilled before the triggers exist and under a lock on the table, so no write is counted
    // twice or missed.
    this.addSql('lock table engagement in share row exclusive mode');
    this.addSql('select report_summary_rebuild(null)');
    for (const s of TRIGGERS_SQL) this.addSql(s);
  }

  override down(): void {
    for (const s of DROP_TRIGGERS_SQL) this.addSql(s);
    this.addSql('drop function report_summary_apply()');
    this.addSql('drop function report_summary_rebuild(uuid[])');
    this.addSql('drop function report_people_refresh(uuid[], text[], text[], inet[], bigint[])');
    this.addSql('drop function report_people_lock(uuid[], text[])');
    this.addSql('drop table report_viewer_total');
    this.addSql('drop table report_viewer');
    this.addSql('drop table report_counter');
  }
}
