// The ingest's journal (migration 0026, src/ingest/ingest-loader.service.ts): a hit is answered
// once its batch is committed to the journal, and the loader moves it into the engagement table,
// with the report aggregates, on its own once the ingest is quiet, when a report is read, at
// shutdown, and at the next start after a kill. These tests read the tables with a client of their
// own (not the test helper `sql`, which loads the journal first, as a report does).
import pg from 'pg';
import request from 'supertest';
import { MikroORM } from '@mikro-orm/postgresql';
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, type Client } from '../support/account-factory.js';
import { createSnippet, readyVideo, snippetPayload } from '../support/snippet-factory.js';
import { waitFor } from '../support/wait.js';
import { createApp } from '../../src/app.factory.js';
import { EngagementEvents } from '../../src/engagement/engagement-events.js';
import { REAL_AGENTS as UA } from '../../src/ingest/user-agents.fixtures.js';
import { JOURNAL_LOAD_LOCK, ROW_FIELDS, toFactsTuple, toRowTuple } from '../../src/ingest/ingest-journal.js';
import type { NewEngagement } from '../../src/engagement/engagement-sql.js';

jest.setTimeout(120_000);

const describeWithPostgres = process.env.DATABASE_URL ? describe : describe.skip;

describeWithPostgres('the ingest journal (PostgreSQL)', () => {
  let t: TestApp;
  let c: pg.Client;
  let owner: Client;
  let videoId: string;
  let seq = 0;

  const q = async <T>(text: string, params: unknown[] = []) => (await c.query(text, params)).rows as T[];
  const count = async (snippet: string) => (await q<{ n: number }>('select count(*)::int as n from engagement where snippet_id = $1', [snippet]))[0].n;
  const journaled = async () => (await q<{ n: number }>('select coalesce(sum(event_count), 0)::int as n from ingest_journal where failed_at is null'))[0].n;
  const newSnippet = async (title: string) => (await createSnippet(owner, snippetPayload(videoId, { title }))).snippet as string;
  const opens = async (app: TestApp['http'], snippet: string, n: number) => {
    const hits = Array.from({ length: n }, () => app.get(`/t/o/${snippet}.gif?v=${encodeURIComponent(`reader-${++seq}@example.com`)}`).set('User-Agent', UA.outlookWindows));
    for (const res of await Promise.all(hits)) expect(res.status).toBe(200);
  };
  // The ingest busy (as with other traffic at 100 events a second or more), so the loader waits:
  // its busy flag held on, not fed by a timer of the test, which a loaded machine can hold back
  // past the quarter seconds the flag looks at (what makes it busy: engagement-events.spec.ts).
  const busy = (app: TestApp['app']) => {
    const spy = jest.spyOn(app.get(EngagementEvents), 'busy', 'get').mockReturnValue(true);
    return () => spy.mockRestore();
  };

  // The journal held as another instance's load holds it (its advisory lock, in a transaction of a
  // connection of this test's own): nothing is loaded until it is let go, however late a timer of
  // this test runs on a busy machine. Answers the function that lets it go.
  const holdJournal = async () => {
    const other = new pg.Client({ connectionString: t.config.databaseUrl! });
    await other.connect();
    await other.query('begin');
    await other.query('select pg_advisory_xact_lock($1::bigint)', [JOURNAL_LOAD_LOCK]);
    return async () => {
      await other.query('rollback').catch(() => undefined);
      await other.end();
    };
  };

  beforeAll(async () => {
    t = await startTestApp();
    owner = (await signUp(t)).client;
    ({ videoId } = await readyVideo(owner));
    c = new pg.Client({ connectionString: t.config.databaseUrl! });
    await c.connect();
  });

  afterAll(async () => {
    await c?.end();
    await t?.close();
  });

  it('loads answered hits into the engagement table on its own, and empties the journal', async () => {
    const snippet = await newSnippet('Loaded alone');
    await opens(t.http, snippet, 120);
    await waitFor(async () => ((await count(snippet)) === 120 && (await journaled()) === 0 ? true : null), 'the 120 opens loaded, the journal empty');
    // With the report aggregates kept by the load (the people and counters of migration 0023).
    const [people] = await q<{ n: number }>(`select count(*)::int as n from report_viewer where snippet_id = $1 and scope = 'human' and first_id is not null`, [snippet]);
    expect(people.n).toBe(120);
  });

  it('keeps hits in the journal while the ingest is busy, and a report read loads them first', async () => {
    const snippet = await newSnippet('Busy');
    const stop = busy(t.app);
    try {
      await opens(t.http, snippet, 30);
      expect(await count(snippet)).toBe(0);
      expect(await journaled()).toBeGreaterThanOrEqual(30);
      const summary = await owner.get(`/api/reports/${snippet}/summary`).expect(200);
      expect(summary.body.body).toMatchObject({ totalViews: 30, uniqueViews: 30 });
      expect(await count(snippet)).toBe(30);
    } finally {
      stop();
    }
  });

  it("does not wait for another EyeMail's backlog: a report whose hits are all counted answers without loading the others'", async () => {
    const quiet = await newSnippet('Counted already');
    await opens(t.http, quiet, 3);
    expect((await owner.get(`/api/reports/${quiet}/summary`).expect(200)).body.body).toMatchObject({ totalViews: 3, pendingEvents: 0 });
    const flooded = await newSnippet('Flooded');
    const stop = busy(t.app);
    try {
      await opens(t.http, flooded, 40);
      expect(await count(flooded)).toBe(0);
      const summary = (await owner.get(`/api/reports/${quiet}/summary`).expect(200)).body.body;
      expect(summary).toMatchObject({ totalViews: 3, pendingEvents: 0 });
      // the other EyeMail's hits were left to the loader: nothing of them was loaded for this read
      expect(await count(flooded)).toBe(0);
      // its own read loads them
      expect((await owner.get(`/api/reports/${flooded}/summary`).expect(200)).body.body).toMatchObject({ totalViews: 40, pendingEvents: 0 });
    } finally {
      stop();
    }
  });

  it("says how many hits are still being counted when a read cannot wait for them, and counts them on a later read", async () => {
    const snippet = await newSnippet('Still counting');
    await opens(t.http, snippet, 4);
    await owner.get(`/api/reports/${snippet}/summary`).expect(200);
    // Another instance's load holding the journal (its lock) past the 3 s a read waits.
    const release = await holdJournal();
    try {
      await opens(t.http, snippet, 5);
      // Another EyeMail's hits wait too: they are not this one's to count (nor to reveal).
      const elsewhere = await newSnippet('Elsewhere');
      await opens(t.http, elsewhere, 2);
      await t.http.get(`/live/${elsewhere}?v=${encodeURIComponent('visitor@example.com')}`).expect(200);
      const started = Date.now();
      const waiting = (await owner.get(`/api/reports/${snippet}/summary`).expect(200)).body.body;
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(waiting).toMatchObject({ totalViews: 4, pendingEvents: 5 });
      expect((await owner.get(`/api/reports/${elsewhere}/summary`).expect(200)).body.body).toMatchObject({ totalViews: 0, pendingEvents: 3 });
    } finally {
      await release();
    }
    const counted = (await owner.get(`/api/reports/${snippet}/summary`).expect(200)).body.body;
    expect(counted).toMatchObject({ totalViews: 9, pendingEvents: 0 });
  });

  it('journals the viewer page\'s visits too, loaded into viewer_visit before the engagement report reads them', async () => {
    const snippet = await newSnippet('Visited');
    const visits = async () => (await q<{ n: number }>('select count(*)::int as n from viewer_visit where snippet_id = $1', [snippet]))[0].n;
    const stop = busy(t.app);
    try {
      for (let i = 0; i < 3; i++) {
        const page = await t.http.get(`/live/${snippet}?v=${encodeURIComponent(`visitor-${i}@example.com`)}`).set('User-Agent', UA.chromeWindows);
        expect(page.status).toBe(200);
      }
      expect(await visits()).toBe(0);
      const report = await owner.get(`/api/reports/${snippet}/engagement`).expect(200);
      expect(report.body.body.visits).toEqual({ total: 3, unique: 3 });
      expect(await visits()).toBe(3);
    } finally {
      stop();
    }
  });

  it('drops the events of an EyeMail deleted between the hit and the load, and loads the rest of the batch', async () => {
    const kept = await newSnippet('Kept');
    const gone = await newSnippet('Deleted');
    const release = await holdJournal();
    try {
      await Promise.all([opens(t.http, kept, 10), opens(t.http, gone, 10)]);
      expect(await journaled()).toBeGreaterThanOrEqual(20);
      await owner.delete(`/api/snippets/${gone}`).expect(200);
    } finally {
      await release();
    }
    await waitFor(async () => ((await count(kept)) === 10 && (await journaled()) === 0 ? true : null), 'the kept EyeMail loaded, the journal empty');
    expect(await count(gone)).toBe(0);
  });

  it('sets aside a journaled batch it cannot load, with its error, and loads those around it', async () => {
    const before = await newSnippet('Before');
    const after = await newSnippet('After');
    const stop = busy(t.app);
    try {
      await opens(t.http, before, 5);
      await c.query(`insert into ingest_journal (stream, events, event_count) values ('engagement', convert_to('[{"snippetId": "broken', 'UTF8'), 1)`);
      await opens(t.http, after, 5);
    } finally {
      stop();
    }
    await waitFor(async () => ((await count(before)) === 5 && (await count(after)) === 5 ? true : null), 'the batches around the bad one loaded');
    const failed = await q<{ error: string }>('select error from ingest_journal where failed_at is not null');
    expect(failed).toHaveLength(1);
    expect(failed[0].error).toMatch(/JSON/);
    await c.query('delete from ingest_journal where failed_at is not null');
  });

  it('loads what is left at shutdown, and what a killed process left at the next start', async () => {
    const second = await createApp(t.config);
    const http = (await import('supertest')).default(second.getHttpServer());
    const snippet = await newSnippet('Shutdown');
    const stop = busy(second);
    try {
      await opens(http, snippet, 25);
      expect(await count(snippet)).toBe(0);
    } finally {
      stop();
    }
    // Shut down while the ingest is still busy: its loader goes on until the journal is empty.
    const stillBusy = busy(second);
    try {
      await second.close();
    } finally {
      stillBusy();
    }
    expect(await count(snippet)).toBe(25);
    expect(await journaled()).toBe(0);

    // A batch a killed process journaled and never loaded (as its writer stores it: what the
    // request said), and one of the journal's first format (whole rows, derived fields included,
    // as the version before wrote them): the next process to start loads both, deriving the first.
    const killed = await newSnippet('Killed');
    const facts = toFactsTuple({
      snippetId: killed, kind: 'open', occurredAt: new Date(), receiver: 'left@example.com', ip: '81.2.69.142', userAgent: UA.chromeWindows, method: 'GET',
      target: null, destination: null, destinationLabel: null, durationSecs: null, videoDurationSecs: null, playId: null, unfilledTag: false,
    });
    const whole = Object.fromEntries(ROW_FIELDS.map((f) => [f, null])) as unknown as NewEngagement;
    Object.assign(whole, { snippetId: killed, kind: 'open', occurredAt: new Date(), receiver: 'older@example.com', ip: '81.2.69.142', countryCode: 'GB', client: 'Outlook', machineReason: 'bot' });
    for (const batch of [[facts], [toRowTuple(whole)]]) {
      await c.query(`insert into ingest_journal (stream, events, event_count) values ('engagement', convert_to($1, 'UTF8'), 1)`, [JSON.stringify(batch)]);
    }
    const third = await createApp(t.config);
    try {
      await waitFor(async () => ((await count(killed)) === 2 ? true : null), 'the killed process\'s batches loaded by the next start');
      const rows = await q<Record<string, unknown>>('select receiver, kind, country_code, client, platform, machine_reason from engagement where snippet_id = $1 order by receiver', [killed]);
      expect(rows).toEqual([
        { receiver: 'left@example.com', kind: 'open', country_code: 'GB', client: 'Chrome', platform: 'Windows', machine_reason: null },
        { receiver: 'older@example.com', kind: 'open', country_code: 'GB', client: 'Outlook', platform: null, machine_reason: 'bot' },
      ]);
    } finally {
      await third.close();
    }
  });

  it('with INGEST_ASYNC_COMMIT, journals and loads every answered hit the same, and no other statement of the connection commits asynchronously', async () => {
    const snippet = await newSnippet('Async commit');
    const app = await createApp({ ...t.config, ingestAsyncCommit: true });
    try {
      const http = request(app.getHttpServer());
      await opens(http, snippet, 60);
      await waitFor(async () => ((await count(snippet)) === 60 ? true : null), 'the 60 opens loaded');
      // Every connection of the app's pool that journaled a batch is back to the server's setting.
      const pool = (await app.get(MikroORM).em.getConnection().getNativeClient()) as pg.Pool;
      const settings = await Promise.all(Array.from({ length: 8 }, () => pool.query<{ synchronous_commit: string }>('show synchronous_commit')));
      expect(new Set(settings.map((r) => r.rows[0].synchronous_commit))).toEqual(new Set(['on']));
    } finally {
      await app.close();
    }
  });
});
