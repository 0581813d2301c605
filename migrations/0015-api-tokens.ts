import { Migration } from '@mikro-orm/migrations';

// Personal API tokens (read reports and feeds with `Authorization: Bearer`) and feed links (a
// secret key in the address for tools that cannot send a header). A token is stored as its
// SHA-256 only; a feed link's key is derived from a server secret and the row's nonce, so the
// table alone opens nothing and a new nonce ("reset link") ends the old address.
export class Migration0015ApiTokens extends Migration {
  override up(): void {
    this.addSql(`create table api_token (
      id uuid primary key,
      user_id uuid not null references app_user (id) on delete cascade,
      name text not null check (length(name) between 1 and 80),
      token_hash text not null unique,
      prefix text not null,
      scopes text[] not null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz null
    )`);
    this.addSql('create index api_token_user_idx on api_token (user_id, created_at desc)');
    this.addSql(`create table feed_link (
      snippet_id uuid primary key references snippet (id) on delete cascade,
      user_id uuid not null references app_user (id) on delete cascade,
      nonce text not null,
      created_at timestamptz not null default now()
    )`);
  }

  override down(): void {
    this.addSql('drop table feed_link');
    this.addSql('drop table api_token');
  }
}
