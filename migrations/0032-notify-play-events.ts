import { Migration } from '@mikro-orm/migrations';

// A play's further notification events (issue 34): watched to the end ('end') and the sound
// turned on ('sound'), beside open, play, half and click. Settings keep what they chose; those
// without one get 'end' too (notifications/notification-rules.ts DEFAULT_EVENTS).
export class Migration0032NotifyPlayEvents extends Migration {
  override up(): void {
    this.addSql('alter table notification_event drop constraint notification_event_kind_check');
    this.addSql(`alter table notification_event add constraint notification_event_kind_check
      check (kind in ('open', 'play', 'half', 'end', 'sound', 'click'))`);
  }

  override down(): void {
    this.addSql(`delete from notification_event where kind in ('end', 'sound')`);
    this.addSql(`update notification_setting set events = array_remove(array_remove(events, 'end'), 'sound')`);
    this.addSql('alter table notification_event drop constraint notification_event_kind_check');
    this.addSql(`alter table notification_event add constraint notification_event_kind_check check (kind in ('open', 'play', 'half', 'click'))`);
  }
}
