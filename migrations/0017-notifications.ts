import { Migration } from '@mikro-orm/migrations';

// Notifications to the owner (issue 18 part 1): which events mail the owner (an account default
// and per-EyeMail overrides; no row: every event), the events a named recipient caused (the
// dashboard's bell, and what a digest lists), and per owner, EyeMail and recipient when the last
// mail went, so at most one goes an hour.
export class Migration0017Notifications extends Migration {
  override up(): void {
    this.addSql(`create table notification_setting (
      user_id uuid not null references app_user (id) on delete cascade,
      -- null: the account default
      snippet_id uuid null references snippet (id) on delete cascade,
      events text[] not null,
      updated_at timestamptz not null default now()
    )`);
    this.addSql('create unique index notification_setting_default_idx on notification_setting (user_id) where snippet_id is null');
    this.addSql('create unique index notification_setting_snippet_idx on notification_setting (user_id, snippet_id) where snippet_id is not null');
    this.addSql(`create table notification_event (
      id bigint generated always as identity primary key,
      user_id uuid not null references app_user (id) on delete cascade,
      snippet_id uuid not null references snippet (id) on delete cascade,
      receiver text not null,
      kind text not null check (kind in ('open', 'play', 'half', 'click')),
      occurred_at timestamptz not null,
      -- whether a mail is due: 'mailed', 'held' (for the digest), 'digested', 'off' (not chosen)
      mail_state text not null check (mail_state in ('mailed', 'held', 'digested', 'off')),
      read_at timestamptz null,
      created_at timestamptz not null default now()
    )`);
    this.addSql('create index notification_event_user_idx on notification_event (user_id, id desc)');
    this.addSql(`create index notification_event_held_idx on notification_event (user_id, snippet_id, receiver) where mail_state = 'held'`);
    this.addSql(`create table notification_window (
      user_id uuid not null references app_user (id) on delete cascade,
      snippet_id uuid not null references snippet (id) on delete cascade,
      receiver text not null,
      last_mail_at timestamptz not null,
      -- when the held events are due as a digest (null: none held)
      digest_at timestamptz null,
      primary key (user_id, snippet_id, receiver)
    )`);
    this.addSql('create index notification_window_digest_idx on notification_window (digest_at) where digest_at is not null');
  }

  override down(): void {
    this.addSql('drop table notification_window');
    this.addSql('drop table notification_event');
    this.addSql('drop table notification_setting');
  }
}
