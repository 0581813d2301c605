import { Migration } from '@mikro-orm/migrations';

// Each EyeMail's all-time record figures (issue 36 "Speed": the company-wide report over 1,000
// EyeMails and 10 M events in 100 ms), so that a report without dates reads two rows an EyeMail
// instead of its quarter-hour counters (report_counter, migration 0023: about one row per event
// when events spread over weeks).
//
// - report_total: per EyeMail and machine or not, the sum of its report_counter rows (records,
//   views, clicks, first_views, first_views_all).
// - report_total_delta: what report_counter's writes added since the last fold, one row per
//   EyeMail, machine or not and statement. Only ever inserted by the writers, so two ingest
//   transactions never wait for each other on an EyeMail's total (a total row updated by every
//   writer would be locked by each batch until it commits, in whatever order its statements
//   reach it: a deadlock with the counters' own row locks).
// - report_total_fold(): moves the deltas into report_total, in key order, in a transaction of its
//   own that holds nothing else (the ingest calls it after each load). One folder at a time (an
//   advisory lock; the others skip); an EyeMail being deleted is skipped (its rows go with it) and
//   the deltas of one deleted before are dropped.
//
// The read adds report_total and report_total_delta (reports/workspace-report-sql.ts): exact at
// any moment, folded or not, since the fold moves rows in one transaction.
//
// Kept by statement-level triggers on report_counter, whoever writes it (the ingest's triggers,
// the machine marking, report_summary_rebuild): an insert adds its rows, an update the new minus
// the old, a delete takes its rows off unless their EyeMail is gone (a deleted EyeMail's
// counters go with it, and so do its totals).
const COLUMNS = ['records', 'views', 'clicks', 'first_views', 'first_views_all'];
const SUMS = COLUMNS.map((c) => `sum(${c})::int`).join(', ');
const ANY_CHANGE = COLUMNS.map((c) => `sum(${c}) <> 0`).join(' or ');
const rows = (t: string, s: number) => `select snippet_id, machine, ${COLUMNS.map((c) => `${s} * ${c} as ${c}`).join(', ')} from ${t}`;
const addDeltas = (d: string) => `
  insert into report_total_delta (snippet_id, machine, ${COLUMNS.join(', ')})
  select snippet_id, machine, ${SUMS} from (${d}) d group by snippet_id, machine having ${ANY_CHANGE}`;

const TRIGGER_FUNCTION = `
create function report_total_delta_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    ${addDeltas(rows('new_rows', 1))};
  elsif tg_op = 'UPDATE' then
    ${addDeltas(`${rows('new_rows', 1)} union all ${rows('old_rows', -1)}`)};
  else
    ${addDeltas(`${rows('old_rows', -1)} o where exists (select 1 from snippet s where s.id = o.snippet_id)`)};
  end if;
  return null;
end $$`;

// The advisory lock's key (any number no other lock of the app uses).
const FOLD_LOCK = 390_039;
export const FOLD_FUNCTION = `
create function report_total_fold() returns integer language plpgsql as $$
declare
  v_moved integer;
begin
  if not pg_try_advisory_xact_lock(${FOLD_LOCK}) then
    return 0;
  end if;
  -- the EyeMails with deltas, each locked against deletion until this commits (one being deleted
  -- is skipped: its deltas stay until it is gone, then are dropped below)
  with live as (
    select id from snippet where id in (select distinct snippet_id from report_total_delta) order by id for key share skip locked
  ),
  moved as (
    delete from report_total_delta d using live where d.snippet_id = live.id
    returning d.snippet_id, d.machine, ${COLUMNS.map((c) => `d.${c}`).join(', ')}
  ),
  added as (
    insert into report_total as x (snippet_id, machine, ${COLUMNS.join(', ')})
    select snippet_id, machine, ${SUMS} from moved group by snippet_id, machine order by snippet_id, machine
    on conflict (snippet_id, machine) do update set ${COLUMNS.map((c) => `${c} = x.${c} + excluded.${c}`).join(', ')}
    returning 1
  )
  select count(*)::int into v_moved from moved;
  delete from report_total_delta d where not exists (select 1 from snippet s where s.id = d.snippet_id);
  return v_moved;
end $$`;

const TRIGGERS = [
  'create trigger report_counter_total_insert after insert on report_counter referencing new table as new_rows for each statement execute function report_total_delta_apply()',
  'create trigger report_counter_total_update after update on report_counter referencing old table as old_rows new table as new_rows for each statement execute function report_total_delta_apply()',
  'create trigger report_counter_total_delete after delete on report_counter referencing old table as old_rows for each statement execute function report_total_delta_apply()',
];

export class Migration0039ReportTotals extends Migration {
  override up(): void {
    this.addSql(`create table report_total (
      snippet_id uuid not null references snippet (id) on delete cascade,
      machine boolean not null,
      ${COLUMNS.map((c) => `${c} integer not null default 0`).join(',\n      ')},
      primary key (snippet_id, machine)
    )`);
    // No foreign key: a writer's insert never waits on the EyeMail's row, and the fold drops the
    // deltas of a deleted EyeMail.
    this.addSql(`create table report_total_delta (
      id bigint generated always as identity primary key,
      snippet_id uuid not null,
      machine boolean not null,
      ${COLUMNS.map((c) => `${c} integer not null default 0`).join(',\n      ')}
    )`);
    this.addSql('create index report_total_delta_snippet_idx on report_total_delta (snippet_id)');
    this.addSql(TRIGGER_FUNCTION);
    this.addSql(FOLD_FUNCTION);
    // Backfilled from the counters under a lock on them (their writers wait), then the triggers.
    this.addSql('lock table report_counter in share row exclusive mode');
    this.addSql(`insert into report_total (snippet_id, machine, ${COLUMNS.join(', ')})
      select snippet_id, machine, ${SUMS} from report_counter group by snippet_id, machine`);
    for (const s of TRIGGERS) this.addSql(s);
  }

  override down(): void {
    for (const op of ['insert', 'update', 'delete']) this.addSql(`drop trigger report_counter_total_${op} on report_counter`);
    this.addSql('drop function report_total_fold()');
    this.addSql('drop function report_total_delta_apply()');
    this.addSql('drop table report_total_delta');
    this.addSql('drop table report_total');
  }
}
