import { containsPattern } from '../database/like-pattern.js';
import { joinSql, Sql, sql } from '../database/sql-template.js';
import { countersServe, type FamilyMatch, type ReportFilter, type ReportPage } from './report-filter.js';

// The report queries over the engagement table, built as SQL text plus positional parameters.
// Pure (no database here): report.repository.ts runs them, bench/report.mjs times them as they
// are. Rules (spec 02 section 9, agreed with the ingest side):
// - a record is an open, a click, or a play that no click took (click_id null); a play with a
//   click_id adds its seconds to that click instead;
// - a click's durationSecs = the sum of its plays capped at the video length;
// - counted: opens always; clicks to a target always; a web-view click or an un-joined play only
//   when its durationSecs > 1. Totals, uniques, the timeline and the average use counted rows;
// - isUnique: the first counted view (open or un-joined play) of a receiver, or of an IP when
//   there is no receiver, among the snippet's views (machine ones only with includeMachine);
// - dates and times are the owner's time zone; the table keeps UTC.

const TRUE = new Sql('true', []);

// A play joins a click at most 30 minutes after it (ingest rule); the margin keeps the index
// range small without depending on the exact figure.
export const PLAY_AFTER_CLICK_WINDOW = "interval '2 hours'";

function familySql(column: string, m: FamilyMatch): Sql {
  const parts: Sql[] = [];
  if (m.names.length) parts.push(sql`lower(${new Sql(column, [])}) = any(array[${m.names}]::text[])`);
  if (m.other) parts.push(sql`(${new Sql(column, [])} is not null and lower(${new Sql(column, [])}) <> all(array[${m.known}]::text[]))`);
  if (m.unknown) parts.push(new Sql(`${column} is null`, []));
  return parts.length ? sql`(${joinSql(parts, ' or ')})` : TRUE;
}

// The filter as one boolean expression over engagement row `e`. Dates and the machine switch are
// optional so the summary can reuse the rest.
export function filterSql(f: ReportFilter, tz: string, opts: { dates?: boolean; machine?: boolean } = {}): Sql {
  const parts: Sql[] = [];
  if (opts.dates !== false) {
    if (f.dateFrom) parts.push(sql`e.occurred_at >= (${f.dateFrom}::date::timestamp at time zone ${tz})`);
    if (f.dateTill) parts.push(sql`e.occurred_at < ((${f.dateTill}::date + 1)::timestamp at time zone ${tz})`);
  }
  if (f.timeFrom || f.timeTill) {
    const local = sql`to_char(e.occurred_at at time zone ${tz}, 'HH24:MI')`;
    if (f.timeFrom && f.timeTill && f.timeFrom > f.timeTill) {
      // 22:00 to 02:00: a window across midnight
      parts.push(sql`(${local} >= ${f.timeFrom} or ${local} <= ${f.timeTill})`);
    } else {
      if (f.timeFrom) parts.push(sql`${local} >= ${f.timeFrom}`);
      if (f.timeTill) parts.push(sql`${local} <= ${f.timeTill}`);
    }
  }
  if (f.devices) parts.push(familySql('e.device_type', f.devices));
  if (f.platforms) parts.push(familySql('e.platform', f.platforms));
  if (f.clients) parts.push(familySql('e.client', f.clients));
  if (f.countries) parts.push(sql`upper(e.country_code) = any(array[${f.countries}]::text[])`);
  if (f.ipAddress) parts.push(sql`e.ip = ${f.ipAddress}::inet`);
  if (f.receiver) parts.push(sql`e.receiver ilike ${containsPattern(f.receiver)}`);
  if (opts.machine !== false && !f.includeMachine) parts.push(new Sql('e.machine_reason is null', []));
  return parts.length ? joinSql(parts, ' and ') : TRUE;
}

// Rows that are records: every open and click, and the plays no click took.
export const RECORD_ROWS = "not (e.kind = 'play' and e.click_id is not null)";

