import { Migration } from '@mikro-orm/migrations';

// Infrastructure shared by every instance: the generated session secret, the session store and
// the rate-limit counters (kept in the database so limits hold across instances).
export class Migration0001Foundation extends Migration {
  override up(): void {
    this.addSql(`create table app_secret (
      name text primary key,
      value text not null,
      created_at timestamptz not null default now()
    )`);
    this.addSql(`create table http_session (
      sid text primary key,
      user_id uuid null,
      data jsonb not null,
      expires_at timestamptz not null
    )`);
    this.addSql('create index http_session_expires_at_idx on http_session (expires_at)');
    this.addSql('create index http_session_user_id_idx on http_session (user_id)');
    this.addSql(`create table rate_limit_hit (
      key text primary key,
      hits integer not null,
      window_ends_at timestamptz not null
    )`);
  }

  override down(): void {
    this.addSql('drop table rate_limit_hit');
    this.addSql('drop table http_session');
    this.addSql('drop table app_secret');
  }
}
