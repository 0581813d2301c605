// GET reports/{id}/engagement (issue 17) on the real app and database, against hand-computed
// figures: opens, visits, plays, the rates, the funnel, the per-second graph and the timeline in
// a zone 45 minutes off the hour (Asia/Kathmandu, UTC+5:45).
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, sql, type SignedUpUser } from '../support/account-factory.js';
import { createSnippet, readyVideo, snippetPayload } from '../support/snippet-factory.js';
import { insertEngagement } from '../support/engagement-factory.js';
import { BACKFILL_SECOND_STATS_SQL } from '../../migrations/0014-second-stats.js';
import { addDays } from '../../src/shared/report-rules.js';

jest.setTimeout(180_000);

describe('the engagement report', () => {
  let t: TestApp;
  let owner: SignedUpUser;
  let snippetId: string;
  let emptyId: string;

  const visit = (at: string, receiver: string, machine: string | null = null) =>
    sql(t, `insert into viewer_visit (snippet_id, occurred_at, page, receiver, ip, machine_reason) values (?, ?, 'web-view', ?, '81.2.69.142', ?)`, [snippetId, at, receiver, machine]);
  const play = (at: string, receiver: string, segments: number[][], watched: number, soundOn: boolean, counted = true) =>
    sql(t, `insert into video_play (play_id, snippet_id, started_at, updated_at, receiver, ip, video_duration_secs, segments, ranges, watched_secs, counted, sound_on, reports)
      values (gen_random_uuid(), ?, ?, ?, ?, '81.2.69.142', 30, ?::jsonb, '[]', ?, ?, ?, 1)`, [snippetId, at, at, receiver, JSON.stringify(segments), watched, counted, soundOn]);
  const report = async (id: string, query = '') => {
    const res = await owner.client.get(`/api/reports/${id}/engagement${query ? `?${query}` : ''}`);
    expect(res.status).toBe(200);
    return res.body.body;
  };

  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUp(t);
    const zones = (await owner.client.get('/api/timezones').expect(200)).body.body as { timezoneId: number; timezoneName: string }[];
    const kathmandu = zones.find((z) => z.timezoneName === 'Asia/Kathmandu')!.timezoneId;
    await owner.client.put('/api/users/profile').send({ firstName: 'Ann', lastName: 'Lee', email: owner.email, country: null, timezone: kathmandu }).expect(200);
    const { videoId } = await readyVideo(owner.client);
    snippetId = (await createSnippet(owner.client, snippetPayload(videoId))).snippet;
    emptyId = (await createSnippet(owner.client, snippetPayload(videoId, { title: 'Quiet' }))).snippet;
    // Everything on 10 January 2026, Kathmandu time (UTC+5:45).
    const open = (at: string, receiver: string, machineReason: string | null = null) => insertEngagement(t, snippetId, { kind: 'open', at, receiver, ip: '81.2.69.142', machineReason });
    await open('2026-01-10T03:20:00Z', 'ann@example.com'); // 09:05 local
    await open('2026-01-10T04:00:00Z', 'ann@example.com'); // 09:45
    await open('2026-01-10T03:10:00Z', 'bob@example.com'); // 08:55 (03:00 UTC, the same UTC hour as ann's)
    await open('2026-01-10T05:00:00Z', 'carl@example.com');
    await open('2026-01-10T05:00:00Z', 'dan@example.com', 'apple-privacy');
    await visit('2026-01-10T03:21:00Z', 'ann@example.com');
    await visit('2026-01-10T04:01:00Z', 'ann@example.com');
    await visit('2026-01-10T03:11:00Z', 'bob@example.com');
    await visit('2026-01-10T05:00:00Z', 'dan@example.com', 'bot');
    // ann: all 30 s with sound; then 0-10 s with 4-8 s twice; bob: 3 s; carl: 1 s (no play)
    await play('2026-01-10T03:22:00Z', 'ann@example.com', [[0, 0, 30]], 30, true);
    await play('2026-01-10T04:02:00Z', 'ann@example.com', [[0, 0, 10], [1, 4, 8]], 10, false);
    await play('2026-01-10T03:12:00Z', 'bob@example.com', [[0, 0, 3]], 3, false);
    await play('2026-01-10T05:01:00Z', 'carl@example.com', [[0, 0, 1]], 1, false, false);
    const click = (at: string, receiver: string, destination: string, label: string | null) =>
      insertEngagement(t, snippetId, { kind: 'click', at, receiver, ip: '81.2.69.142', target: 'https://shop.example.com/' }).then((id) =>
        sql(t, 'update engagement set destination = ?, destination_label = ? where id = ?', [destination, label, id]),
      );
    await click('2026-01-10T03:30:00Z', 'ann@example.com', 'landing-page', null);
    await click('2026-01-10T03:31:00Z', 'bob@example.com', 'button', 'Book');
    await click('2026-01-10T03:32:00Z', 'bob@example.com', 'button', 'Book');
    // The plays went in by SQL, past the ingest: their per-second histogram is added up as an
    // upgrade adds up the plays stored before it.
    await sql(t, BACKFILL_SECOND_STATS_SQL);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts people and rates by the shared definitions, machine traffic left out', async () => {
    const r = await report(snippetId, 'dateFrom=2026-01-10&dateTill=2026-01-10');
    expect(r).toMatchObject({
      timeZone: 'Asia/Kathmandu',
      opens: { total: 4, unique: 3 },
      visits: { total: 3, unique: 2 },
      plays: { total: 3, uniqueViewers: 2, soundOn: 1, complete: 1 },
      playRate: 1,
      soundOnRate: 0.3333,
      completionRate: 0.3333,
      // (1 + 1/3 + 0.1) / 3
      engagement: 0.4778,
      timePlayedSecs: 43,
      clicks: {
        total: 3,
        unique: 2,
        byDestination: [
          { destination: 'button', label: 'Book', clicks: 2, uniqueClickers: 1 },
          { destination: 'landing-page', label: null, clicks: 1, uniqueClickers: 1 },
        ],
      },
      clickThroughRate: 0.6667,
      funnel: [
        { step: 'opens', people: 3, rateFromPrevious: null },
        { step: 'visits', people: 2, rateFromPrevious: 0.6667 },
        { step: 'plays', people: 2, rateFromPrevious: 1 },
        { step: 'clicks', people: 2, rateFromPrevious: 1 },
      ],
    });
    const withMachines = await report(snippetId, 'dateFrom=2026-01-10&dateTill=2026-01-10&includeMachine=true');
    expect(withMachines.opens).toEqual({ total: 5, unique: 4 });
    expect(withMachines.visits).toEqual({ total: 4, unique: 3 });
  });

  it('draws the graph per second: plays still watching, their share, and rewatches', async () => {
    const { graph } = await report(snippetId);
    expect(graph.lengthSecs).toBe(30);
    expect(graph.plays).toBe(3);
    const at = (s: number) => graph.seconds[s];
    expect(at(0)).toEqual({ second: 0, watching: 3, share: 1, rewatches: 0 });
    expect(at(2)).toEqual({ second: 2, watching: 3, share: 1, rewatches: 0 });
    expect(at(3)).toEqual({ second: 3, watching: 2, share: 0.6667, rewatches: 0 });
    for (const s of [4, 5, 6, 7]) expect(at(s)).toEqual({ second: s, watching: 2, share: 0.6667, rewatches: 1 });
    expect(at(8)).toEqual({ second: 8, watching: 2, share: 0.6667, rewatches: 0 });
    expect(at(10)).toEqual({ second: 10, watching: 1, share: 0.3333, rewatches: 0 });
    expect(at(29)).toEqual({ second: 29, watching: 1, share: 0.3333, rewatches: 0 });
    expect(graph.seconds).toHaveLength(30);
    // the histogram kept at ingest (no filter) and the plays' segments (a filter keeping them all) agree
    const fromSegments = (await report(snippetId, 'dateFrom=2000-01-01')).graph;
    expect(fromSegments).toEqual(graph);
  });

  it('buckets a day by the local hour in a zone 45 minutes off UTC', async () => {
    const { timeline } = await report(snippetId, 'dateFrom=2026-01-10&dateTill=2026-01-10');
    expect(timeline).toMatchObject({ grain: 'hour', from: '2026-01-10', till: '2026-01-10' });
    expect(timeline.buckets).toHaveLength(24);
    const hour = (h: string) => timeline.buckets.find((b: { start: string }) => b.start === `2026-01-10T${h}`);
    // bob 08:55-08:57 local, ann 09:05-09:17 and 09:45-09:47: the same UTC hour, two local hours
    expect(hour('08:00')).toMatchObject({ start: '2026-01-10T08:00', opens: 1, visits: 1, plays: 1, clicks: 0 });
    expect(hour('09:00')).toMatchObject({ start: '2026-01-10T09:00', opens: 2, visits: 2, plays: 2, clicks: 3 });
    expect(hour('10:00')).toMatchObject({ start: '2026-01-10T10:00', opens: 1, visits: 0, plays: 0, clicks: 0 });
  });

  it('is daily beyond 2 days; without dates it is the 7 days ending weekEnding, else today', async () => {
    const week = await report(snippetId, 'dateFrom=2026-01-08&dateTill=2026-01-14');
    expect(week.timeline.grain).toBe('day');
    expect(week.timeline.buckets).toHaveLength(7);
    expect(week.timeline.buckets[2]).toMatchObject({ start: '2026-01-10T00:00', opens: 4, visits: 3, plays: 3, clicks: 3 });
    const all = await report(snippetId);
    expect(all.timeline).toMatchObject({ grain: 'day', from: addDays(all.today, -6), till: all.today });
    const thatWeek = await report(snippetId, 'weekEnding=2026-01-13');
    expect(thatWeek.timeline).toMatchObject({ grain: 'day', from: '2026-01-07', till: '2026-01-13' });
    // the same day's totals as the summary's: opens + plays without a click, and counted clicks
    expect(thatWeek.timeline.buckets[3]).toMatchObject({ start: '2026-01-10T00:00', opens: 4 });
    const summary = (await owner.client.get(`/api/reports/${snippetId}/summary?weekEnding=2026-01-13`).expect(200)).body.body;
    expect(thatWeek.timeline.buckets.map((b: { totalViews: number; totalClicks: number }) => [b.totalViews, b.totalClicks])).toEqual(summary.timeline.map((d: { views: number; clicks: number }) => [d.views, d.clicks]));
  });

  it('follows the filters', async () => {
    const ann = await report(snippetId, 'receiver=ann');
    expect(ann).toMatchObject({ opens: { total: 2, unique: 1 }, visits: { total: 2, unique: 1 }, plays: { total: 2, uniqueViewers: 1 }, clicks: { total: 1, unique: 1 } });
    expect((await report(snippetId, 'dateFrom=2026-02-01&dateTill=2026-02-01')).plays.total).toBe(0);
  });

  it('with no data: zeros, no rates, an empty graph', async () => {
    const r = await report(emptyId);
    expect(r).toMatchObject({ opens: { total: 0, unique: 0 }, playRate: null, engagement: null, clickThroughRate: null, graph: { lengthSecs: 0, plays: 0, seconds: [] } });
  });

  it("is another user's 404 and a bad filter's 400", async () => {
    const stranger = (await signUp(t)).client;
    await stranger.get(`/api/reports/${snippetId}/engagement`).expect(404);
    const bad = await owner.client.get(`/api/reports/${snippetId}/engagement?dateFrom=2026-13-01`).expect(400);
    expect(bad.body.result).toBe(false);
  });
});
