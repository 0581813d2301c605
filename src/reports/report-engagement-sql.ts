import { COMPLETION_SHARE } from '../shared/metrics/engagement-metrics.js';
import type { TimelineGrain } from '../shared/metrics/timeline-grain.js';
import type { ReportFilter } from './report-filter.js';
import { joinSql, Sql, sql } from '../database/sql-template.js';
import { COUNTED_VIEW, filterSql, PERSON } from './report-sql.js';

// The engagement report's reads (issue 17): opens and clicks (engagement), visits (viewer_visit)
// and plays (video_play, counted ones), each filtered as the records are (filterSql over row `e`)
// and aggregated in the database. Pure. A person is the receiver, else the address (as for unique
// views). The rates are made from these counts by src/shared/metrics.

const WHO = `coalesce(${PERSON.text})`;
const OPENS = new Sql("engagement e where e.kind = 'open'", []);
const CLICKS = new Sql("engagement e where e.kind = 'click'", []);
const VISITS = new Sql('viewer_visit e where true', []);
const PLAYS = new Sql('(select p.*, p.started_at as occurred_at from video_play p where p.counted) e where true', []);
// The spec's view and click records that count (report-sql.ts): opens and the plays no click took
// of more than 1 s; clicks to a destination, and web-view clicks whose plays passed 1 s.
const COUNTED_VIEWS = new Sql(`engagement e where e.kind <> 'click' and ${COUNTED_VIEW('e')}`, []);
const COUNTED_CLICKS = new Sql(
  `engagement e where e.kind = 'click' and (e.target is not null or coalesce((
    select least(sum(pl.duration_secs), coalesce(e.video_duration_secs, max(pl.video_duration_secs)))
    from engagement pl where pl.snippet_id = e.snippet_id and pl.kind = 'play' and pl.click_id = e.id
    -- least() skips nulls: a click nobody played must have no seconds, not the video's length
    having count(*) > 0), 0) > 1)`,
  [],
);

export interface EngagementTotalsRow {
  opens: number;
  uniqueOpeners: number;
  visits: number;
  uniqueVisitors: number;
  plays: number;
  uniquePlayers: number;
  soundOnPlays: number;
  completePlays: number;
  timePlayedSecs: number;
  // the average share watched, null without plays
  engagement: number | null;
  clicks: number;
  uniqueClickers: number;
  clicksByDestination: { destination: string | null; label: string | null; clicks: number; uniqueClickers: number }[];
}

export function engagementTotalsSql(snippetId: string, f: ReportFilter, tz: string, opts: { peopleOnly?: boolean } = {}): Sql {
  const from = (source: Sql) => sql`from ${source} and e.snippet_id = ${snippetId} and ${filterSql(f, tz)}`;
  const who = new Sql(WHO, []);
  // the counts and sums (counterTotalsSql has them from the counters instead)
  const counts = sql`(select count(*) from o)::int as "opens",
      (select count(*) from v)::int as "visits",
      (select count(*) from p)::int as "plays",
      (select count(*) filter (where sound_on) from p)::int as "soundOnPlays",
      (select count(*) filter (where len > 0 and secs / len >= ${COMPLETION_SHARE}) from p)::int as "completePlays",
      (select coalesce(sum(secs), 0) from p)::float8 as "timePlayedSecs",
      (select avg(case when len > 0 then least(1, secs / len) else 0 end) from p)::float8 as "engagement",
      (select count(*) from c)::int as "clicks",`;
  return sql`with
      o as (select ${who} as who ${from(OPENS)}),
      c as (select ${who} as who, e.destination, e.destination_label as label ${from(CLICKS)}),
      v as (select ${who} as who ${from(VISITS)}),
      p as (select ${who} as who, e.watched_secs as secs, e.video_duration_secs as len, e.sound_on ${from(PLAYS)})
    select
      ${opts.peopleOnly ? new Sql('', []) : counts}
      (select count(distinct who) from o)::int as "uniqueOpeners",
      (select count(distinct who) from v)::int as "uniqueVisitors",
      (select count(distinct who) from p)::int as "uniquePlayers",
      (select count(distinct who) from c)::int as "uniqueClickers",
      (select coalesce(json_agg(json_build_object('destination', destination, 'label', label, 'clicks', n, 'uniqueClickers', u) order by n desc, destination, label), '[]')
         from (select destination, label, count(*)::int as n, count(distinct who)::int as u from c group by destination, label) d) as "clicksByDestination"`;
}

export interface GraphSecondRow {
  second: number;
  watching: number;
  rewatches: number;
}

