import type { ReportFilter } from './report-filter.js';
import { Sql, sql } from '../database/sql-template.js';
import { DURATIONS, filterSql, NAMED_PLAY, PLAY_AFTER_CLICK_WINDOW, RECORD_ROWS, recordColumns, SHARE, viewerScope } from './report-sql.js';

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

// ---- the CSV's lines, made in the database ------------------------------------------------------
// Each record as its finished CSV line (CRLF included), byte for byte what csv-stringify writes from
// the record's cells (report-csv.ts's cell(): Yes/No for booleans, numbers as JavaScript prints
// them, a leading quote before a formula's first character, quoted when holding a comma, a quote
// or CRLF, quotes doubled). The app then only joins the lines of a fetch: no row objects of 24
// columns, no per-cell work in JavaScript (half the time of the download at 1 M records). The
// test report-csv-lines compares both writers' files byte for byte.

// A text cell: csvSafeText (by the first character's code: no substring made), then csv-stringify's
// quoting as the app sets it up (a comma, a quote or the CRLF record delimiter force it; a lone CR
// or LF does not), by a search for each (cheaper than a pattern over a million rows); '' for null.
const textCell = (x: string) => {
  const safe = `(case when ascii(${x}) in (61, 43, 45, 64, 9, 13) then '''' || ${x} else ${x} end)`;
  const needsQuotes = `(strpos(${x}, '"') > 0 or strpos(${x}, ',') > 0 or strpos(${x}, E'\\r\\n') > 0)`;
  return `coalesce(case when ${needsQuotes} then '"' || replace(${safe}, '"', '""') || '"' else ${safe} end, '')`;
};
// A text the database wrote itself (an id, a date, a time, an address, the activity): never a
// formula nor anything to quote.
const plainCell = (x: string) => `coalesce(${x}, '')`;
const boolCell = (x: string) => `(case when ${x} then 'Yes' when not ${x} then 'No' else '' end)`;
// float8 as text: PostgreSQL's shortest exact form, as JavaScript's for these values (rounded to
// 0.1 s, far from the exponent forms of either).
const numberCell = (x: string) => `coalesce(${x}::text, '')`;

// The click destination as the report page says it (click-rules.ts destinationText).
const DESTINATION_TEXT = `case r."destination" when 'landing-page' then 'Landing page' when 'web-view' then 'Web view' when 'video-link' then 'Video link'
    when 'button' then case when coalesce(r."destinationLabel", '') <> '' then 'Button \u201c' || r."destinationLabel" || '\u201d' else 'Button' end
    else case when coalesce(r."target", '') <> '' then 'Link' else 'Web view' end end`;

// Each CSV column's cell, by the record field it shows (CSV_COLUMNS' keys, in their order).
export const CSV_CELLS: Record<string, string> = {
  engagementId: plainCell('r."engagementId"'),
  activity: plainCell('r."activity"'),
  isUnique: boolCell('r."isUnique"'),
  counted: boolCell('r."counted"'),
  date: plainCell('r."date"'),
  time: plainCell('r."time"'),
  durationSecs: numberCell('r."durationSecs"'),
  videoDuration: numberCell('r."videoDuration"'),
  receiver: textCell('r."receiver"'),
  ipAddress: plainCell('r."ipAddress"'),
  city: textCell('r."city"'),
  state: textCell('r."state"'),
  country: textCell('r."country"'),
  countryCode: textCell('r."countryCode"'),
  device: textCell('r."device"'),
  platform: textCell('r."platform"'),
  client: textCell('r."client"'),
  target: textCell('r."target"'),
  machineReason: textCell('r."machineReason"'),
  destination: `(case when r."activity" = 'click' then ${textCell(`(${DESTINATION_TEXT})`)} else '' end)`,
  // Math.round(share * 100) in float8 (share >= 0: floor(x + 0.5))
  shareWatched: `coalesce(floor(r."shareWatched" * 100 + 0.5)::bigint::text, '')`,
  soundOn: boolCell('r."soundOn"'),
};

// The records of csvRecordsSql (its order kept: the outer query only shapes each row) as lines.
export function csvLinesSql(snippetId: string, f: ReportFilter, tz: string, columns: readonly string[]): Sql {
  const cells = columns.map((key) => {
    const cell = CSV_CELLS[key];
    if (!cell) throw new Error(`no SQL cell for CSV column ${key}`);
    return cell;
  });
  return sql`select ${new Sql(cells.join(` || ',' || `), [])} || E'\\r\\n' as "line" from (${csvRecordsSql(snippetId, f, tz)}) r`;
}
