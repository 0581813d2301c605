import { Migration } from '@mikro-orm/migrations';

// Uploaded files (videos, images, GIFs) and the email encodings of uploaded videos.
export class Migration0004Media extends Migration {
  override up(): void {
    this.addSql(`create table media_file (
      id uuid primary key,
      owner_id uuid not null references app_user (id) on delete cascade,
      kind text not null check (kind in ('video', 'image', 'gif', 'logo', 'cover', 'videoIcon', 'profile', 'attachment')),
      file_name text not null check (length(file_name) between 1 and 255),
      content_type text not null,
      size bigint not null check (size > 0),
      storage_key text not null unique,
      -- a small poster frame cut at upload (videos only), for the library grid
      poster_key text null unique,
      width integer null,
      height integer null,
      duration_secs real null,
      created_at timestamptz not null default now()
    )`);
    this.addSql('create index media_file_owner_kind_created_idx on media_file (owner_id, kind, created_at desc)');

    this.addSql(`create table video_encoding (
      id uuid primary key,
      owner_id uuid not null references app_user (id) on delete cascade,
      source_file_id uuid not null references media_file (id) on delete cascade,
      overlay text not null check (overlay in ('black', 'white', 'none')),
      width integer not null check (width between 600 and 800),
      state text not null default 'queued' check (state in ('queued', 'active', 'completed', 'failed')),
      progress smallint not null default 0 check (progress between 0 and 100),
      error text null,
      mp4_key text null unique,
      poster_key text null unique,
      gif_key text null unique,
      out_width integer null,
      out_height integer null,
      duration_secs real null,
      has_audio boolean null,
      gif_bytes integer null,
      job_id text null,
      -- the attempt working on it now; a stale attempt (its worker lost the job) cannot write
      run_token uuid null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      completed_at timestamptz null,
      -- the three outputs are recorded together, and only for a completed encoding
      check ((state = 'completed') = (mp4_key is not null and poster_key is not null and gif_key is not null)),
      check (num_nulls(mp4_key, poster_key, gif_key) in (0, 3))
    )`);
    // Identical requests share one encode; a failed one does not block a new try.
    this.addSql(`create unique index video_encoding_source_options_uidx on video_encoding (source_file_id, overlay, width) where state <> 'failed'`);
    this.addSql('create index video_encoding_source_completed_idx on video_encoding (source_file_id, completed_at desc)');
    this.addSql('create index video_encoding_owner_idx on video_encoding (owner_id, created_at desc)');
  }

  override down(): void {
    this.addSql('drop table video_encoding');
    this.addSql('drop table media_file');
  }
}
