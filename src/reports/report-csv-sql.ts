import type { ReportFilter } from './report-filter.js';
import { DURATIONS, filterSql, NAMED_PLAY, PLAY_AFTER_CLICK_WINDOW, RECORD_ROWS, recordColumns, SHARE, Sql, sql, viewerScope } from './report-sql.js';

// Every matching record for the CSV: the same columns and order as a page of recordsSql, but
// worked out over the whole set at once instead of record by record. A page looks up each
// record's first view (one index probe a record) and each click's plays (another): cheap for
// ten or a thousand records, most of the time of a million. Here the people's first views are read
// once (a hash of them), each click's plays are added up once (another), and
// the records come in the order of the (snippet_id, occurred_at) index. Pure.

// The first counted view of each person in the filter's scope, kept at ingest (report_viewer,
// migration 0023): a record is unique when it is one of these.
function firstViews(snippetId: string, f: ReportFilter): Sql {
  return sql`select fv.first_id as id from report_viewer fv where fv.snippet_id = ${snippetId} and fv.scope = ${viewerScope(f)} and fv.first_id is not null`;
}

// Each click's plays (those joined to it within the window after it), added up.
function clickPlays(snippetId: string): Sql {
  return sql`select pl.click_id, sum(pl.duration_secs) as secs, max(pl.video_duration_secs) as vlen, max(${new Sql(SHARE('cp'), [])}) as share,
      bool_or(cp.sound_on) as sound_on
    from engagement pl
    join engagement c on c.id = pl.click_id and c.kind = 'click' and c.snippet_id = pl.snippet_id
    left join video_play cp on cp.play_id = pl.play_id and cp.snippet_id = pl.snippet_id and cp.counted
    where pl.snippet_id = ${snippetId} and pl.kind = 'play' and pl.click_id is not null
      and pl.occurred_at >= c.occurred_at and pl.occurred_at < c.occurred_at + ${new Sql(PLAY_AFTER_CLICK_WINDOW, [])}
    group by pl.click_id`;
}

export function csvRecordsSql(snippetId: string, f: ReportFilter, tz: string): Sql {
  const isUnique = new Sql('(first.id is not null)', []);
  return sql`with first as materialized (${firstViews(snippetId, f)}),
      clicked as materialized (${clickPlays(snippetId)})
    select ${recordColumns(tz, isUnique)}
    from engagement e
    left join first on first.id = e.id
    left join clicked p on e.kind = 'click' and p.click_id = e.id
    ${new Sql(DURATIONS, [])}
    ${new Sql(NAMED_PLAY, [])}
    where e.snippet_id = ${snippetId} and ${new Sql(RECORD_ROWS, [])} and ${filterSql(f, tz)}
    order by e.occurred_at desc, e.id desc`;
}
