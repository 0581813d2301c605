import type { PlayRecord } from '../shared/report-types.js';
import type { ReportFilter, ReportPage } from './report-filter.js';
import { Sql, sql } from '../database/sql-template.js';
import { filterSql, WHO_COLUMNS } from './report-sql.js';

// The report's reads of the viewer's plays and visits (video_play, viewer_visit; migration 0012).
// Pure, like report-sql.ts, whose filter they reuse: each table is read as row `e`, its time as
// occurred_at. Only counted plays (2 s or more) are plays.

const PLAYS = new Sql('(select p.*, p.started_at as occurred_at from video_play p where p.counted) e', []);

// A play as the per-viewer table needs it: the shared PlayRecord before what is made from its
// stretches (shares, the strip: src/shared/metrics), with the stretches themselves.
export type PlayRow = Omit<PlayRecord, 'shareWatched' | 'completed' | 'seconds'> & { segments: [number, number, number][] };

// The plays of a snippet, newest first, one page.
export function playsSql(snippetId: string, f: ReportFilter, tz: string, page: ReportPage): Sql {
  return sql`select
      e.play_id::text as "playId",
      to_char(e.started_at at time zone ${tz}, 'YYYY-MM-DD') as "date",
      to_char(e.started_at at time zone ${tz}, 'HH24:MI:SS') as "time",
      to_char(e.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "startedAtUtc",
      ${WHO_COLUMNS},
      e.machine_reason as "machineReason",
      e.video_duration_secs as "videoDuration",
      e.watched_secs as "watchedSecs",
      e.sound_on as "soundOn",
      e.ranges as "ranges",
      e.segments as "segments"
    from ${PLAYS}
    where e.snippet_id = ${snippetId} and ${filterSql(f, tz)}
    order by e.started_at desc, e.play_id
    limit ${page.size} offset ${(page.page - 1) * page.size}`;
}

export function playCountSql(snippetId: string, f: ReportFilter, tz: string): Sql {
  return sql`select count(*)::int as "total" from ${PLAYS} where e.snippet_id = ${snippetId} and ${filterSql(f, tz)}`;
}
