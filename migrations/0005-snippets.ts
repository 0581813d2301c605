import { Migration } from '@mikro-orm/migrations';

// Snippets (EyeMails). Media is referenced by id only: the files/videos module owns media_file and
// video_encoding. The video and its encoding are RESTRICT, so a snippet never points at a missing
// video (deleting a user still works: their snippets go in the same cascade). Images in use are
// refused by the files API through a usage check; RESTRICT backs that up in the database.
export class Migration0005Snippets extends Migration {
  override up(): void {
    this.addSql(`create table snippet (
      id uuid primary key,
      owner_id uuid not null references app_user (id) on delete cascade,
      title text not null check (length(title) between 1 and 240),
      status boolean not null default true,
      video_file_id uuid not null references media_file (id) on delete restrict,
      encoding_id uuid not null references video_encoding (id) on delete restrict,
      width integer not null default 600 check (width between 600 and 800),
      add_video_overlay boolean not null default false,
      video_overlay text not null default 'none' check (video_overlay in ('none', 'black', 'white')),
      gif_file_id uuid null references media_file (id) on delete restrict,
      logo_file_id uuid null references media_file (id) on delete restrict,
      logo_alignment text not null default 'left' check (logo_alignment in ('left', 'center', 'right')),
      logo_width integer not null default 120 check (logo_width between 40 and 600),
      cover_file_id uuid null references media_file (id) on delete restrict,
      cover_placement text not null default 'below' check (cover_placement in ('above', 'below')),
      cover_spacing smallint not null default 1 check (cover_spacing between 0 and 3),
      video_icon_file_id uuid null references media_file (id) on delete restrict,
      landing_page_url text null check (landing_page_url ~* '^https?://'),
      video_link_url text null check (video_link_url ~* '^https?://'),
      cta_buttons jsonb not null default '[]'::jsonb check (jsonb_typeof(cta_buttons) = 'array'),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
    // The dashboard lists a user's snippets newest updated first.
    this.addSql('create index snippet_owner_updated_idx on snippet (owner_id, updated_at desc)');
    // Usage checks and foreign-key checks when media is deleted look snippets up by file.
    this.addSql('create index snippet_video_file_idx on snippet (video_file_id)');
    this.addSql('create index snippet_encoding_idx on snippet (encoding_id)');
    for (const col of ['gif_file_id', 'logo_file_id', 'cover_file_id', 'video_icon_file_id']) {
      this.addSql(`create index snippet_${col.replace(/_id$/, '')}_idx on snippet (${col}) where ${col} is not null`);
    }
  }

  override down(): void {
    this.addSql('drop table snippet');
  }
}
