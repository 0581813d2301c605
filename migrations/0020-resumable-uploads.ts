import { Migration } from '@mikro-orm/migrations';

// Resumable (tus) uploads (issue 19 part 4): who owns each upload in progress, what it declared,
// when a byte last arrived (unfinished ones untouched for UPLOAD_RESUME_HOURS are swept) and,
// once finished and checked, the file it became (so a client that lost the last answer can learn
// it). The bytes themselves wait in DATA_DIR/tmp/tus until the last one arrives.
export class Migration0020ResumableUploads extends Migration {
  override up(): void {
    this.addSql(`create table resumable_upload (
      id text primary key,
      owner_id uuid not null references app_user (id) on delete cascade,
      source text not null check (source in ('file', 'recorder')),
      file_name text not null,
      file_type text not null,
      -- null while the length is deferred (a recording still going)
      upload_length bigint null,
      media_file_id uuid null references media_file (id) on delete set null,
      finished_at timestamptz null,
      created_at timestamptz not null default now(),
      touched_at timestamptz not null default now()
    )`);
    this.addSql('create index resumable_upload_owner_idx on resumable_upload (owner_id) where finished_at is null');
    this.addSql('create index resumable_upload_touched_idx on resumable_upload (touched_at)');
  }

  override down(): void {
    this.addSql('drop table if exists resumable_upload');
  }
}
