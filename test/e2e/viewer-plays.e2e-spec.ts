// The viewer page's visits and its plays' seconds (issue 17) on the real app and database: a load
// of /live or /eyemail by a recipient is a visit, classified like the pixel (the owner's preview
// and the owner looking are not); POST /api/reports/updateduration/ranges merges each play's
// segments into the seconds it watched, cut to the video, bounded, never across EyeMails, and
// refuses malformed reports with a 4xx.
import crypto from 'node:crypto';
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, sql, type Client } from '../support/account-factory.js';
import { createSnippet, readyVideo, snippetPayload } from '../support/snippet-factory.js';
import { REAL_AGENTS as UA } from '../../src/ingest/user-agents.fixtures.js';
import { MAX_RANGES_PER_PLAY, MAX_SEGMENTS_PER_PLAY } from '../../src/shared/metrics/watch-ranges.js';

jest.setTimeout(180_000);

const RANGES = '/api/reports/updateduration/ranges';
const LENGTH = 30;
const MISSING = '00000000-0000-4000-8000-000000000000';

interface PlayRow {
  snippet_id: string;
  receiver: string | null;
  ip: string | null;
  client: string | null;
  video_duration_secs: number | null;
  segments: [number, number, number][];
  ranges: [number, number][];
  watched_secs: number;
  counted: boolean;
  sound_on: boolean;
  reports: number;
  machine_reason: string | null;
}

