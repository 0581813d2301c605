import { Migration } from '@mikro-orm/migrations';

// How many of a journal row's events are each snippet's ({"<snippet id>": n}), written with the
// row: a report read that could not wait for the whole journal says how many of its EyeMail's hits
// are still waiting (ingest/ingest-journal.repository.ts waitingFor) from these small values,
// without decompressing every waiting batch. Null on rows written before (not counted).
export class Migration0027JournalSnippetCounts extends Migration {
  override up(): void {
    this.addSql('alter table ingest_journal add column snippet_counts jsonb null');
  }

  override down(): void {
    this.addSql('alter table ingest_journal drop column snippet_counts');
  }
}
