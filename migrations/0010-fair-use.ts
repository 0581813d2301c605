import { Migration } from '@mikro-orm/migrations';

// Fair use of the encoder. Jobs of the in-process queue name their group (the account) and when
// they started, so the next job is taken from the account served least recently; encodings
// record when they started; the per-account count of live encodings has its own index.
export class Migration0010FairUse extends Migration {
  override up(): void {
    this.addSql(`alter table job add column group_key text not null default '', add column started_at timestamptz null`);
    this.addSql(`create index job_group_started_idx on job (name, group_key, started_at)`);
    this.addSql('alter table video_encoding add column started_at timestamptz null');
    this.addSql(`create index video_encoding_owner_live_idx on video_encoding (owner_id) where state in ('queued', 'active')`);
  }

  override down(): void {
    this.addSql('drop index video_encoding_owner_live_idx');
    this.addSql('alter table video_encoding drop column started_at');
    this.addSql('drop index job_group_started_idx');
    this.addSql('alter table job drop column group_key, drop column started_at');
  }
}
