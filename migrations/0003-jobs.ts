import { Migration } from '@mikro-orm/migrations';

// Jobs of the in-process queue (used when REDIS_URL is not set). Status lives here so it
// survives restarts and reads the same from every instance; a lease (locked_by, locked_until)
// renewed while a job runs lets a job whose process died be picked up again.
export class Migration0003Jobs extends Migration {
  override up(): void {
    this.addSql(`create table job (
      id text primary key,
      name text not null,
      data jsonb not null,
      state text not null default 'queued' check (state in ('queued', 'active', 'completed', 'failed')),
      progress smallint not null default 0 check (progress between 0 and 100),
      attempts_made integer not null default 0,
      max_attempts integer not null check (max_attempts >= 1),
      run_at timestamptz not null default now(),
      locked_by text null,
      locked_until timestamptz null,
      result jsonb null,
      error text null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      finished_at timestamptz null
    )`);
    this.addSql(`create index job_runnable_idx on job (name, run_at) where state = 'queued'`);
    this.addSql(`create index job_lease_idx on job (name, locked_until) where state = 'active'`);
    this.addSql(`create index job_finished_at_idx on job (finished_at) where finished_at is not null`);
  }

  override down(): void {
    this.addSql('drop table job');
  }
}
