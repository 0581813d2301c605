import { Migration } from '@mikro-orm/migrations';

// Support (contact inquiries and feedback, each stored before it is mailed to the support
// address, with the state of that mail) and the accounts module's audit log of admin status
// changes.
export class Migration0007Support extends Migration {
  override up(): void {
    // Sender details are copied in: the mail is retried later, and an inquiry outlives the snippet
    // it names. Attachments are media_file ids (the files module owns those rows).
    this.addSql(`create table support_inquiry (
      id uuid primary key,
      user_id uuid not null references app_user (id) on delete cascade,
      sender_email text not null,
      sender_name text not null,
      type text not null check (type in ('General Inquiry', 'Feature Suggestion', 'Bug / Issues')),
      snippet_id uuid null,
      snippet_title text null,
      snippet_url text null,
      message text not null check (length(message) between 1 and 5000),
      attachment_ids uuid[] not null default '{}' check (cardinality(attachment_ids) <= 3),
      mail_state text not null default 'pending' check (mail_state in ('pending', 'sent', 'failed')),
      mail_attempts integer not null default 0,
      mail_error text null,
      mailed_at timestamptz null,
      created_at timestamptz not null default now()
    )`);
    this.addSql('create index support_inquiry_user_idx on support_inquiry (user_id, created_at desc)');
    this.addSql(`create index support_inquiry_pending_idx on support_inquiry (created_at) where mail_state = 'pending'`);

    this.addSql(`create table support_feedback (
      id uuid primary key,
      user_id uuid not null references app_user (id) on delete cascade,
      sender_email text not null,
      sender_name text not null,
      text text not null check (length(text) between 1 and 5000),
      mail_state text not null default 'pending' check (mail_state in ('pending', 'sent', 'failed')),
      mail_attempts integer not null default 0,
      mail_error text null,
      mailed_at timestamptz null,
      created_at timestamptz not null default now()
    )`);
    this.addSql(`create index support_feedback_pending_idx on support_feedback (created_at) where mail_state = 'pending'`);

    // Who changed whose status, when, to what. Addresses are copied so the log still reads
    // after an account is deleted.
    this.addSql(`create table account_status_change (
      id uuid primary key,
      actor_id uuid null references app_user (id) on delete set null,
      actor_email text not null,
      user_id uuid null references app_user (id) on delete set null,
      user_email text not null,
      was_active boolean not null,
      is_active boolean not null,
      changed_at timestamptz not null default now()
    )`);
    this.addSql('create index account_status_change_user_idx on account_status_change (user_id, changed_at desc)');

    // The admin user list searches names and addresses and sorts by join date.
    this.addSql(`create index app_user_role_created_idx on app_user (role, created_at desc)`);
  }

  override down(): void {
    this.addSql('drop index app_user_role_created_idx');
    this.addSql('drop table account_status_change');
    this.addSql('drop table support_feedback');
    this.addSql('drop table support_inquiry');
  }
}