describe('viewer visits and plays', () => {
  let t: TestApp;
  let owner: Client;
  let snippetId: string;
  let otherId: string;
  let seq = 0;
  let videoId: string;
  const someone = (tag: string) => `${tag}-${++seq}@example.com`;

  const visits = (receiver: string) =>
    sql<Record<string, any>>(t, `select page, receiver, host(ip) as ip, country_code, client, platform, machine_reason from viewer_visit where receiver = ? order by id`, [receiver]);
  const play = async (playId: string) =>
    (await sql<PlayRow>(t, `select snippet_id::text, receiver, host(ip) as ip, client, video_duration_secs, segments, ranges, watched_secs, counted, sound_on, reports, machine_reason
      from video_play where play_id = ?`, [playId]))[0];
  const send = (body: unknown, type = 'text/plain;charset=UTF-8') =>
    t.http.post(RANGES).set('Content-Type', type).set('User-Agent', UA.chromeWindows).set('X-Forwarded-For', '81.2.69.142').send(typeof body === 'string' ? body : JSON.stringify(body));
  const report = (playId: string, segments: unknown[], extra: Record<string, unknown> = {}) => send({ playId, snippetId, receiver: 'ann@example.com', length: 30.02, segments, ...extra });

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true' });
    owner = (await signUp(t)).client;
    const { videoId: video, encodings } = await readyVideo(owner);
    videoId = video;
    // The tiny clip lasts 1 s; a 30 s video makes the ranges worth checking.
    await sql(t, 'update video_encoding set duration_secs = ? where id = ?', [LENGTH, encodings[0].encodingId]);
    snippetId = (await createSnippet(owner, snippetPayload(videoId))).snippet;
    otherId = (await createSnippet(owner, snippetPayload(videoId, { title: 'Another' }))).snippet;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('visits', () => {
    it('a recipient loading the web view or the live page is a visit, stored before the page is answered', async () => {
      const who = someone('visit');
      const web = await t.http.get(`/eyemail/${snippetId}?v=${encodeURIComponent(`"${who}"`)}`).set('User-Agent', UA.chromeWindows).set('X-Forwarded-For', '81.2.69.142');
      expect(web.status).toBe(200);
      expect(web.text).toContain(`data-ranges-url="${RANGES}"`);
      await t.http.get(`/live/${snippetId}?v=${encodeURIComponent(who)}`).set('User-Agent', UA.safariMac).set('X-Forwarded-For', '81.2.69.142').expect(200);
      expect(await visits(who)).toEqual([
        { page: 'web-view', receiver: who, ip: '81.2.69.142', country_code: 'GB', client: 'Chrome', platform: 'Windows', machine_reason: null },
        expect.objectContaining({ page: 'live', receiver: who, client: 'Safari', machine_reason: null }),
      ]);
    });

    it('classifies machine loads like the pixel: a script without an agent, a scanner, a HEAD request', async () => {
      const who = someone('machine');
      const url = `/eyemail/${snippetId}?v=${encodeURIComponent(who)}`;
      await t.http.get(url).set('User-Agent', '').expect(200);
      await t.http.get(url).set('User-Agent', UA.barracuda).expect(200);
      await t.http.head(url).set('User-Agent', UA.chromeWindows).expect(200);
      expect((await visits(who)).map((v) => v.machine_reason)).toEqual(['bot', 'link-scanner', 'head-request']);
    });

    it("the owner's preview is no visit, and reports no plays", async () => {
      const who = someone('owner');
      const preview = await owner.get(`/livePreview/${snippetId}?v=${encodeURIComponent(who)}`).expect(200);
      expect(preview.text).not.toContain('data-ranges-url');
      expect(preview.text).not.toContain('data-report-url');
      expect(await visits(who)).toEqual([]);
    });

    it('an unknown EyeMail is no visit', async () => {
      const before = (await sql<{ n: number }>(t, 'select count(*)::int as n from viewer_visit'))[0].n;
      await t.http.get(`/eyemail/${MISSING}?v=x@example.com`).expect(404);
      expect((await sql<{ n: number }>(t, 'select count(*)::int as n from viewer_visit'))[0].n).toBe(before);
    });
  });

  describe('plays', () => {
    it('merges a play\'s segments as they grow, a seek back being a rewatch counted once', async () => {
      const id = crypto.randomUUID();
      // 2.5 s played muted: a play
      expect((await report(id, [[0, 0, 2.5]])).body).toMatchObject({ result: true, message: 'Play recorded.' });
      expect(await play(id)).toMatchObject({ snippet_id: snippetId, receiver: 'ann@example.com', ip: '81.2.69.142', client: 'Chrome', counted: true, sound_on: false, watched_secs: 2.5, reports: 1, video_duration_secs: LENGTH });
      // played on to 12 s, sound turned on, sought back to 4 and played to 8
      await report(id, [[0, 0, 12], [1, 4, 8]], { soundOn: true }).expect(200);
      // an old report arriving late, and one with the sound off again: nothing is lost
      await report(id, [[0, 0, 6]], { soundOn: false }).expect(200);
      expect(await play(id)).toMatchObject({
        segments: [[0, 0, 12], [1, 4, 8]],
        ranges: [[0, 12]],
        watched_secs: 12,
        counted: true,
        sound_on: true,
        reports: 3,
      });
    });

    it('under 2 s is not a play yet; it becomes one when it grows', async () => {
      const id = crypto.randomUUID();
      await report(id, [[0, 10, 11.5]]).expect(200);
      expect(await play(id)).toMatchObject({ counted: false, watched_secs: 1.5 });
      await report(id, [[0, 10, 13]]).expect(200);
      expect(await play(id)).toMatchObject({ counted: true, watched_secs: 3 });
    });

    it('cuts positions past the video to its length (the server\'s, whatever the browser says)', async () => {
      const id = crypto.randomUUID();
      await report(id, [[0, 25, 90], [1, 500, 900]], { length: 900 }).expect(200);
      expect(await play(id)).toMatchObject({ segments: [[0, 25, 30]], ranges: [[25, 30]], watched_secs: 5, video_duration_secs: LENGTH });
    });

    it('keeps a bounded number of segments and ranges however many reports a play sends', async () => {
      const id = crypto.randomUUID();
      // every segment number a play may have, over 60 places half a second apart (60 ranges)
      for (let from = 0; from < MAX_SEGMENTS_PER_PLAY; from += 50) {
        const segs = Array.from({ length: 50 }, (_, i) => [from + i, ((from + i) % 60) * 0.5, ((from + i) % 60) * 0.5 + 0.1]);
        await report(id, segs).expect(200);
      }
      await report(id, [[MAX_SEGMENTS_PER_PLAY, 0, 30]]).expect(400);
      const row = await play(id);
      expect(row.segments).toHaveLength(MAX_SEGMENTS_PER_PLAY);
      expect(row.ranges).toHaveLength(MAX_RANGES_PER_PLAY);
      // ten gaps of 0.4 s joined: 6 s of segments + 4 s of gaps
      expect(row.watched_secs).toBeCloseTo(10, 5);
    });

    it('reports of one play arriving together lose nothing', async () => {
      const id = crypto.randomUUID();
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => report(id, [[i, i, i + 0.5]])));
      expect(results.map((r) => r.status)).toEqual(new Array(20).fill(200));
      const row = await play(id);
      expect(row.segments).toHaveLength(20);
      expect(row.reports).toBe(20);
      expect(row.watched_secs).toBe(10);
    });

    it("never touches another EyeMail's play: its id is refused for any other EyeMail (409)", async () => {
      const id = crypto.randomUUID();
      await report(id, [[0, 0, 5]]).expect(200);
      const res = await send({ playId: id, snippetId: otherId, segments: [[0, 0, 30], [1, 2, 9]], soundOn: true });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ result: false, errors: { playId: expect.any(String) } });
      expect(await play(id)).toMatchObject({ snippet_id: snippetId, segments: [[0, 0, 5]], sound_on: false, reports: 1 });
    });

    it('an unknown EyeMail is 404 and stores nothing', async () => {
      const id = crypto.randomUUID();
      const res = await send({ playId: id, snippetId: MISSING, segments: [[0, 0, 5]] });
      expect(res.status).toBe(404);
      expect(res.body.result).toBe(false);
      expect(await play(id)).toBeUndefined();
    });

    it.each([
      ['a negative position', (id: string) => ({ playId: id, snippetId, segments: [[0, -4, 3]] })],
      ['a segment ending before it starts', (id: string) => ({ playId: id, snippetId, segments: [[0, 9, 3]] })],
      ['thousands of ranges', (id: string) => ({ playId: id, snippetId, segments: Array.from({ length: 2000 }, (_, i) => [i % 200, i, i + 1]) })],
      ['more segments than a report carries', (id: string) => ({ playId: id, snippetId, segments: Array.from({ length: 61 }, (_, i) => [i, 0, 1]) })],
      ['a segment number past the bound', (id: string) => ({ playId: id, snippetId, segments: [[MAX_SEGMENTS_PER_PLAY, 0, 1]] })],
      ['segments as text', (id: string) => ({ playId: id, snippetId, segments: '0-5' })],
      ['no play id', () => ({ snippetId, segments: [[0, 0, 5]] })],
      ['malformed JSON', () => '{"playId": '],
      ['a beacon of plain text', () => 'hello'],
      ['an empty body', () => ''],
    ])('refuses %s with a 400 and stores nothing', async (_what, make) => {
      const id = crypto.randomUUID();
      const res = await send(make(id));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ result: false, message: expect.any(String) });
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await play(id)).toBeUndefined();
    });

    it("the owner's report lists the plays with share watched, sound on and the heatmap strip; another user gets 404", async () => {
      const id = crypto.randomUUID();
      const who = someone('listed');
      // 0-12 s, back to 4-8 (rewatched), sound on; a play under 2 s is not listed
      await send({ playId: id, snippetId, receiver: who, segments: [[0, 0, 12], [1, 4, 8]], soundOn: true }).expect(200);
      await send({ playId: crypto.randomUUID(), snippetId, receiver: who, segments: [[0, 0, 1]] }).expect(200);
      const res = await owner.get(`/api/reports/${snippetId}/plays?receiver=${encodeURIComponent(who)}`).expect(200);
      expect(res.headers['x-total-count']).toBe('1');
      expect(res.body.body).toEqual([
        expect.objectContaining({
          playId: id,
          receiver: who,
          ipAddress: '81.2.69.142',
          countryCode: 'GB',
          client: 'Chrome',
          videoDuration: LENGTH,
          watchedSecs: 12,
          shareWatched: 0.4,
          completed: false,
          soundOn: true,
          ranges: [[0, 12]],
          seconds: [1, 1, 1, 1, 2, 2, 2, 2, 1, 1, 1, 1, ...new Array(18).fill(0)],
        }),
      ]);
      const stranger = (await signUp(t)).client;
      await stranger.get(`/api/reports/${snippetId}/plays`).expect(404);
      await owner.get(`/api/reports/${snippetId}/plays?page=0`).expect(400);
    });

    it('the plays total (X-Total-Count) is every counted play the filter keeps: all time, machine traffic in or out, a date range', async () => {
      // an EyeMail of its own: the play rows are moved in time and marked as machine by hand here
      const own = (await createSnippet(owner, snippetPayload(videoId, { title: 'Totals' }))).snippet;
      const [early, bot] = [crypto.randomUUID(), crypto.randomUUID()];
      for (const id of [early, bot, crypto.randomUUID(), crypto.randomUUID()]) await send({ playId: id, snippetId: own, receiver: someone('total'), segments: [[0, 0, 6]] }).expect(200);
      await send({ playId: crypto.randomUUID(), snippetId: own, receiver: someone('total'), segments: [[0, 0, 1]] }).expect(200);
      await sql(t, `update video_play set started_at = '2026-03-04T10:00:00Z' where play_id = ?`, [early]);
      await sql(t, `update video_play set machine_reason = 'bot' where play_id = ?`, [bot]);
      const total = async (query: string) => (await owner.get(`/api/reports/${own}/plays?${query}`).expect(200)).headers['x-total-count'];
      // four counted plays (the 1 s one is not a play), one of them machine traffic, one in March
      expect(await total('')).toBe('3');
      expect(await total('includeMachine=true')).toBe('4');
      expect(await total('dateFrom=2026-03-04&dateTill=2026-03-04')).toBe('1');
      expect(await total('dateFrom=2026-03-05')).toBe('2');
      expect(await total('dateFrom=2026-03-05&includeMachine=true')).toBe('3');
      // a filter the counters cannot answer counts the rows
      expect(await total('receiver=total-')).toBe('3');
    });

    it("a spec play report naming the play gives its record the play's share watched and sound on, in the records, the CSV and the feeds", async () => {
      const id = crypto.randomUUID();
      const who = someone('linked');
      await send({ playId: id, snippetId, receiver: who, segments: [[0, 0, 12], [1, 4, 8]], soundOn: true }).expect(200);
      await t.http.post('/api/reports/updateduration').set('Content-Type', 'text/plain').set('User-Agent', UA.chromeWindows)
        .send(JSON.stringify({ DurationSecs: 16, SnippetId: snippetId, TotalPlayTimeVideo: 30, Receiver: who, PlayId: id })).expect(200);
      await t.http.post('/api/reports/updateduration').set('Content-Type', 'text/plain').set('User-Agent', UA.chromeWindows)
        .send(JSON.stringify({ DurationSecs: 3, SnippetId: snippetId, TotalPlayTimeVideo: 30, Receiver: who })).expect(200);
      const records = (await owner.get(`/api/reports/${snippetId}?receiver=${encodeURIComponent(who)}`).expect(200)).body.body;
      expect(records.map((r: Record<string, unknown>) => [r.durationSecs, r.shareWatched, r.soundOn])).toEqual([
        [3, null, null],
        [16, 0.4, true],
      ]);
      const csv = (await owner.get(`/api/reports/${snippetId}/download?receiver=${encodeURIComponent(who)}`).buffer(true).parse((res, cb) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (data += c));
        res.on('end', () => cb(null, data));
      })).body as string;
      const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines[0].endsWith(',Share Watched (%),Sound On')).toBe(true);
      expect(lines.slice(1).map((l) => l.split(',').slice(-2).join(','))).toEqual([',', '40,Yes']);
      const feed = (await owner.get(`/api/reports/${snippetId}/feed/json?receiver=${encodeURIComponent(who)}`).expect(200)).body.body;
      expect(feed.records[1]).toMatchObject({ shareWatched: 0.4, soundOn: true });
      const xml = (await owner.get(`/api/reports/${snippetId}/feed/xml?receiver=${encodeURIComponent(who)}`).expect(200)).text;
      expect(xml).toContain('<shareWatched>0.4</shareWatched>');
      expect(xml).toContain('<soundOn>true</soundOn>');
    });

    it('keeps the per-second histogram at ingest equal to the graph of the plays\' segments, as plays grow, come to count and rewatch', async () => {
      const graph = async (query: string) => (await owner.get(`/api/reports/${snippetId}/engagement?${query}`).expect(200)).body.body.graph;
      const a = crypto.randomUUID();
      const b = crypto.randomUUID();
      await report(a, [[0, 3, 4]]).expect(200); // not a play yet
      await report(a, [[0, 3, 9], [1, 5, 7]]).expect(200); // now one, with a rewatch
      await Promise.all([report(b, [[0, 0, 30]]), report(a, [[2, 20, 29.5]])]);
      for (const machines of ['false', 'true']) {
        const kept = await graph(`includeMachine=${machines}`);
        expect(kept.seconds).toHaveLength(LENGTH);
        expect(kept).toEqual(await graph(`includeMachine=${machines}&dateFrom=2000-01-01`));
      }
    });

    it('takes the report as JSON too, and sets no cookie', async () => {
      const id = crypto.randomUUID();
      const res = await send({ playId: id, snippetId, segments: [[0, 0, 3]] }, 'application/json');
      expect(res.status).toBe(200);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
      expect((await play(id)).watched_secs).toBe(3);
    });
  });
});
