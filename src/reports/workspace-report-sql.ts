import type { ReportFilter } from './report-filter.js';
import { Sql, sql } from '../database/sql-template.js';
import { counterRowsSql, filterSql, personSecondsSql, viewerScope } from './report-sql.js';

// The company-wide report's read (GET reports/workspace): one row per EyeMail of the workspace
// with its own summary figures, read from what the ingest keeps per EyeMail (never the events,
// but for the average view time within dates):
// - the records' figures (Total Views, Total Clicks, first views, machine records): all time from
//   their totals (report_total, migration 0039), within dates from their quarter-hour counters
//   (report_counter, migration 0023);
// - opens and every click: the events' people (engagement_people) or quarter-hour counters
//   (engagement_counter, migration 0018);
// - the people's seconds (report_viewer_total, all time).
// The same sources and rules as one EyeMail's summary served from the counters (report-sql.ts
// summaryFromCountersSql, report-engagement-sql.ts counterTotalsSql), grouped by EyeMail instead of
// read for one. Pure: report.repository.ts runs it, bench/report.mjs times it.
//
// Only dates and the machine switch: the filters the counters answer exactly (countersServe).

// What an EyeMail's row holds to be added up: the counts, and the people with counted seconds
// over 1 s and their capped seconds added up (for the average).
export interface WorkspaceSums {
  totalViews: number;
  uniqueViews: number;
  totalClicks: number;
  opens: number;
  clicks: number;
  machineEvents: number;
  viewers: number;
  viewerSecs: number;
}

export interface WorkspaceEyeMailRow extends WorkspaceSums {
  snippetId: string;
  title: string;
  status: boolean;
  creatorId: string;
}

// The workspace's EyeMails, as a condition on a row's snippet_id: a plain IN over the snippet
// table (not a CTE, which PostgreSQL will not scan in parallel), so the counters' rows are read by
// a parallel scan and added up in parallel (half the time on two cores).
const OF_WORKSPACE = (column: string, workspaceId: string) => sql`${new Sql(column, [])} in (select id from snippet where workspace_id = ${workspaceId})`;

// Each person's capped seconds per EyeMail: all time from the totals kept at ingest, within dates
// from the records (clicks and un-joined plays: an open has no seconds), as one EyeMail's summary.
function viewerSeconds(workspaceId: string, f: ReportFilter, tz: string): Sql {
  if (!f.dateFrom && !f.dateTill) {
    return sql`select t.snippet_id, t.viewers, t.secs::float8 as secs from report_viewer_total t
      where ${OF_WORKSPACE('t.snippet_id', workspaceId)} and t.scope = ${viewerScope(f)}`;
  }
  return sql`select v.snippet_id, count(*)::int as viewers, sum(v.secs)::float8 as secs
    from (${personSecondsSql(sql`${OF_WORKSPACE('e.snippet_id', workspaceId)} and ${filterSql(f, tz)}`)}) v group by v.snippet_id`;
}

// Opens and every click per EyeMail: all time from the events and people kept per EyeMail and
// kind (engagement_people, migration 0018: a few rows an EyeMail), within dates from the quarter-
// hour counters (engagement_counter), as one EyeMail's engagement totals.
function opensAndClicks(workspaceId: string, f: ReportFilter, tz: string): Sql {
  if (!f.dateFrom && !f.dateTill) {
    return sql`select x.snippet_id,
        coalesce(sum(x.events) filter (where x.kind = 'open' and x.destination = ''), 0)::int as opens,
        coalesce(sum(x.events) filter (where x.kind = 'click' and x.destination = '*'), 0)::int as clicks
      from engagement_people x
      where ${OF_WORKSPACE('x.snippet_id', workspaceId)} and x.kind in ('open', 'click') and x.scope = ${f.includeMachine ? 'all' : 'human'}
      group by x.snippet_id`;
  }
  return sql`select k.snippet_id, coalesce(sum(k.opens), 0)::int as opens, coalesce(sum(k.clicks), 0)::int as clicks
      from ${counterRowsSql('engagement_counter', OF_WORKSPACE('k.snippet_id', workspaceId), f, tz, f.dateFrom, f.dateTill)}
      group by k.snippet_id`;
}

// The records' counter rows k of the workspace's EyeMails: all time from the totals (migration
// 0039: two rows an EyeMail, and the deltas not folded in yet), within dates from the quarter-hour
// counters. The same columns either way.
function recordCounters(workspaceId: string, f: ReportFilter, tz: string): Sql {
  if (!f.dateFrom && !f.dateTill) {
    const columns = 'snippet_id, machine, records, views, clicks, first_views, first_views_all';
    return sql`(select ${new Sql(columns, [])} from report_total where ${OF_WORKSPACE('snippet_id', workspaceId)}
      union all select ${new Sql(columns, [])} from report_total_delta where ${OF_WORKSPACE('snippet_id', workspaceId)}) k`;
  }
  return counterRowsSql('report_counter', OF_WORKSPACE('k.snippet_id', workspaceId), f, tz, f.dateFrom, f.dateTill, { machine: false });
}

export function workspaceEyeMailsSql(workspaceId: string, f: ReportFilter, tz: string): Sql {
  const human = new Sql(f.includeMachine ? 'true' : 'not k.machine', []);
  const firsts = new Sql(f.includeMachine ? 'first_views_all' : 'first_views', []);
  return sql`with r as (
      select k.snippet_id,
        coalesce(sum(k.views) filter (where ${human}), 0)::int as views,
        coalesce(sum(k.clicks) filter (where ${human}), 0)::int as clicks,
        coalesce(sum(k.${firsts}), 0)::int as firsts,
        coalesce(sum(k.records) filter (where k.machine), 0)::int as machine
      from ${recordCounters(workspaceId, f, tz)}
      group by k.snippet_id
    ),
    c as (${opensAndClicks(workspaceId, f, tz)}),
    v as (${viewerSeconds(workspaceId, f, tz)})
    select s.id::text as "snippetId", s.title as "title", s.status as "status", s.owner_id::text as "creatorId",
      coalesce(r.views, 0) as "totalViews", coalesce(r.firsts, 0) as "uniqueViews", coalesce(r.clicks, 0) as "totalClicks",
      coalesce(c.opens, 0) as "opens", coalesce(c.clicks, 0) as "clicks", coalesce(r.machine, 0) as "machineEvents",
      coalesce(v.viewers, 0)::int as "viewers", coalesce(v.secs, 0)::float8 as "viewerSecs"
    from snippet s
    left join r on r.snippet_id = s.id
    left join c on c.snippet_id = s.id
    left join v on v.snippet_id = s.id
    where s.workspace_id = ${workspaceId}`;
}
