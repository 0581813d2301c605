// The people's first views, counted clicks and view time kept as events are written (migration
// 0023), through the report API on the real app and database: what the summary, the records'
// isUnique and their total say after the writes that move them: an earlier view stored after a
// later one (another instance's batch committing last), a first view marked machine traffic after
// its batch, two writers of the same person at once, a web-view click whose plays pass 1 s later,
// and a deleted event.
import { jest } from '@jest/globals';
import pg from 'pg';
import type { ReportRecord } from '../../src/shared/report-types.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, type SignedUpUser } from '../support/account-factory.js';
import { createSnippet, readyVideo, snippetPayload } from '../support/snippet-factory.js';
import { insertEngagement, type EngagementSeed } from '../support/engagement-factory.js';

jest.setTimeout(120_000);

const describeWithPostgres = process.env.DATABASE_URL ? describe : describe.skip;

describeWithPostgres('first views, counted clicks and view time kept at ingest', () => {
  let t: TestApp;
  let owner: SignedUpUser;
  let videoId: string;
  let db: pg.Client;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUp(t);
    videoId = (await readyVideo(owner.client)).videoId;
    db = new pg.Client({ connectionString: t.config.databaseUrl! });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await t?.close();
  });

  const newSnippet = async (title: string) => (await createSnippet(owner.client, snippetPayload(videoId, { title }))).snippet;
  const summary = async (sid: string, query = '') => (await owner.client.get(`/api/reports/${sid}/summary${query ? `?${query}` : ''}`).expect(200)).body.body;
  const records = async (sid: string, query = '') => {
    const res = await owner.client.get(`/api/reports/${sid}${query ? `?${query}` : ''}`).expect(200);
    return { list: res.body.body as ReportRecord[], total: Number(res.headers['x-total-count']) };
  };
  const unique = async (sid: string, query = '') => (await records(sid, query)).list.filter((r) => r.isUnique).map((r) => r.engagementId);
  // The CSV's isUnique column, by engagement id (the CSV works its records out apart from a page).
  const csvUnique = async (sid: string, query = '') => {
    const res = await owner.client.get(`/api/reports/${sid}/download${query ? `?${query}` : ''}`).buffer(true).expect(200);
    const [head, ...lines] = res.text.trim().split('\n');
    const cols = head.split(',');
    const idAt = cols.findIndex((c) => /engagement ?id/i.test(c.replace(/"/g, '')));
    const uniqueAt = cols.findIndex((c) => /unique/i.test(c.replace(/"/g, '')));
    return lines
      .map((l) => l.split(','))
      .filter((c) => /^(true|yes|1)$/i.test(c[uniqueAt]))
      .map((c) => c[idAt]);
  };
  const add = (sid: string, e: EngagementSeed) => insertEngagement(t, sid, { ip: '203.0.113.5', ...e });

  it('moves the first view to an earlier view stored after a later one', async () => {
    const sid = await newSnippet('Late batch');
    const later = await add(sid, { kind: 'open', at: '2026-01-10T18:00:00Z', receiver: 'ann@example.com' });
    expect(await unique(sid)).toEqual([later]);
    // another instance's batch, holding an earlier open of ann, commits after
    const earlier = await add(sid, { kind: 'open', at: '2026-01-10T17:00:00Z', receiver: 'ann@example.com' });
    expect(await unique(sid)).toEqual([earlier]);
    expect(await csvUnique(sid)).toEqual([earlier]);
    expect(await summary(sid, 'weekEnding=2026-01-13')).toMatchObject({ totalViews: 2, uniqueViews: 1 });
    // the first view is in its own day: the range of the later one has no unique view
    expect(await summary(sid, 'dateFrom=2026-01-10&dateTill=2026-01-10')).toMatchObject({ totalViews: 2, uniqueViews: 1 });
    // with a filter the counters do not answer (a receiver), the same from the rows
    expect(await summary(sid, 'receiver=ann')).toMatchObject({ totalViews: 2, uniqueViews: 1 });
  });

  it('hands the first view to the next human view when it is marked machine traffic, and back to it with machine traffic included', async () => {
    const sid = await newSnippet('Marked later');
    const first = await add(sid, { kind: 'open', at: '2026-01-10T17:00:00Z', receiver: 'bob@example.com' });
    const second = await add(sid, { kind: 'open', at: '2026-01-11T17:00:00Z', receiver: 'bob@example.com' });
    expect(await unique(sid)).toEqual([first]);
    // the ingest's flood check marks the first open once its batch is stored
    await db.query(`update engagement set machine_reason = 'flood' where id = $1`, [first]);
    expect(await unique(sid)).toEqual([second]);
    expect(await csvUnique(sid)).toEqual([second]);
    expect(await summary(sid, 'weekEnding=2026-01-13')).toMatchObject({ totalViews: 1, uniqueViews: 1, machineEvents: 1, machineExcluded: 1 });
    // the first view among all traffic is still the first open
    expect(await unique(sid, 'includeMachine=true')).toEqual([first]);
    expect(await summary(sid, 'weekEnding=2026-01-13&includeMachine=true')).toMatchObject({ totalViews: 2, uniqueViews: 1, machineExcluded: 0 });
    // a date range of the second day: its open is the human first view, not the first of all
    expect(await summary(sid, 'dateFrom=2026-01-11&dateTill=2026-01-11')).toMatchObject({ totalViews: 1, uniqueViews: 1 });
    expect(await summary(sid, 'dateFrom=2026-01-11&dateTill=2026-01-11&includeMachine=true')).toMatchObject({ totalViews: 1, uniqueViews: 0 });
    // every view of bob machine traffic: no human viewer left
    await db.query(`update engagement set machine_reason = 'flood' where id = $1`, [second]);
    expect(await summary(sid, 'weekEnding=2026-01-13')).toMatchObject({ totalViews: 0, uniqueViews: 0, machineEvents: 2 });
    expect(await records(sid)).toEqual({ list: [], total: 0 });
    expect((await records(sid, 'includeMachine=true')).total).toBe(2);
  });

  it('keeps one first view when two writers store the same person at once', async () => {
    const sid = await newSnippet('Two instances');
    const other = new pg.Client({ connectionString: t.config.databaseUrl! });
    await other.connect();
    try {
      // instance 1's batch (a later open) is inserted, not yet committed
      await other.query('begin');
      const later = (
        await other.query(`insert into engagement (snippet_id, kind, occurred_at, receiver, ip) values ($1, 'open', '2026-01-10T18:00:00Z', 'cy@example.com', '203.0.113.5') returning id::text as id`, [sid])
      ).rows[0].id as string;
      // instance 2's batch (an earlier open of the same person) waits for it
      const earlierInsert = db.query(`insert into engagement (snippet_id, kind, occurred_at, receiver, ip) values ($1, 'open', '2026-01-10T17:00:00Z', 'cy@example.com', '203.0.113.6') returning id::text as id`, [sid]);
      await other.query('commit');
      const earlier = (await earlierInsert).rows[0].id as string;
      expect(await unique(sid)).toEqual([earlier]);
      expect((await unique(sid)).includes(later)).toBe(false);
      expect(await summary(sid, 'weekEnding=2026-01-13')).toMatchObject({ totalViews: 2, uniqueViews: 1 });
    } finally {
      await other.end();
    }
  });

  it('counts a web-view click once its plays pass 1 s, with its seconds in the average view time', async () => {
    const sid = await newSnippet('Plays later');
    const click = await add(sid, { kind: 'click', at: '2026-01-10T17:00:00Z', receiver: 'dee@example.com', videoDurationSecs: 30 });
    expect(await summary(sid, 'weekEnding=2026-01-13')).toMatchObject({ totalClicks: 0, averageViewTime: 0 });
    await add(sid, { kind: 'play', at: '2026-01-10T17:01:00Z', receiver: 'dee@example.com', durationSecs: 0.75, videoDurationSecs: 30, clickId: click });
    expect(await summary(sid, 'weekEnding=2026-01-13')).toMatchObject({ totalClicks: 0, averageViewTime: 0 });
    await add(sid, { kind: 'play', at: '2026-01-10T17:02:00Z', receiver: 'dee@example.com', durationSecs: 20, videoDurationSecs: 30, clickId: click });
    // and an un-joined play of 15 s by another person: (20.75 + 15) / 2
    await add(sid, { kind: 'play', at: '2026-01-10T17:03:00Z', receiver: 'eli@example.com', durationSecs: 15, videoDurationSecs: 30 });
    const s = await summary(sid, 'weekEnding=2026-01-13');
    expect(s).toMatchObject({ totalClicks: 1, totalViews: 1, uniqueViews: 1, averageViewTime: 17.9 });
    expect(s.timeline.find((d: { date: string }) => d.date === '2026-01-10')).toEqual({ date: '2026-01-10', views: 1, clicks: 1 });
    // the same within dates (worked out from the dates' rows)
    expect(await summary(sid, 'dateFrom=2026-01-10&dateTill=2026-01-10')).toMatchObject({ totalClicks: 1, averageViewTime: 17.9 });
    expect((await records(sid)).total).toBe(2);
  });

  // What the triggers keep, read whole, against what the rows give (report_summary_rebuild).
  const kept = async (sid: string) => {
    const q = async (sql: string) => (await db.query(sql, [sid])).rows;
    return {
      counters: await q(
        `select bucket, machine, records, views, clicks, first_views, first_views_all from report_counter
         where snippet_id = $1 and (records, views, clicks, first_views, first_views_all) <> (0, 0, 0, 0, 0) order by bucket, machine`,
      ),
      viewers: await q(`select scope, who, first_id::text, first_at, secs::text, vlen from report_viewer where snippet_id = $1 and (first_id is not null or secs <> 0) order by scope, who`),
      totals: await q(`select scope, viewers, secs::text from report_viewer_total where snippet_id = $1 and (viewers <> 0 or secs <> 0) order by scope`),
      // the all-time figures (migration 0039): the folded totals and the deltas not folded yet
      allTime: await q(
        `select machine, sum(records)::int as records, sum(views)::int as views, sum(clicks)::int as clicks,
           sum(first_views)::int as first_views, sum(first_views_all)::int as first_views_all
         from (select * from report_total where snippet_id = $1 union all
               select snippet_id, machine, records, views, clicks, first_views, first_views_all from report_total_delta where snippet_id = $1) t
         group by machine having (sum(records), sum(views), sum(clicks), sum(first_views), sum(first_views_all)) <> (0, 0, 0, 0, 0) order by machine`,
      ),
    };
  };
  // The all-time figures are the counters added up, folded or not.
  const allTimeOfCounters = async (sid: string) =>
    (
      await db.query(
        `select machine, sum(records)::int as records, sum(views)::int as views, sum(clicks)::int as clicks,
           sum(first_views)::int as first_views, sum(first_views_all)::int as first_views_all
         from report_counter where snippet_id = $1
         group by machine having (sum(records), sum(views), sum(clicks), sum(first_views), sum(first_views_all)) <> (0, 0, 0, 0, 0) order by machine`,
        [sid],
      )
    ).rows;
  const rebuilt = async (sid: string) => {
    await db.query('select report_summary_rebuild(array[$1]::uuid[])', [sid]);
    return kept(sid);
  };

  it("keeps a flood's figures right when its opens are marked in loads, and when a marking moves a first view or seconds", async () => {
    const sid = await newSnippet('Flood marked in loads');
    const opens: string[] = [];
    for (let i = 0; i < 40; i++) opens.push(await add(sid, { kind: 'open', at: `2026-01-10T17:00:${String(i).padStart(2, '0')}Z`, receiver: 'gus@example.com' }));
    const playId = await add(sid, { kind: 'play', at: '2026-01-10T17:01:00Z', receiver: 'gus@example.com', durationSecs: 12, videoDurationSecs: 30 });
    await add(sid, { kind: 'open', at: '2026-01-10T17:00:30Z', receiver: 'hal@example.com' });
    // the ingest's flood check marks what is past a person's allowance, a load at a time (not
    // the first open: it stays gus's first view)
    for (const load of [opens.slice(20, 30), opens.slice(30)]) {
      await db.query(`update engagement set machine_reason = 'flood' where id = any($1::bigint[])`, [load]);
      const now = await kept(sid);
      expect(now).toEqual(await rebuilt(sid));
    }
    expect(await unique(sid)).toEqual(expect.arrayContaining([opens[0]]));
    expect(await summary(sid, 'weekEnding=2026-01-13')).toMatchObject({ totalViews: 22, uniqueViews: 2, machineEvents: 20 });
    // a marking that takes gus's first view, and one that takes his seconds
    await db.query(`update engagement set machine_reason = 'flood' where id = any($1::bigint[])`, [opens.slice(0, 2)]);
    expect(await kept(sid)).toEqual(await rebuilt(sid));
    expect(await unique(sid)).toEqual(expect.arrayContaining([opens[2]]));
    await db.query(`update engagement set machine_reason = 'flood' where id = $1`, [playId]);
    expect(await kept(sid)).toEqual(await rebuilt(sid));
    // and back to human traffic
    await db.query(`update engagement set machine_reason = null where id = any($1::bigint[])`, [[...opens, playId]]);
    expect(await kept(sid)).toEqual(await rebuilt(sid));
    expect(await unique(sid)).toEqual(expect.arrayContaining([opens[0]]));
    // the all-time figures follow every one of those writes, before and after a fold
    const before = await kept(sid);
    expect(before.allTime).toEqual(await allTimeOfCounters(sid));
    expect(before.allTime).toEqual([expect.objectContaining({ machine: false, records: 42, views: 42, first_views: 2, first_views_all: 2 })]);
    await db.query('select report_total_fold()');
    expect((await db.query('select count(*)::int as n from report_total_delta where snippet_id = $1', [sid])).rows[0].n).toBe(0);
    expect(await kept(sid)).toEqual(before);
  });

  it("keeps each EyeMail's all-time figures as its counters' sum, and the company report reads them", async () => {
    const sid = await newSnippet('All time');
    await add(sid, { kind: 'open', at: '2026-01-10T17:00:00Z', receiver: 'ivy@example.com' });
    await add(sid, { kind: 'open', at: '2026-02-10T17:00:00Z', receiver: 'ivy@example.com' });
    await add(sid, { kind: 'open', at: '2026-03-10T17:00:00Z', receiver: 'jon@example.com', machineReason: 'flood' });
    const fromCounters = await allTimeOfCounters(sid);
    expect((await kept(sid)).allTime).toEqual(fromCounters);
    expect(fromCounters).toEqual([
      expect.objectContaining({ machine: false, records: 2, views: 2, first_views: 1, first_views_all: 2 }),
      expect.objectContaining({ machine: true, records: 1, views: 1 }),
    ]);
    const row = async () => {
      const res = await owner.client.get('/api/reports/workspace').expect(200);
      return (res.body.body.topEyeMails as { snippetId: string; totalViews: number; uniqueViews: number }[]).find((e) => e.snippetId === sid);
    };
    // the same answer from unfolded deltas and from folded totals
    const unfolded = await row();
    expect(unfolded).toMatchObject({ totalViews: 2, uniqueViews: 1 });
    await db.query('select report_total_fold()');
    expect((await db.query('select count(*)::int as n from report_total where snippet_id = $1', [sid])).rows[0].n).toBe(2);
    expect(await row()).toEqual(unfolded);
    // a fold that finds another one running leaves the deltas for later, and nothing is lost
    const other = new pg.Client({ connectionString: t.config.databaseUrl! });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select report_total_fold()');
      await add(sid, { kind: 'open', at: '2026-03-11T17:00:00Z', receiver: 'kim@example.com' });
      expect((await db.query('select report_total_fold() as moved')).rows[0].moved).toBe(0);
      expect(await row()).toMatchObject({ totalViews: 3, uniqueViews: 2 });
      await other.query('commit');
    } finally {
      await other.end();
    }
    expect((await db.query('select report_total_fold() as moved')).rows[0].moved).toBeGreaterThan(0);
    expect(await row()).toMatchObject({ totalViews: 3, uniqueViews: 2 });
    expect((await kept(sid)).allTime).toEqual(await allTimeOfCounters(sid));
  });

  it('takes a deleted event off, and a deleted EyeMail takes everything with it', async () => {
    const sid = await newSnippet('Deleted');
    const first = await add(sid, { kind: 'open', at: '2026-01-10T17:00:00Z', receiver: 'fay@example.com' });
    const second = await add(sid, { kind: 'open', at: '2026-01-10T18:00:00Z', receiver: 'fay@example.com' });
    await db.query('delete from engagement where id = $1', [first]);
    expect(await unique(sid)).toEqual([second]);
    expect(await summary(sid, 'weekEnding=2026-01-13')).toMatchObject({ totalViews: 1, uniqueViews: 1 });
    await owner.client.delete(`/api/snippets/${sid}`).expect(200);
    const left = await db.query(
      `select (select count(*) from report_counter where snippet_id = $1)::int + (select count(*) from report_viewer where snippet_id = $1)::int
         + (select count(*) from report_viewer_total where snippet_id = $1)::int + (select count(*) from report_total where snippet_id = $1)::int as n`,
      [sid],
    );
    expect(left.rows[0].n).toBe(0);
    // its deltas not folded yet go with the next fold
    await db.query('select report_total_fold()');
    expect((await db.query('select count(*)::int as n from report_total_delta where snippet_id = $1', [sid])).rows[0].n).toBe(0);
  });
});
