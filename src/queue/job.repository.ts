import { KEEP_COMPLETED_MS, KEEP_FAILED_MS } from './queue-rules.js';
import { toFairCandidate, toJobStatus, type ClaimedJob } from './job-rows.js';
import type { JobStatus } from './job-queue.js';
import type { FairCandidate } from './queue-rules.js';

// Runs a statement with `?` placeholders and returns its rows.
export type SqlRunner = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

const MS = `?::double precision * interval '1 millisecond'`;
// A job that may be claimed: queued and due, or running on a lease that ran out.
const CLAIMABLE = `((state = 'queued' and run_at <= now()) or (state = 'active' and locked_until < now()))`;

// The job table of the in-process queue, only here. A running job is held by its lease
// (locked_by), renewed while it runs: every change to a running job is guarded by the lease, so
// an instance that lost it changes nothing.
export class JobRepository {
  constructor(
    private readonly sql: SqlRunner,
    // A running job's lease.
    private readonly lockDurationMs: number,
  ) {}

  // Nothing happens when the id is taken (the caller reads the status to tell).
  async insert(job: { id: string; name: string; data: unknown; maxAttempts: number; group: string }): Promise<void> {
    await this.sql(`insert into job (id, name, data, max_attempts, group_key) values (?, ?, ?::jsonb, ?, ?) on conflict (id) do nothing`, [
      job.id,
      job.name,
      JSON.stringify(job.data ?? null),
      job.maxAttempts,
      job.group,
    ]);
  }

  async findStatus(id: string): Promise<JobStatus | null> {
    const [row] = await this.sql(`select id, name, state, progress, attempts_made as "attemptsMade", result, error from job where id = ?`, [id]);
    return row ? toJobStatus(row) : null;
  }

  // Each group's first claimable job, with how many of the group's jobs run now and when its
  // latest one started (all instances, from the table).
  async candidates(name: string): Promise<FairCandidate[]> {
    const rows = await this.sql(
      `select c.id, c.group_key as "group", c.run_at as "dueAt",
         (select count(*) from job a where a.name = c.name and a.group_key = c.group_key and a.state = 'active' and a.locked_until >= now()) as active,
         (select max(l.started_at) from job l where l.name = c.name and l.group_key = c.group_key) as "lastStartedAt"
       from (
         select distinct on (group_key) id, name, group_key, run_at
         from job
         where name = ? and ${CLAIMABLE}
         order by group_key, run_at, created_at
       ) c`,
      [name],
    );
    return rows.map(toFairCandidate);
  }

  // Claims the job under this lease if it is still claimable (another instance may have claimed
  // it first: the guarded update then waits for that row lock, re-reads the row, changes nothing).
  async claim(id: string, lease: string): Promise<ClaimedJob | null> {
    const rows = await this.sql(
      `update job set state = 'active', attempts_made = attempts_made + 1, progress = 0, locked_by = ?,
         locked_until = now() + ${MS}, started_at = now(), updated_at = now()
       where id = ? and ${CLAIMABLE}
       returning id, name, data, attempts_made as "attemptsMade", max_attempts as "maxAttempts"`,
      [lease, this.lockDurationMs, id],
    );
    return (rows[0] as unknown as ClaimedJob | undefined) ?? null;
  }

  // Records progress and renews the lease.
  async setProgress(id: string, lease: string, percent: number): Promise<void> {
    await this.sql(`update job set progress = ?, locked_until = now() + ${MS}, updated_at = now() where id = ? and locked_by = ? and state = 'active'`, [
      percent,
      this.lockDurationMs,
      id,
      lease,
    ]);
  }

  // false when the lease is no longer ours (another instance took the job over).
  async renew(id: string, lease: string): Promise<boolean> {
    const rows = await this.sql(`update job set locked_until = now() + ${MS}, updated_at = now() where id = ? and locked_by = ? and state = 'active' returning id`, [
      this.lockDurationMs,
      id,
      lease,
    ]);
    return rows.length > 0;
  }

  async complete(id: string, lease: string, resultJson: string): Promise<void> {
    await this.sql(
      `update job set state = 'completed', progress = 100, result = ?::jsonb, error = null, locked_by = null, locked_until = null,
         finished_at = now(), updated_at = now()
       where id = ? and locked_by = ? and state = 'active'`,
      [resultJson, id, lease],
    );
  }

  // Queued again, due after the delay, with the last error kept.
  async retryLater(id: string, lease: string, error: string, delayMs: number): Promise<void> {
    await this.sql(
      `update job set state = 'queued', error = ?, locked_by = null, locked_until = null, run_at = now() + ${MS}, updated_at = now()
       where id = ? and locked_by = ? and state = 'active'`,
      [error, delayMs, id, lease],
    );
  }

  async fail(id: string, lease: string, error: string): Promise<void> {
    await this.sql(
      `update job set state = 'failed', error = ?, locked_by = null, locked_until = null, finished_at = now(), updated_at = now()
       where id = ? and locked_by = ? and state = 'active'`,
      [error, id, lease],
    );
  }

  // Queued again at once, this start uncounted (shutdown).
  async handBack(id: string, lease: string): Promise<void> {
    await this.sql(
      `update job set state = 'queued', attempts_made = greatest(attempts_made - 1, 0), locked_by = null, locked_until = null,
         run_at = now(), updated_at = now()
       where id = ? and locked_by = ? and state = 'active'`,
      [id, lease],
    );
  }

  // A cancelled job, unless it already finished: gone (a process running it loses its lease).
  async remove(id: string): Promise<void> {
    await this.sql(`delete from job where id = ? and state in ('queued', 'active')`, [id]);
  }

  // Finished jobs are kept a week (completed) or a month (failed).
  async purgeFinished(): Promise<void> {
    await this.sql(`delete from job where (state = 'completed' and finished_at < now() - ${MS}) or (state = 'failed' and finished_at < now() - ${MS})`, [
      KEEP_COMPLETED_MS,
      KEEP_FAILED_MS,
    ]);
  }
}
