import { Migration } from '@mikro-orm/migrations';

// Who follows an EyeMail: the notifier looks its followers up by EyeMail for every batch of events
// (notification_setting's own indexes start with the person).
export class Migration0038FollowersIndex extends Migration {
  override up(): void {
    this.addSql('create index notification_setting_followers_idx on notification_setting (snippet_id, user_id) where snippet_id is not null');
  }

  override down(): void {
    this.addSql('drop index notification_setting_followers_idx');
  }
}
