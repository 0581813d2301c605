import { containsPattern } from '../snippets/snippet-list-query.js';
import type { FamilyMatch, ReportFilter, ReportPage } from './report-filter.js';

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

// A piece of SQL with its parameters, so pieces compose without counting placeholders.
export class Sql {
  constructor(
    readonly text: string,
    readonly params: unknown[],
  ) {}
}

// sql`... ${value} ...`: values become ? parameters, Sql values are spliced in.
export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  let text = strings[0];
  const params: unknown[] = [];
  values.forEach((v, i) => {
    if (v instanceof Sql) {
      text += v.text;
      params.push(...v.params);
    } else {
      text += '?';
      params.push(v);
    }
    text += strings[i + 1];
  });
  return new Sql(text, params);
}

export function joinSql(parts: Sql[], separator: string): Sql {
  return new Sql(parts.map((p) => p.text).join(separator), parts.flatMap((p) => p.params));
}

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

// A video_play row vp's share of the video watched (distinct seconds), 0..1; null without one.
export const SHARE = (vp: string) =>
  `case when ${vp}.play_id is null then null when ${vp}.video_duration_secs > 0 then least(1, ${vp}.watched_secs / ${vp}.video_duration_secs) else 0 end`;

// The viewer's play a play record names (its PlayId), found by its key; a click's plays' are
// aggregated with its seconds (p). Plain joins, not a look-up per row: PostgreSQL estimated one
// over an array as ten rows a record and compiled the CSV's query (JIT), seconds on a busy machine.
export const NAMED_PLAY = `left join video_play vp on e.kind = 'play' and vp.play_id = e.play_id and vp.snippet_id = e.snippet_id and vp.counted`;

// Whether record e is its person's first counted view (isUnique), one look-up a record: for a page.
function uniqueByLookup(f: ReportFilter): Sql {
  const machine = f.includeMachine ? '' : 'and v.machine_reason is null';
  const earlier = `v.occurred_at <= e.occurred_at and (v.occurred_at < e.occurred_at or v.id < e.id) and ${COUNTED_VIEW('v')} ${machine}`;
  return sql`(e.kind <> 'click' and ${new Sql(COUNTED, [])} and case
        when e.receiver is not null then not exists (select 1 from engagement v where v.snippet_id = e.snippet_id and v.receiver = e.receiver and ${new Sql(earlier, [])})
        when e.ip is not null then not exists (select 1 from engagement v where v.snippet_id = e.snippet_id and v.receiver is null and v.ip = e.ip and ${new Sql(earlier, [])})
        else true end)`;
}

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
      e.receiver as "receiver",
      host(e.ip) as "ipAddress",
      e.city as "city",
      e.region as "state",
      e.country_name as "country",
      e.country_code as "countryCode",
      e.device_type as "device",
      e.platform as "platform",
      e.client as "client",
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
  return sql`select ${recordColumns(tz, uniqueByLookup(f))}
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
    where e.snippet_id = ${snippetId} and ${new Sql(RECORD_ROWS, [])} and ${filterSql(f, tz)}
    order by e.occurred_at desc, e.id desc limit ${page.size} offset ${(page.page - 1) * page.size}`;
}

export function recordCountSql(snippetId: string, f: ReportFilter, tz: string): Sql {
  return sql`select count(*)::int as "total" from engagement e where e.snippet_id = ${snippetId} and ${new Sql(RECORD_ROWS, [])} and ${filterSql(f, tz)}`;
}

// Everything the summary shows in one statement (one row): totals, uniques, the average view
// time, the machine count and the 7-day timeline (json). Aggregated in the database.
export function summarySql(snippetId: string, f: ReportFilter, tz: string, week: { weekStart: string; weekEnding: string }): Sql {
  const human = f.includeMachine ? 'true' : 'e.machine_reason is null';
  return sql`with base as materialized (
      select e.id, e.kind, e.occurred_at, e.machine_reason,
        coalesce('r:' || e.receiver, 'i:' || host(e.ip), '#' || e.id::text) as vkey,
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
    firsts as (
      select distinct on (vkey) passes from base
      where kind <> 'click' and counted and human
      order by vkey, occurred_at, id
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
        count(*) filter (where passes and machine_reason is not null)::int as machine
      from base
    )
    select
      t.views as "totalViews",
      (select count(*) from firsts where passes)::int as "uniqueViews",
      t.clicks as "totalClicks",
      (select coalesce(avg(secs), 0) from per_viewer)::float8 as "averageViewTime",
      t.machine as "machineEvents",
      (select json_agg(json_build_object('date', to_char(g.day, 'YYYY-MM-DD'), 'views', coalesce(d.views, 0), 'clicks', coalesce(d.clicks, 0)) order by g.day)
         from generate_series(${week.weekStart}::date, ${week.weekEnding}::date, interval '1 day') as g(day)
         left join days d on d.local_day = g.day::date) as "timeline"
    from totals t`;
}