// Per second of the video: the plays that watched it (a segment over the second's middle, as
// secondCounts in watch-ranges.ts) and how many more times it was played within those plays.
export function engagementGraphSql(snippetId: string, f: ReportFilter, tz: string): Sql {
  return sql`with p as (select e.play_id, e.segments, e.video_duration_secs from ${PLAYS} and e.snippet_id = ${snippetId} and ${filterSql(f, tz)}),
    secs as (
      select s.sec, count(distinct p.play_id)::int as watching, (count(*) - count(distinct p.play_id))::int as rewatches
      from p
      cross join lateral jsonb_array_elements(p.segments) as seg
      cross join lateral generate_series(greatest(0, floor((seg->>1)::float8))::int, least(ceil(p.video_duration_secs) - 1, ceil((seg->>2)::float8))::int) as s(sec)
      -- the second's middle (the last one of a length that is not whole: its part before the end)
      cross join lateral (select (s.sec + least(s.sec + 1, p.video_duration_secs)) / 2 as mid) m
      where m.mid >= (seg->>1)::float8 and m.mid < (seg->>2)::float8
      group by s.sec
    )
    select g.sec as "second", coalesce(secs.watching, 0) as "watching", coalesce(secs.rewatches, 0) as "rewatches"
    from generate_series(0, (select coalesce(ceil(max(video_duration_secs))::int, 0) from p) - 1) as g(sec)
    left join secs on secs.sec = g.sec
    order by g.sec`;
}

// The same graph from the per-second histogram kept at ingest (video_second_stats), for a report
// without filters (machine traffic in or out): a row per second, whatever the number of plays.
export function secondStatsGraphSql(snippetId: string, includeMachine: boolean): Sql {
  return sql`select s.second as "second", sum(s.watching)::int as "watching", sum(s.rewatches)::int as "rewatches"
    from video_second_stats s
    where s.snippet_id = ${snippetId} ${new Sql(includeMachine ? '' : 'and not s.machine', [])}
    group by s.second
    order by s.second`;
}

export interface TimelineBucketRow {
  start: string;
  // the spec's totals (src/shared/metrics/report-metrics.ts): opens + plays without a click, and
  // the counted clicks
  totalViews: number;
  totalClicks: number;
  opens: number;
  visits: number;
  plays: number;
  clicks: number;
}

// Opens, visits, plays and clicks per local hour or day from `from` to `till` (local dates,
// both included), every bucket listed. Buckets are truncated in local time, so a zone half or
// three quarters of an hour off UTC gets its own hours.
export function timelineSql(snippetId: string, f: ReportFilter, tz: string, range: { from: string; till: string; grain: TimelineGrain }): Sql {
  const within = sql`e.snippet_id = ${snippetId} and ${filterSql(f, tz, { dates: false })}
    and e.occurred_at >= (${range.from}::date::timestamp at time zone ${tz}) and e.occurred_at < ((${range.till}::date + 1)::timestamp at time zone ${tz})`;
  return sql`with ev as (
      select 'open' as k, e.occurred_at from ${OPENS} and ${within}
      union all select 'click', e.occurred_at from ${CLICKS} and ${within}
      union all select 'visit', e.occurred_at from ${VISITS} and ${within}
      union all select 'play', e.occurred_at from ${PLAYS} and ${within}
      union all select 'view', e.occurred_at from ${COUNTED_VIEWS} and ${within}
      union all select 'counted-click', e.occurred_at from ${COUNTED_CLICKS} and ${within}
    ),
    b as (
      select date_trunc(${range.grain}, e.occurred_at at time zone ${tz}) as bucket,
        count(*) filter (where k = 'view')::int as views, count(*) filter (where k = 'counted-click')::int as counted_clicks,
        count(*) filter (where k = 'open')::int as opens, count(*) filter (where k = 'visit')::int as visits,
        count(*) filter (where k = 'play')::int as plays, count(*) filter (where k = 'click')::int as clicks
      from ev e group by 1
    )
    ${everyBucket(range)}`;
}

// Every local bucket of the range, with the counts of \`b\` (bucket, views, counted_clicks, opens,
// visits, plays, clicks).
function everyBucket(range: { from: string; till: string; grain: TimelineGrain }): Sql {
  const step = new Sql(range.grain === 'hour' ? "interval '1 hour'" : "interval '1 day'", []);
  return sql`select to_char(g.bucket, 'YYYY-MM-DD"T"HH24:MI') as "start",
      coalesce(b.views, 0) as "totalViews", coalesce(b.counted_clicks, 0) as "totalClicks",
      coalesce(b.opens, 0) as "opens", coalesce(b.visits, 0) as "visits", coalesce(b.plays, 0) as "plays", coalesce(b.clicks, 0) as "clicks"
    from generate_series(${range.from}::date::timestamp, (${range.till}::date + 1)::timestamp - ${step}, ${step}) as g(bucket)
    left join b on b.bucket = g.bucket
    order by g.bucket`;
}

// ---- from the 15-minute counters (migration 0018), for a filter they answer (countersServe) ----

