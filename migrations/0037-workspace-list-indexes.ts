import { Migration } from '@mikro-orm/migrations';

// The dashboard's lists read a workspace's EyeMails newest first and its library by kind, newest
// first: one index each, in that order, instead of the plain workspace_id indexes of 0034. The
// owner_id indexes stay for what counts per person (the storage quota, fair use).
export class Migration0037WorkspaceListIndexes extends Migration {
  override up(): void {
    this.addSql('create index snippet_workspace_updated_idx on snippet (workspace_id, updated_at desc)');
    this.addSql('drop index snippet_workspace_idx');
    this.addSql('create index media_file_workspace_kind_created_idx on media_file (workspace_id, kind, created_at desc)');
    this.addSql('drop index media_file_workspace_idx');
  }

  override down(): void {
    this.addSql('create index media_file_workspace_idx on media_file (workspace_id)');
    this.addSql('drop index media_file_workspace_kind_created_idx');
    this.addSql('create index snippet_workspace_idx on snippet (workspace_id)');
    this.addSql('drop index snippet_workspace_updated_idx');
  }
}
