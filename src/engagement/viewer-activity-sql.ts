// The ingest's statements on viewer_visit and video_play (migration 0012), run by
// ViewerActivityRepository (one statement per batch: the visits as one JSON parameter, the plays
// with native array parameters).
import { jsonRowsInsert } from '../database/json-rows.js';

// Who made a visit or a play, as stored with it.
export interface Who {
  receiver: string | null;
  ip: string | null;
  countryCode: string | null;
  countryName: string | null;
  region: string | null;
  city: string | null;
  deviceType: string | null;
  platform: string | null;
  client: string | null;
  userAgent: string | null;
  machineReason: string | null;
}

export interface NewVisit extends Who {
  snippetId: string;
  occurredAt: Date;
  page: 'live' | 'web-view';
}

// A play as the batch leaves it: everything merged with what was stored.
export interface PlayRow extends Who {
  playId: string;
  snippetId: string;
  startedAt: Date;
  updatedAt: Date;
  videoDurationSecs: number | null;
  // JSON text: [[number, start, end], ...] and [[start, end], ...]
  segments: string;
  ranges: string;
  watchedSecs: number;
  counted: boolean;
  soundOn: boolean;
  reports: number;
}

// A stored play, as the merge needs it.
export interface StoredPlay {
  playId: string;
  snippetId: string;
  segments: [number, number, number][];
  soundOn: boolean;
  videoDurationSecs: number | null;
  counted: boolean;
  machineReason: string | null;
}

// A change to the per-second histogram (video_second_stats, migration 0014).
export interface SecondStatsDelta {
  snippetId: string;
  machine: boolean;
  second: number;
  watching: number;
  rewatches: number;
}

type Column<R> = [column: string, arrayType: string, property: keyof R & string];

// The viewer (who, from where, on what), as engagement, viewer_visit and video_play each store them.
export const VIEWER_COLUMNS: Column<Omit<Who, 'machineReason'>>[] = [
  ['receiver', 'text[]', 'receiver'],
  ['ip', 'inet[]', 'ip'],
  ['country_code', 'text[]', 'countryCode'],
  ['country_name', 'text[]', 'countryName'],
  ['region', 'text[]', 'region'],
  ['city', 'text[]', 'city'],
  ['device_type', 'text[]', 'deviceType'],
  ['platform', 'text[]', 'platform'],
  ['client', 'text[]', 'client'],
  ['user_agent', 'text[]', 'userAgent'],
];

const WHO_COLUMNS: Column<Who>[] = [...VIEWER_COLUMNS, ['machine_reason', 'text[]', 'machineReason']];

export const VISIT_COLUMNS: Column<NewVisit>[] = [
  ['snippet_id', 'uuid[]', 'snippetId'],
  ['occurred_at', 'timestamptz[]', 'occurredAt'],
  ['page', 'text[]', 'page'],
  ...WHO_COLUMNS,
];

export const PLAY_COLUMNS: Column<PlayRow>[] = [
  ['play_id', 'uuid[]', 'playId'],
  ['snippet_id', 'uuid[]', 'snippetId'],
  ['started_at', 'timestamptz[]', 'startedAt'],
  ['updated_at', 'timestamptz[]', 'updatedAt'],
  ...WHO_COLUMNS,
  ['video_duration_secs', 'float8[]', 'videoDurationSecs'],
  ['segments', 'jsonb[]', 'segments'],
  ['ranges', 'jsonb[]', 'ranges'],
  ['watched_secs', 'float8[]', 'watchedSecs'],
  ['counted', 'bool[]', 'counted'],
  ['sound_on', 'bool[]', 'soundOn'],
  ['reports', 'int[]', 'reports'],
];

const unnest = <R>(columns: Column<R>[]) => `unnest(${columns.map(([, t], i) => `$${i + 1}::${t}`).join(', ')})`;

// The visits as one JSON parameter (json-rows.ts).
export const VISIT_INSERT_SQL = jsonRowsInsert('viewer_visit', VISIT_COLUMNS);

// The batch's plays are locked by id (in order, so two instances never deadlock) before their
// stored state is read: a play reported to two instances at once is merged by one, then the other.
export const PLAY_LOCK_SQL = `
  select count(pg_advisory_xact_lock(k))::int as locked
  from (select distinct hashtextextended(p::text, 17) as k from unnest($1::uuid[]) as p order by 1) as ids`;

export const PLAY_SELECT_SQL = `
  select play_id::text as "playId", snippet_id::text as "snippetId", segments, sound_on as "soundOn",
    video_duration_secs as "videoDurationSecs", counted, machine_reason as "machineReason"
  from video_play where play_id = any($1::uuid[])`;

// The batch's changes to the histogram, added to its rows (in key order: two instances adding to
// the same seconds lock them in the same order).
export const SECOND_STATS_ADD_SQL = `
  insert into video_second_stats as s (snippet_id, machine, second, watching, rewatches)
  select * from unnest($1::uuid[], $2::bool[], $3::int[], $4::int[], $5::int[])
  on conflict (snippet_id, machine, second) do update
    set watching = s.watching + excluded.watching, rewatches = s.rewatches + excluded.rewatches`;

// New plays are inserted; stored ones get their merged state (who and when it started stay as
// first stored). Never across snippets: the writer has refused those already, and the where
// clause keeps it so.
export const PLAY_UPSERT_SQL = `
  insert into video_play (${PLAY_COLUMNS.map(([c]) => c).join(', ')})
  select * from ${unnest(PLAY_COLUMNS)}
  on conflict (play_id) do update set
    updated_at = excluded.updated_at,
    video_duration_secs = excluded.video_duration_secs,
    segments = excluded.segments,
    ranges = excluded.ranges,
    watched_secs = excluded.watched_secs,
    counted = excluded.counted,
    sound_on = excluded.sound_on,
    reports = video_play.reports + excluded.reports
  where video_play.snippet_id = excluded.snippet_id`;