// A counted view of row `v` (for uniqueness).
export const COUNTED_VIEW = (v: string) =>
  `(${v}.kind = 'open' or (${v}.kind = 'play' and ${v}.click_id is null and least(${v}.duration_secs, coalesce(${v}.video_duration_secs, ${v}.duration_secs)) > 1))`;

// d.dur, d.vlen for record row e, given p (its plays' seconds and video length).
export const DURATIONS = `cross join lateral (
    select
      -- least() skips nulls: a click nobody played must stay null, not become the video length
      case when e.kind = 'click' and p.secs is not null then least(p.secs, coalesce(e.video_duration_secs, p.vlen))
           when e.kind = 'play' then least(e.duration_secs, coalesce(e.video_duration_secs, e.duration_secs))
      end as dur,
      case when e.kind = 'click' then coalesce(e.video_duration_secs, p.vlen) else e.video_duration_secs end as vlen
  ) d`;

export const COUNTED = "(e.kind = 'open' or (e.kind = 'click' and e.target is not null) or coalesce(d.dur, 0) > 1)";

// Each person's counted seconds among the records `where` picks (rows e), one row a person and
// EyeMail (snippet_id, secs): their records over 1 s (a click's seconds from its plays) added up
// and capped at the longest video length among them. The average view time within dates, of one
// EyeMail's summary and of each EyeMail of the company report. Opens have no seconds: left out.
export function personSecondsSql(where: Sql): Sql {
  return sql`select e.snippet_id, least(sum(d.dur), coalesce(max(d.vlen), sum(d.dur))) as secs
    from engagement e
    left join lateral (
      select sum(pl.duration_secs) as secs, max(pl.video_duration_secs) as vlen from engagement pl
      where e.kind = 'click' and pl.click_id = e.id and pl.kind = 'play'
    ) p on true
    ${new Sql(DURATIONS, [])}
    where ${where} and e.kind <> 'open' and ${new Sql(RECORD_ROWS, [])} and ${new Sql(COUNTED, [])} and d.dur > 1
    group by e.snippet_id, coalesce(${PERSON}, '#' || e.id::text)`;
}

// A video_play row vp's share of the video watched (distinct seconds), 0..1; null without one.
export const SHARE = (vp: string) =>
  `case when ${vp}.play_id is null then null when ${vp}.video_duration_secs > 0 then least(1, ${vp}.watched_secs / ${vp}.video_duration_secs) else 0 end`;

// The viewer's play a play record names (its PlayId), found by its key; a click's plays' are
// aggregated with its seconds (p). Plain joins, not a look-up per row: PostgreSQL estimated one
// over an array as ten rows a record and compiled the CSV's query (JIT), seconds on a busy machine.
export const NAMED_PLAY = `left join video_play vp on e.kind = 'play' and vp.play_id = e.play_id and vp.snippet_id = e.snippet_id and vp.counted`;

// The scope of the people's first views (migration 0023): among human views, or all with machine
// traffic included.
export const viewerScope = (f: ReportFilter): string => (f.includeMachine ? 'all' : 'human');

// Whether record e is its person's first counted view (isUnique): one index look-up a record in
// the first views kept at ingest (report_viewer, migration 0023), for a page. A lateral join with
// a limit, not exists(): PostgreSQL turned that into a hash of every first view of the scope
// (hundreds of thousands, 190 ms) for a page of ten.
function firstViewLookup(f: ReportFilter): Sql {
  return sql`left join lateral (select true as yes from report_viewer fv where fv.first_id = e.id and fv.scope = ${viewerScope(f)} limit 1) fv on true`;
}

// Who a row of e is, the one definition of the reads: a person is the receiver, else the address
// (PERSON, the key of unique views and people; a row with neither is itself: '#' || id), and the
// columns that say who and where (WHO_COLUMNS, a record's and a play's alike). The triggers keep
// their own copy in migrations 0018, 0023 and 0031 (migrations import no application code).
export const PERSON = new Sql("'r:' || e.receiver, 'i:' || host(e.ip)", []);
export const WHO_COLUMNS = new Sql(
  `e.receiver as "receiver",
      host(e.ip) as "ipAddress",
      e.city as "city",
      e.region as "state",
      e.country_name as "country",
      e.country_code as "countryCode",
      e.device_type as "device",
      e.platform as "platform",
      e.client as "client"`,
  [],
);

