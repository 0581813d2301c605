import { Migration } from '@mikro-orm/migrations';

// The fan-out of committed engagement (webhooks, notifications) survives a hard kill: the batch
// statement that stores the ingest's rows also stores, for each module that will fan them out, a
// row here naming the new rows (engagement_ids), or holding the events themselves when they are
// not engagement rows (a play's milestones, `events`). The row goes once that module's fan-out job
// is queued; a sweeper queues what is older than a few seconds (a process killed in between).
// Written only for batches something will fan out, and short-lived: a queue table.
// A notification event names what caused it (event_key: the stored row, or a play's milestone),
// so an event fanned out twice (a replay after a kill) is recorded, and mailed, once.
export class Migration0025EngagementOutbox extends Migration {
  override up(): void {
    this.addSql(`create table if not exists engagement_outbox (
      id bigint generated always as identity primary key,
      consumer text not null,
      engagement_ids bigint[] null,
      events jsonb null,
      created_at timestamptz not null default now()
    )`);
    this.addSql('create index if not exists engagement_outbox_created_idx on engagement_outbox (created_at)');
    this.addSql('alter table notification_event add column if not exists event_key text null');
    this.addSql('create unique index if not exists notification_event_key_idx on notification_event (event_key) where event_key is not null');
  }

  override down(): void {
    this.addSql('drop index if exists notification_event_key_idx');
    this.addSql('alter table notification_event drop column if exists event_key');
    this.addSql('drop table if exists engagement_outbox');
  }
}
