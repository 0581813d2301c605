import { Migration } from '@mikro-orm/migrations';
import { functionSql, NEW_TABLES } from './0022-people-by-probe.js';
import { summaryTriggerFunction } from './0023-record-summary.js';

// A flood's loading costs the same at its 100,000th event as at its first (issue 33): two trigger
// statements read all of a person's stored events. First, marking opens as machine traffic (the
// ingest's flood and burst checks) no longer works out the person's figures again from all their
// stored rows when it cannot change them. 0023's update
// trigger refreshed every person an update touched, reading each one's every event: in a flood of
// one reader, each load's marking read the whole flood so far, and loading it slowed down as it
// grew (145,000 opens: about 420 a second after the first minute, bench/ingest.mjs row "flood").
// An open that goes from human to machine, nothing else of it changed, changes nothing of its
// person's figures but their first human view, when it is that view: such an open's person is
// refreshed only then. Anything else an update does (a click or a play marked, an open brought back
// to human traffic, any other column) refreshes as before. The counters' deltas are per row and
// unchanged.
// (The row as updated is read from the table by its key: a join of the two transition tables, which
// have no statistics, was planned as a nested loop, a million comparisons for a load of 1,000.)
const MARKED_OPENS = `(
  select o.id from old_rows o join engagement n on n.id = o.id
  where o.kind = 'open' and n.kind = 'open' and o.machine_reason is null and n.machine_reason is not null
    and o.snippet_id = n.snippet_id and o.receiver is not distinct from n.receiver and o.ip is not distinct from n.ip
    and o.occurred_at = n.occurred_at
    and not exists (
      select 1 from report_viewer v
      where v.snippet_id = o.snippet_id and v.scope = 'human' and v.first_id = o.id
        and v.who = coalesce('r:' || o.receiver, 'i:' || host(o.ip), '#' || o.id::text) collate "C"))`;

const UPDATED_ROWS = `(select * from new_rows where id not in ${MARKED_OPENS}
  union all select * from old_rows where id not in ${MARKED_OPENS})`;

const replace = (fn: string) => fn.replace('create function', 'create or replace function');

// The people counters' probe (0022): whether a person had events of a group besides the
// statement's asked as "any event not among the statement's rows", found at the first such event,
// instead of counting the person's events up to the statement's own number plus one. For a reader
// flooding one EyeMail, the count walked past every event of theirs in the other scope (the flood,
// marked as machine traffic) to reach the load's own rows, each load: as slow as the flood was long.
const KEYS: Record<string, string> = { engagement: 'id', viewer_visit: 'id', video_play: 'play_id' };
const COUNTER_FUNCTIONS = (key: boolean) => NEW_TABLES.map(([table, row, who, match]) => functionSql(table, row, who, match, key ? KEYS[table] : undefined));

export class Migration0031FloodMarkingCost extends Migration {
  override up(): void {
    this.addSql(replace(summaryTriggerFunction(UPDATED_ROWS)));
    for (const f of COUNTER_FUNCTIONS(true)) this.addSql(f);
    this.setJitOff();
  }

  // create or replace sets a function's settings anew: 0024's again.
  private setJitOff(): void {
    for (const f of ['report_summary_apply()', ...NEW_TABLES.map(([table]) => `${table}_counter_apply()`)]) this.addSql(`alter function ${f} set jit = off`);
  }

  override down(): void {
    this.addSql(replace(summaryTriggerFunction()));
    for (const f of COUNTER_FUNCTIONS(false)) this.addSql(f);
    this.setJitOff();
  }
}
