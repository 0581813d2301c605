import { Migration } from '@mikro-orm/migrations';

// The ingest's journal (issues 16 and 17, "the tracking hot path"): a hit is answered once its
// batch is committed here, one row per group-commit batch holding the batch's rows as JSON (bytes:
// nothing is parsed or checked on the hot path): opens, clicks and plays ('engagement') and the
// viewer page's visits ('visit'). The loader (ingest/ingest-loader.service.ts) moves them into
// engagement and viewer_visit, with the report aggregates' triggers, the outbox rows and the
// machine checks, in larger batches, in a transaction that also deletes them from here, so each
// event is stored exactly once. Any instance loads
// any instance's rows (`for update skip locked`), so a process killed after answering loses
// nothing. A row whose load fails for a reason other than a lost connection or a deleted snippet
// is kept with the error (failed_at), out of the loader's way, for an operator to replay (set
// failed_at to null).
export class Migration0026IngestJournal extends Migration {
  override up(): void {
    this.addSql(`create table ingest_journal (
      id bigint generated always as identity primary key,
      stream text not null check (stream in ('engagement', 'visit')),
      events bytea not null,
      event_count integer not null,
      written_at timestamptz not null default now(),
      failed_at timestamptz null,
      error text null
    )`);
    // A batch's JSON (20-60 KB, field names and agents repeated) compresses about 20 times: lz4
    // where the server has it (PostgreSQL 14 and later, when built with it) costs the insert half
    // the CPU of the default pglz, and `main` keeps the compressed value in the row instead of a
    // TOAST table's chunks.
    this.addSql(`do $$ begin
      alter table ingest_journal alter column events set compression lz4;
    exception when feature_not_supported or undefined_object or syntax_error then null;
    end $$`);
    this.addSql('alter table ingest_journal alter column events set storage main');
  }

  override down(): void {
    // Nothing waiting is lost: a downgrade stops the app first, whose loader empties the journal
    // on the way out; what is left (a kill) is refused rather than dropped.
    this.addSql(`do $$ begin
      if exists (select 1 from ingest_journal) then
        raise exception 'ingest_journal still holds events: start the app once to load them, then downgrade';
      end if;
    end $$`);
    this.addSql('drop table ingest_journal');
  }
}
