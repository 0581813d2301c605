import { Migration } from '@mikro-orm/migrations';

// The ingest's statement-level triggers plan without JIT. Each batch insert on engagement runs
// them; a plan whose estimated cost passes jit_above_cost (100,000) is compiled to machine code on
// every execution (the plan is cached by the session, the compiled code is not). 0023's insert
// statement joins each new row to its click's plays (engagement_click_plays_idx); on a table
// without statistics (a new install, or autovacuum off) the planner guesses 0.5% of the table per
// click id, so past ~150,000 rows that statement cost ~107,000 and each 50-row batch paid 35-90 ms
// of CPU compiling 122 functions instead of ~3.4 ms in all (bench/ingest.mjs: the stored pixel
// fell to 0.05x of itself, later in a run and on sessions that planned late). These statements
// touch a batch's rows and a few index entries each: JIT never pays for itself here.
export const INGEST_TRIGGER_FUNCTIONS = [
  'engagement_counter_apply()',
  'viewer_visit_counter_apply()',
  'video_play_counter_apply()',
  'report_summary_apply()',
  'report_people_lock(uuid[], text[])',
  'report_people_refresh(uuid[], text[], text[], inet[], bigint[])',
];

export class Migration0024IngestTriggersWithoutJit extends Migration {
  override up(): void {
    for (const f of INGEST_TRIGGER_FUNCTIONS) this.addSql(`alter function ${f} set jit = off`);
  }

  override down(): void {
    for (const f of INGEST_TRIGGER_FUNCTIONS) this.addSql(`alter function ${f} reset jit`);
  }
}
