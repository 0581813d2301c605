import pg from 'pg';
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp } from '../support/account-factory.js';
import { createSnippet, readyVideo, snippetPayload } from '../support/snippet-factory.js';
import { waitFor } from '../support/wait.js';

jest.setTimeout(120_000);

const describeWithPostgres = process.env.DATABASE_URL ? describe : describe.skip;

// A burst of opens on a young table (a new install's first campaign). PostgreSQL plans the
// ingest's trigger statements once per connection and keeps the plans until the table is analyzed
// again, which autovacuum does at most once a minute: plans made while the table was empty had the
// people probe (migration 0022) walk every event of the EyeMail instead of the person's own, and
// the stored pixel fell to a tenth of its rate on the bench (src/ingest/planner-stats.ts). The
// app now analyzes the table as it grows; here a connection that planned the probe on the empty
// table plans it again, through the receiver index, once the burst has gone through the app.
describeWithPostgres('the ingest keeps the planner statistics of its tables in step with a burst (PostgreSQL)', () => {
  let t: TestApp;
  let c: pg.Client;
  let snippet: string;

  beforeAll(async () => {
    t = await startTestApp();
    const owner = (await signUp(t)).client;
    const { videoId } = await readyVideo(owner);
    snippet = (await createSnippet(owner, snippetPayload(videoId))).snippet;
    c = new pg.Client({ connectionString: t.config.databaseUrl! });
    await c.connect();
  });

  afterAll(async () => {
    await c?.end();
    await t?.close();
  });

  // The plans of the people probe that one insert of a new reader's open runs on `c` (its nested
  // statements, by auto_explain), rolled back.
  async function probePlans(): Promise<string[]> {
    const plans: string[] = [];
    const onNotice = (m: { message?: string }) => plans.push(m.message ?? '');
    c.on('notice', onNotice);
    try {
      await c.query('begin');
      await c.query(`insert into engagement (snippet_id, kind, receiver, ip) values ($1, 'open', $2, '81.2.69.142')`, [snippet, `probe-${Date.now()}@example.com`]);
    } finally {
      await c.query('rollback');
      c.off('notice', onNotice);
    }
    return plans.filter((p) => /SubPlan/.test(p) && /on engagement x\b/.test(p));
  }

  it('analyzes the table as the burst grows it, and a connection then probes people through their receiver', async () => {
    // This connection plans the triggers while the table is analyzed and empty.
    await c.query('analyze engagement');
    await c.query(`load 'auto_explain'`);
    for (const s of ['auto_explain.log_min_duration = 0', 'auto_explain.log_nested_statements = on', 'auto_explain.log_level = notice', 'client_min_messages = notice']) {
      await c.query(`set ${s}`);
    }
    const before = await probePlans();
    expect(before.length).toBeGreaterThan(0);

    // 2,500 first opens through the app, 50 at a time.
    for (let i = 0; i < 2_500; i += 50) {
      const hits = Array.from({ length: 50 }, (_, k) => t.http.get(`/t/o/${snippet}.gif?v=${encodeURIComponent(`reader-${i + k}@example.com`)}`));
      for (const res of await Promise.all(hits)) expect(res.status).toBe(200);
    }
    // Answered once journaled; the loader moves them into the table once the burst is over.
    const stored = async () => Number((await c.query('select count(*) from engagement where snippet_id = $1', [snippet])).rows[0].count);
    await waitFor(async () => ((await stored()) === 2_500 ? true : null), 'the 2,500 opens loaded from the journal');

    // The app analyzed the table on its own (autovacuum looks once a minute at most), so the
    // planner now counts the rows in the thousands.
    await waitFor(async () => {
      const { rows } = await c.query(`select reltuples from pg_class where oid = 'engagement'::regclass`);
      return Number(rows[0].reltuples) >= 1_000;
    }, 'the engagement table analyzed with its new rows');

    // The same connection plans the probe again, and finds a person's events through the
    // (snippet, receiver) index, not by walking the EyeMail's events in time order.
    const after = await probePlans();
    expect(after.length).toBeGreaterThan(0);
    for (const plan of after) {
      expect(plan).not.toMatch(/engagement_snippet_time_idx on engagement x\b/);
    }
    expect(after.some((p) => /engagement_snippet_receiver_idx on engagement x\b/.test(p))).toBe(true);
  });
});
