import { Migration } from '@mikro-orm/migrations';

// The cap on immediate notification mails (issue 33; notifications/notification-cap.ts): per owner
// and EyeMail the cap window's start, how many mails it sent and when its summary is due; the
// address each event came from (new recipients from one address past what one person does are
// counted in the summary, not mailed); and a mail state for events counted in a summary.
export class Migration0028NotificationCap extends Migration {
  override up(): void {
    this.addSql(`create table notification_cap (
      user_id uuid not null references app_user (id) on delete cascade,
      snippet_id uuid not null references snippet (id) on delete cascade,
      window_start timestamptz not null,
      mails int not null,
      -- when the capped events are due as a summary (null: none capped)
      digest_at timestamptz null,
      primary key (user_id, snippet_id)
    )`);
    this.addSql('create index notification_cap_digest_idx on notification_cap (digest_at) where digest_at is not null');
    this.addSql('alter table notification_event add column ip inet null');
    this.addSql('alter table notification_event drop constraint notification_event_mail_state_check');
    this.addSql(`alter table notification_event add constraint notification_event_mail_state_check
      check (mail_state in ('mailed', 'held', 'digested', 'off', 'capped'))`);
    this.addSql(`create index notification_event_capped_idx on notification_event (user_id, snippet_id) where mail_state = 'capped'`);
    this.addSql('create index notification_event_address_idx on notification_event (snippet_id, ip, occurred_at) where ip is not null');
  }

  override down(): void {
    this.addSql('drop index notification_event_address_idx');
    this.addSql('drop index notification_event_capped_idx');
    this.addSql(`update notification_event set mail_state = 'digested' where mail_state = 'capped'`);
    this.addSql('alter table notification_event drop constraint notification_event_mail_state_check');
    this.addSql(`alter table notification_event add constraint notification_event_mail_state_check check (mail_state in ('mailed', 'held', 'digested', 'off'))`);
    this.addSql('alter table notification_event drop column ip');
    this.addSql('drop table notification_cap');
  }
}
