import { Migration } from '@mikro-orm/migrations';

// Invitations to a company workspace. Each is for one address (stored lower-cased) with a role;
// its link's token is kept only as a SHA-256 hash and is replaced when the invitation is resent,
// so the older link stops working. One open invitation (neither accepted nor revoked) per company
// and address. Accepted and revoked ones stay, with who accepted and when.
//
// invitation_send counts the invitation mails (new and resent) for the hourly limits per company
// and per inviter; rows older than an hour are pruned as new ones are written.
export class Migration0035Invitations extends Migration {
  override up(): void {
    this.addSql(`create table invitation (
      id uuid primary key,
      workspace_id uuid not null references workspace (id) on delete cascade,
      email text not null check (email = lower(email)),
      role text not null check (role in ('admin', 'editor', 'viewer')),
      invited_by uuid null references app_user (id) on delete set null,
      token_hash text not null unique,
      created_at timestamptz not null default now(),
      sent_at timestamptz not null default now(),
      expires_at timestamptz not null,
      accepted_at timestamptz null,
      accepted_by uuid null references app_user (id) on delete set null,
      revoked_at timestamptz null,
      check (accepted_at is null or revoked_at is null)
    )`);
    this.addSql(`create unique index invitation_open_uidx on invitation (workspace_id, email) where accepted_at is null and revoked_at is null`);
    this.addSql(`create table invitation_send (
      id bigint generated always as identity primary key,
      workspace_id uuid not null references workspace (id) on delete cascade,
      sender_id uuid not null references app_user (id) on delete cascade,
      sent_at timestamptz not null default now()
    )`);
    this.addSql('create index invitation_send_workspace_idx on invitation_send (workspace_id, sent_at)');
    this.addSql('create index invitation_send_sender_idx on invitation_send (sender_id, sent_at)');
  }

  override down(): void {
    this.addSql('drop table invitation_send');
    this.addSql('drop table invitation');
  }
}
