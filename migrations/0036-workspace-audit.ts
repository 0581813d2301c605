import { Migration } from '@mikro-orm/migrations';

// The audit log of a company: who did what to whom, and when (invitations, role changes,
// removals, leaving, transfers, integrations). Kept with the workspace; a person's name and
// address are copied into the row so the log still reads after they leave or their account goes.
export class Migration0036WorkspaceAudit extends Migration {
  override up(): void {
    this.addSql(`create table workspace_audit (
      id bigint generated always as identity primary key,
      workspace_id uuid not null references workspace (id) on delete cascade,
      actor_id uuid null references app_user (id) on delete set null,
      actor_name text not null,
      action text not null check (length(action) between 1 and 60),
      subject text null check (length(subject) <= 320),
      detail text null check (length(detail) <= 500),
      created_at timestamptz not null default now()
    )`);
    this.addSql('create index workspace_audit_workspace_idx on workspace_audit (workspace_id, created_at desc, id desc)');
  }

  override down(): void {
    this.addSql('drop table workspace_audit');
  }
}