// The columns of record e (d its durations, p its click's plays, vp its named play), isUnique given.
export function recordColumns(tz: string, isUnique: Sql): Sql {
  return sql`e.id::text as "engagementId",
      case when e.kind = 'click' then 'click' else 'view' end as "activity",
      ${isUnique} as "isUnique",
      ${new Sql(COUNTED, [])} as "counted",
      to_char(e.occurred_at at time zone ${tz}, 'YYYY-MM-DD') as "date",
      to_char(e.occurred_at at time zone ${tz}, 'HH24:MI:SS') as "time",
      to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "occurredAtUtc",
      round(d.dur::numeric, 1)::float8 as "durationSecs",
      round(d.vlen::numeric, 1)::float8 as "videoDuration",
      ${WHO_COLUMNS},
      e.target as "target",
      e.machine_reason as "machineReason",
      e.destination as "destination",
      e.destination_label as "destinationLabel",
      -- of the viewer's plays it names (its own, a click's plays'), the largest share watched and
      -- whether the sound was on in any; null when it names none
      round((case when e.kind = 'play' then ${new Sql(SHARE('vp'), [])} else p.share end)::numeric, 3)::float8 as "shareWatched",
      case when e.kind = 'play' then vp.sound_on else p.sound_on end as "soundOn"`;
}

// Engagement records, newest first, one page (every record: csvRecordsSql).
export function recordsSql(snippetId: string, f: ReportFilter, tz: string, page: ReportPage): Sql {
  return sql`select ${recordColumns(tz, new Sql('(fv.yes is not null)', []))}
    from engagement e
    left join lateral (
      select sum(pl.duration_secs) as secs, max(pl.video_duration_secs) as vlen, max(${new Sql(SHARE('cp'), [])}) as share, bool_or(cp.sound_on) as sound_on
      from engagement pl
      left join video_play cp on cp.play_id = pl.play_id and cp.snippet_id = pl.snippet_id and cp.counted
      where e.kind = 'click' and pl.snippet_id = e.snippet_id and pl.kind = 'play' and pl.click_id = e.id
        and pl.occurred_at >= e.occurred_at and pl.occurred_at < e.occurred_at + ${new Sql(PLAY_AFTER_CLICK_WINDOW, [])}
    ) p on true
    ${new Sql(DURATIONS, [])}
    ${new Sql(NAMED_PLAY, [])}
    ${firstViewLookup(f)}
    where e.snippet_id = ${snippetId} and ${new Sql(RECORD_ROWS, [])} and ${filterSql(f, tz)}
    order by e.occurred_at desc, e.id desc limit ${page.size} offset ${(page.page - 1) * page.size}`;
}

export function recordCountSql(snippetId: string, f: ReportFilter, tz: string): Sql {
  // dates at most: the records kept per quarter hour (migration 0023)
  if (countersServe(f)) return sql`select coalesce(sum(k.records), 0)::int as "total" from ${summaryCounterRows(snippetId, f, tz, f.dateFrom, f.dateTill)}`;
  return sql`select count(*)::int as "total" from engagement e where e.snippet_id = ${snippetId} and ${new Sql(RECORD_ROWS, [])} and ${filterSql(f, tz)}`;
}

// The week's timeline (json, a day each, oldest first) from the days' views and clicks (days d).
const timelineJson = (week: { weekStart: string; weekEnding: string }) =>
  sql`(select json_agg(json_build_object('date', to_char(g.day, 'YYYY-MM-DD'), 'views', coalesce(d.views, 0), 'clicks', coalesce(d.clicks, 0)) order by g.day)
    from generate_series(${week.weekStart}::date, ${week.weekEnding}::date, interval '1 day') as g(day) left join days d on d.local_day = g.day::date)`;

