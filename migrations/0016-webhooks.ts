import { Migration } from '@mikro-orm/migrations';

// Webhooks: each account's endpoints (an https address, the events it wants, all EyeMails or
// some, a signing secret), one delivery per event and endpoint (the signed message, the same for
// every retry) and the log of each try (status, time taken, start of the answer).
export class Migration0016Webhooks extends Migration {
  override up(): void {
    this.addSql(`create table webhook_endpoint (
      id uuid primary key,
      user_id uuid not null references app_user (id) on delete cascade,
      url text not null check (length(url) between 1 and 2000),
      description text null check (length(description) <= 200),
      events text[] not null check (cardinality(events) >= 1),
      snippet_ids uuid[] null check (snippet_ids is null or cardinality(snippet_ids) between 1 and 100),
      secret text not null,
      enabled boolean not null default true,
      disabled_reason text null,
      failing_since timestamptz null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
    this.addSql('create index webhook_endpoint_user_idx on webhook_endpoint (user_id, created_at)');
    this.addSql(`create table webhook_delivery (
      id uuid primary key,
      endpoint_id uuid not null references webhook_endpoint (id) on delete cascade,
      event_type text not null,
      -- The job (fan-out or test) that made it, to find what it made; event_key is unique per endpoint.
      batch_id text not null,
      event_key text not null,
      payload text not null,
      state text not null default 'pending' check (state in ('pending', 'delivered', 'failed', 'skipped')),
      attempts integer not null default 0,
      created_at timestamptz not null default now(),
      finished_at timestamptz null,
      unique (endpoint_id, event_key)
    )`);
    this.addSql(`create index webhook_delivery_batch_idx on webhook_delivery (batch_id) where state = 'pending'`);
    this.addSql('create index webhook_delivery_created_idx on webhook_delivery (created_at)');
    this.addSql(`create table webhook_attempt (
      id bigint generated always as identity primary key,
      delivery_id uuid not null references webhook_delivery (id) on delete cascade,
      endpoint_id uuid not null references webhook_endpoint (id) on delete cascade,
      attempted_at timestamptz not null default now(),
      succeeded boolean not null,
      status_code integer null,
      duration_ms integer not null,
      response_start text null,
      error text null
    )`);
    this.addSql('create index webhook_attempt_endpoint_idx on webhook_attempt (endpoint_id, attempted_at desc, id desc)');
    this.addSql('create index webhook_attempt_delivery_idx on webhook_attempt (delivery_id)');
  }

  override down(): void {
    this.addSql('drop table webhook_attempt');
    this.addSql('drop table webhook_delivery');
    this.addSql('drop table webhook_endpoint');
  }
}