// The snippet's counter rows from local day \`from\` to \`till\` (both included, either open),
// machine traffic apart unless included. A local midnight is a quarter hour in every zone, so the
// buckets within the days are exactly the events within them.
function counterRows(snippetId: string, includeMachine: boolean, tz: string, from: string | null, till: string | null, table = 'engagement_counter'): Sql {
  const parts = [sql`k.snippet_id = ${snippetId}`];
  if (!includeMachine) parts.push(new Sql('not k.machine', []));
  if (from) parts.push(sql`k.bucket >= (${from}::date::timestamp at time zone ${tz})`);
  if (till) parts.push(sql`k.bucket < ((${till}::date + 1)::timestamp at time zone ${tz})`);
  return sql`${new Sql(table, [])} k where ${joinSql(parts, ' and ')}`;
}

// The totals with every count and sum from the counters; the people (unique openers, visitors,
// players, clickers) and the clicks by destination still from the rows (engagementTotalsSql).
export function counterTotalsSql(snippetId: string, f: ReportFilter, tz: string): Sql {
  // all time: the people kept at ingest; within dates, the rows (a person's first event may lie
  // before the range: only the rows tell who came within it)
  const rows = f.dateFrom || f.dateTill ? engagementTotalsSql(snippetId, f, tz, { peopleOnly: true }) : peopleSql(snippetId, f.includeMachine);
  return sql`with k as (
      select coalesce(sum(opens), 0)::int as opens, coalesce(sum(clicks), 0)::int as clicks, coalesce(sum(visits), 0)::int as visits,
        coalesce(sum(plays), 0)::int as plays, coalesce(sum(sound_on_plays), 0)::int as sound_on, coalesce(sum(complete_plays), 0)::int as complete,
        coalesce(sum(played_secs), 0)::float8 as secs, sum(share_sum)::float8 as share
      from ${counterRows(snippetId, f.includeMachine, tz, f.dateFrom, f.dateTill)}
    ),
    people as (${rows})
    select k.opens as "opens", people."uniqueOpeners", k.visits as "visits", people."uniqueVisitors", k.plays as "plays", people."uniquePlayers",
      k.sound_on as "soundOnPlays", k.complete as "completePlays", k.secs as "timePlayedSecs",
      case when k.plays > 0 then k.share / k.plays end as "engagement",
      k.clicks as "clicks", people."uniqueClickers", people."clicksByDestination"
    from k, people`;
}

// The people of all time (engagement_people, migration 0018: how many people of a kind have
// events, kept as their events come, move to machine traffic or go), machine traffic apart unless
// included; clicks by destination and label with their count.
function peopleSql(snippetId: string, includeMachine: boolean): Sql {
  const scope = includeMachine ? 'all' : 'human';
  const of = (kind: string, destination = '') =>
    sql`(select coalesce(sum(x.people), 0) from engagement_people x where x.snippet_id = ${snippetId} and x.kind = ${kind} and x.destination = ${destination} and x.scope = ${scope})::int`;
  return sql`select
      ${of('open')} as "uniqueOpeners",
      ${of('visit')} as "uniqueVisitors",
      ${of('play')} as "uniquePlayers",
      ${of('click', '*')} as "uniqueClickers",
      (select coalesce(json_agg(json_build_object('destination', destination, 'label', label, 'clicks', n, 'uniqueClickers', u) order by n desc, destination, label), '[]')
         from (select nullif(x.destination, '') as destination, case when x.label <> '' then substr(x.label, 2) end as label, x.events as n, x.people as u
               from engagement_people x
               where x.snippet_id = ${snippetId} and x.kind = 'click' and x.destination <> '*' and x.scope = ${scope} and x.events > 0) d) as "clicksByDestination"`;
}

// The timeline from the counters: local hours or days of the quarter hours; the spec's counted
// views and clicks from the records' counters (report_counter, migration 0023), the same buckets.
export function counterTimelineSql(snippetId: string, f: ReportFilter, tz: string, range: { from: string; till: string; grain: TimelineGrain }): Sql {
  return sql`with e as (
      select date_trunc(${range.grain}, k.bucket at time zone ${tz}) as bucket,
        sum(k.opens)::int as opens, sum(k.visits)::int as visits, sum(k.plays)::int as plays, sum(k.clicks)::int as clicks
      from ${counterRows(snippetId, f.includeMachine, tz, range.from, range.till)}
      group by 1
    ),
    r as (
      select date_trunc(${range.grain}, k.bucket at time zone ${tz}) as bucket, sum(k.views)::int as views, sum(k.clicks)::int as counted_clicks
      from ${counterRows(snippetId, f.includeMachine, tz, range.from, range.till, 'report_counter')}
      group by 1
    ),
    b as (
      select coalesce(e.bucket, r.bucket) as bucket, r.views, r.counted_clicks, e.opens, e.visits, e.plays, e.clicks
      from e full join r on r.bucket = e.bucket
    )
    ${everyBucket(range)}`;
}

// How many counted plays the filter keeps, from the counters (the per-viewer table's total): a row
// per quarter hour instead of every play.
export function counterPlayCountSql(snippetId: string, f: ReportFilter, tz: string): Sql {
  return sql`select coalesce(sum(k.plays), 0)::int as "total" from ${counterRows(snippetId, f.includeMachine, tz, f.dateFrom, f.dateTill)}`;
}