// Whose report it is, in one statement read before the rest: the EyeMail's id, title and status
// when it is one of the workspace's (no row otherwise: another workspace's EyeMail is "not found",
// like a missing one), the name of the caller's profile time zone (null when they chose none), and
// the newest row of the ingest's journal (0026, 0027) still to load that holds the EyeMail's events
// or may (no counts before 0027): null when none waits, so the read asks nothing of the ingest.
export function reportContextSql(workspaceId: string, snippetId: string, timezoneId: number | null): Sql {
  return sql`select s.id as "snippetId", s.title, s.status, (select z.name from timezone z where z.id = ${timezoneId}::int) as "zoneName",
      (select max(j.id)::text from ingest_journal j where j.failed_at is null and ((j.snippet_counts -> s.id::text) is not null or j.snippet_counts is null)) as "lastWaiting"
    from snippet s where s.id = ${snippetId}::uuid and s.workspace_id = ${workspaceId}::uuid`;
}

// Everything the summary shows in one statement (one row): totals, uniques, the average view
// time, the machine count, what Total Views and Total Clicks are made of (every open and every
// click of the same filters, src/shared/metrics/report-metrics.ts viewParts) and the 7-day
// timeline (json). Aggregated in the database: over the rows
// for filters the quarter-hour counters cannot answer (each person's first view read from
// report_viewer, not found by sorting every view), else from the counters (below).
export function summarySql(snippetId: string, f: ReportFilter, tz: string, week: { weekStart: string; weekEnding: string }): Sql {
  if (countersServe(f)) return summaryFromCountersSql(snippetId, f, tz, week);
  const human = f.includeMachine ? 'true' : 'e.machine_reason is null';
  return sql`with base as materialized (
      select e.id, e.kind, e.occurred_at, e.machine_reason,
        coalesce(${PERSON}, '#' || e.id::text) as vkey,
        d.dur, d.vlen,
        ${new Sql(COUNTED, [])} as counted,
        ${new Sql(human, [])} as human,
        (${filterSql(f, tz, { machine: false })}) as passes,
        (${filterSql(f, tz, { machine: false, dates: false })}
          and e.occurred_at >= (${week.weekStart}::date::timestamp at time zone ${tz})
          and e.occurred_at < ((${week.weekEnding}::date + 1)::timestamp at time zone ${tz})) as in_week,
        (e.occurred_at at time zone ${tz})::date as local_day
      from engagement e
      left join (
        select click_id, sum(duration_secs) as secs, max(video_duration_secs) as vlen
        from engagement where snippet_id = ${snippetId} and kind = 'play' and click_id is not null
        group by click_id
      ) p on e.kind = 'click' and p.click_id = e.id
      ${new Sql(DURATIONS, [])}
      where e.snippet_id = ${snippetId} and ${new Sql(RECORD_ROWS, [])}
    ),
    per_viewer as (
      select least(sum(dur), coalesce(max(vlen), sum(dur))) as secs from base
      where passes and human and counted and dur > 1
      group by vkey
    ),
    days as (
      select local_day, count(*) filter (where kind <> 'click')::int as views, count(*) filter (where kind = 'click')::int as clicks
      from base where in_week and human and counted group by local_day
    ),
    totals as (
      select
        count(*) filter (where passes and human and counted and kind <> 'click')::int as views,
        count(*) filter (where passes and human and counted and kind = 'click')::int as clicks,
        count(*) filter (where passes and machine_reason is not null)::int as machine,
        count(*) filter (where passes and human and kind = 'open')::int as opens,
        count(*) filter (where passes and human and kind = 'click')::int as all_clicks
      from base
    )
    select
      t.views as "totalViews",
      (select count(*) from base where passes and id in (
         select fv.first_id from report_viewer fv where fv.snippet_id = ${snippetId} and fv.scope = ${viewerScope(f)} and fv.first_id is not null))::int as "uniqueViews",
      t.clicks as "totalClicks",
      (select coalesce(avg(secs), 0) from per_viewer)::float8 as "averageViewTime",
      t.machine as "machineEvents",
      t.opens as "opens",
      t.all_clicks as "clicks",
      ${timelineJson(week)} as "timeline"
    from totals t`;
}

