import { Migration } from '@mikro-orm/migrations';

// Trimmed encodes of recordings. An encoding is identified by its video, overlay, width and cut
// (start and end in seconds; 0 and 0 is the whole video), so the unique index of live encodings
// takes the cut in. video_cut remembers the cut chosen for a video (in the recorder, or with an
// encode request), so every later encode of it and every EyeMail showing it uses that cut.
export class Migration0021RecordingTrim extends Migration {
  override up(): void {
    this.addSql(`alter table video_encoding add column trim_start double precision not null default 0, add column trim_end double precision not null default 0`);
    this.addSql('drop index video_encoding_source_options_uidx');
    this.addSql(
      `create unique index video_encoding_source_options_uidx on video_encoding (source_file_id, overlay, width, trim_start, trim_end) where state <> 'failed'`,
    );
    this.addSql(`create table video_cut (
      file_id uuid primary key references media_file (id) on delete cascade,
      start_secs double precision not null,
      end_secs double precision not null,
      updated_at timestamptz not null default now(),
      constraint video_cut_order check (start_secs >= 0 and (end_secs = 0 or end_secs > start_secs))
    )`);
  }

  override down(): void {
    this.addSql('drop table video_cut');
    this.addSql('drop index video_encoding_source_options_uidx');
    this.addSql(`delete from video_encoding where trim_start <> 0 or trim_end <> 0`);
    this.addSql(`create unique index video_encoding_source_options_uidx on video_encoding (source_file_id, overlay, width) where state <> 'failed'`);
    this.addSql('alter table video_encoding drop column trim_start, drop column trim_end');
  }
}
