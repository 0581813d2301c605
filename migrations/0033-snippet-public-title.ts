import { Migration } from '@mikro-orm/migrations';

// The title recipients see (the viewer page's <title> and og:title, alt texts and aria-labels of
// the viewer and the exported email), apart from the name that stays the owner's own. An
// EyeMail saved before takes its name, so nothing already sent changes. Nullable: a row written
// without it (an older writer) shows its name (recipientTitle in shared/snippet-rules).
export class Migration0033SnippetPublicTitle extends Migration {
  override up(): void {
    this.addSql('alter table snippet add column public_title text null');
    this.addSql('update snippet set public_title = title');
  }

  override down(): void {
    this.addSql('alter table snippet drop column public_title');
  }
}