// Counter rows k of `table` (report_counter, migration 0023, or engagement_counter, 0018) of the
// EyeMails `of` picks (a condition on k.snippet_id), within the local dates (null: open-ended), in
// the filter's scope (machine rows only with includeMachine; `machine: false` keeps both).
export function counterRowsSql(table: string, of: Sql, f: ReportFilter, tz: string, from: string | null, till: string | null, opts: { machine?: boolean } = {}): Sql {
  const parts = [of];
  if (opts.machine !== false && !f.includeMachine) parts.push(new Sql('not k.machine', []));
  if (from) parts.push(sql`k.bucket >= (${from}::date::timestamp at time zone ${tz})`);
  if (till) parts.push(sql`k.bucket < ((${till}::date + 1)::timestamp at time zone ${tz})`);
  return sql`${new Sql(table, [])} k where ${joinSql(parts, ' and ')}`;
}
const summaryCounterRows = (snippetId: string, f: ReportFilter, tz: string, from: string | null, till: string | null, opts: { machine?: boolean } = {}) =>
  counterRowsSql('report_counter', sql`k.snippet_id = ${snippetId}`, f, tz, from, till, opts);

// The summary for all time or dates (machine traffic in or out), without reading the events:
// totals, first views (people whose first view falls within the dates) and the machine count from
// the quarter-hour counters (the opens and clicks from the engagement's, engagement_counter), the week's timeline from its buckets (local midnights fall on quarter
// hours in every zone), the average view time from the people's seconds kept at ingest (all time)
// or from the dates' rows (a person's seconds within them).
function summaryFromCountersSql(snippetId: string, f: ReportFilter, tz: string, week: { weekStart: string; weekEnding: string }): Sql {
  const firsts = new Sql(f.includeMachine ? 'first_views_all' : 'first_views', []);
  const scope = viewerScope(f);
  const average =
    f.dateFrom || f.dateTill
      ? sql`(select coalesce(avg(secs), 0) from (${personSecondsSql(sql`e.snippet_id = ${snippetId} and ${filterSql(f, tz)}`)}) v)`
      : sql`(select coalesce(max(case when t.viewers > 0 then t.secs / t.viewers end), 0) from report_viewer_total t where t.snippet_id = ${snippetId} and t.scope = ${scope})`;
  return sql`with k as (
      select coalesce(sum(k.views) filter (where ${new Sql(f.includeMachine ? 'true' : 'not k.machine', [])}), 0)::int as views,
        coalesce(sum(k.clicks) filter (where ${new Sql(f.includeMachine ? 'true' : 'not k.machine', [])}), 0)::int as clicks,
        coalesce(sum(k.${firsts}), 0)::int as firsts,
        coalesce(sum(k.records) filter (where k.machine), 0)::int as machine
      from ${summaryCounterRows(snippetId, f, tz, f.dateFrom, f.dateTill, { machine: false })}
    ),
    e as (
      select coalesce(sum(k.opens), 0)::int as opens, coalesce(sum(k.clicks), 0)::int as clicks
      from ${counterRowsSql('engagement_counter', sql`k.snippet_id = ${snippetId}`, f, tz, f.dateFrom, f.dateTill)}
    ),
    days as (
      select (k.bucket at time zone ${tz})::date as local_day, sum(k.views)::int as views, sum(k.clicks)::int as clicks
      from ${summaryCounterRows(snippetId, f, tz, week.weekStart, week.weekEnding)}
      group by 1
    )
    select k.views as "totalViews", k.firsts as "uniqueViews", k.clicks as "totalClicks", ${average}::float8 as "averageViewTime", k.machine as "machineEvents",
      e.opens as "opens", e.clicks as "clicks",
      ${timelineJson(week)} as "timeline"
    from k, e`;
}
