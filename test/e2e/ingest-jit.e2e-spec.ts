import type pg from 'pg';
import { bareSnippet, migratedDatabaseClient } from '../support/migrated-client.js';

const describeWithPostgres = process.env.DATABASE_URL ? describe : describe.skip;

// The batch insert's triggers (counters, people, records' summary) never compile their plans with
// JIT: on a table without statistics their estimated cost passes jit_above_cost once it holds
// ~150,000 rows, and each batch then paid 35-90 ms of CPU compiling (migration 0024). Here JIT is
// asked for every plan (jit_above_cost = 0) and auto_explain reports each nested statement's plan.
describeWithPostgres('ingest triggers without JIT (PostgreSQL)', () => {
  let c: pg.Client;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ c, close } = await migratedDatabaseClient('eyemail_ingest_jit'));
  });

  afterAll(async () => {
    await close?.();
  });

  it('stores a batch of opens with their counters, and plans the triggers without JIT even when every plan would get it', async () => {
    const snippet = await bareSnippet(c, 'Jit');
    const jitAvailable = (await c.query('select pg_jit_available() as ok')).rows[0].ok as boolean;
    await c.query(`load 'auto_explain'`);
    for (const s of ['jit = on', 'jit_above_cost = 0', 'auto_explain.log_min_duration = 0', 'auto_explain.log_nested_statements = on', 'auto_explain.log_level = notice', 'client_min_messages = notice']) {
      await c.query(`set ${s}`);
    }
    const plans: string[] = [];
    const onNotice = (m: { message?: string }) => plans.push(m.message ?? '');
    c.on('notice', onNotice);
    try {
      await c.query(
        `insert into engagement (snippet_id, kind, occurred_at, receiver, ip)
         select $1, 'open', now(), 'reader-' || i || '@example.com', ('10.0.' || (i % 250) || '.' || (i % 200 + 1))::inet from generate_series(1, 50) i`,
        [snippet],
      );
    } finally {
      c.off('notice', onNotice);
      await c.query('reset jit_above_cost');
    }
    // The triggers' statements (not the insert itself, nor PostgreSQL's own foreign key check).
    const nested = plans.filter((p) => !/Query Text: insert into engagement \(snippet_id, kind/.test(p) && !/FOR KEY SHARE OF x/.test(p));
    expect(nested.length).toBeGreaterThan(2);
    expect(nested.filter((p) => /\bJIT:|Functions: \d+/.test(p))).toEqual([]);
    if (jitAvailable) {
      // The top-level statement (not in a trigger) did get JIT: the check above could have failed.
      expect(plans.some((p) => /Query Text: insert into engagement \(snippet_id, kind/.test(p) && /Functions: \d+/.test(p))).toBe(true);
    }
    const people = await c.query(`select people, events from engagement_people where snippet_id = $1 and kind = 'open' and scope = 'all'`, [snippet]);
    expect(people.rows).toEqual([{ people: 50, events: 50 }]);
    const records = await c.query(`select sum(records)::int as records from report_counter where snippet_id = $1`, [snippet]);
    expect(records.rows[0].records).toBe(50);
  });
});
