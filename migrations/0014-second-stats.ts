import { Migration } from '@mikro-orm/migrations';

// The per-second engagement histogram of each EyeMail (issue 17 "Speed"): per second of the
// video, the counted plays that watched it and the extra times they played it, split by machine
// traffic, so the report's engagement graph reads a row per second instead of every play's
// segments. Kept by the ingest in the transaction that merges a play (src/tracking/second-stats.ts);
// the plays stored before are added up here, by the same rule (a segment covers second i when it
// covers i + 0.5; every second of a counted play's video has a row).
export const BACKFILL_SECOND_STATS_SQL = `
  insert into video_second_stats (snippet_id, machine, second, watching, rewatches)
  select snippet_id, machine, second, sum(watching)::int, sum(rewatches)::int from (
    select p.snippet_id, p.machine_reason is not null as machine, s.sec as second, 0 as watching, 0 as rewatches
    from video_play p cross join lateral generate_series(0, ceil(p.video_duration_secs)::int - 1) as s(sec)
    where p.counted and p.video_duration_secs > 0
    union all
    select p.snippet_id, p.machine_reason is not null, s.sec, 1, count(*) - 1
    from video_play p
    cross join lateral jsonb_array_elements(p.segments) as seg
    cross join lateral generate_series(greatest(0, ceil((seg->>1)::float8 - 0.5))::int, (ceil((seg->>2)::float8 - 0.5) - 1)::int) as s(sec)
    where p.counted and p.video_duration_secs > 0
    group by p.play_id, p.snippet_id, p.machine_reason, s.sec
  ) x
  group by snippet_id, machine, second
  on conflict (snippet_id, machine, second) do update
    set watching = video_second_stats.watching + excluded.watching, rewatches = video_second_stats.rewatches + excluded.rewatches`;

export class Migration0014SecondStats extends Migration {
  override up(): void {
    this.addSql(`create table video_second_stats (
      snippet_id uuid not null references snippet (id) on delete cascade,
      machine boolean not null,
      second integer not null,
      watching integer not null default 0,
      rewatches integer not null default 0,
      primary key (snippet_id, machine, second)
    )`);
    this.addSql(BACKFILL_SECOND_STATS_SQL);
  }

  override down(): void {
    this.addSql('drop table video_second_stats');
  }
}
