import { Migration } from '@mikro-orm/migrations';

// The clicks of one person on a snippet, apart from their opens and plays: the link-scanner check
// reads a click's nearest clicks, and a play's join its latest click before it. Through the
// receiver's index of every kind, such a look-up walked past all the person's other events in
// between (a flood of opens or play reports from one reader made each look-up as long as the
// flood); through these, only clicks. Partial: opens and plays (most rows) do not pay for them.
export class Migration0029ClickIndexes extends Migration {
  override up(): void {
    this.addSql("create index engagement_click_receiver_idx on engagement (snippet_id, receiver, occurred_at) where kind = 'click'");
    this.addSql("create index engagement_click_ip_idx on engagement (snippet_id, ip, occurred_at) where kind = 'click' and receiver is null");
  }

  override down(): void {
    this.addSql('drop index engagement_click_ip_idx');
    this.addSql('drop index engagement_click_receiver_idx');
  }
}
