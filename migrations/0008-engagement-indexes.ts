import { Migration } from '@mikro-orm/migrations';

// Indexes the report reads need at scale (measured by bench/report.mjs on 1 M rows of a snippet):
// - uniqueness and the ingest's click lookup for viewers known only by their address (receiver
//   null) compare by IP: without this index each such record scanned every address-only row of
//   the snippet before it (0.7 s a record at 1 M rows);
// - a click's play time sums the plays joined to it (click_id).
export class Migration0008EngagementIndexes extends Migration {
  override up(): void {
    this.addSql('create index engagement_snippet_ip_idx on engagement (snippet_id, ip, occurred_at) where receiver is null');
    this.addSql('create index engagement_click_plays_idx on engagement (click_id) where click_id is not null');
  }

  override down(): void {
    this.addSql('drop index engagement_click_plays_idx');
    this.addSql('drop index engagement_snippet_ip_idx');
  }
}
