// The report API through HTTP on the real app: records with every filter, paging, the owner's
// time zone, the click/play join, uniqueness, the spec 02 section 9 rules, the summary, the CSV,
// the feeds, the filter lists, ownership and bad filters. Engagements are seeded as rows of the
// engagement table (the shape ingest stores), against a snippet made through the API.
import type { ReportRecord } from '../../src/shared/report-types.js';
import { jest } from '@jest/globals';
import { create } from 'xmlbuilder2';
import { startTestApp, type TestApp } from '../support/app.js';
import { newClient, signUp, type Client, type SignedUpUser } from '../support/account-factory.js';
import { createSnippet, readyVideo, snippetPayload } from '../support/snippet-factory.js';
import { insertClickWithPlays, insertEngagement, type EngagementSeed } from '../support/engagement-factory.js';
import { xmlProblems } from '../support/xml-check.js';

jest.setTimeout(180_000);

const TARGET = 'https://shop.example.com/spring';
const seattle = { ip: '203.0.113.5', countryCode: 'US', countryName: 'United States', region: 'Washington', city: 'Seattle' };
const london = { ip: '203.0.113.9', countryCode: 'GB', countryName: 'United Kingdom', region: 'England', city: 'London' };
const berlin = { ip: '198.51.100.7', countryCode: 'DE', countryName: 'Germany', region: 'Berlin', city: 'Berlin' };
const windowsOutlook = { device: 'desktop', platform: 'Windows', client: 'Outlook' };
const iphone = { device: 'smartphone', platform: 'iOS', client: 'Apple Mail' };

// The little of the DOM the XML checks read (xmlbuilder2's parsed nodes).
interface XmlEl {
  tagName: string;
  textContent: string | null;
  getAttribute(name: string): string | null;
  getElementsByTagName(tag: string): ArrayLike<XmlEl>;
}

type Rec = ReportRecord;

describe('reports API', () => {
  let t: TestApp;
  let owner: SignedUpUser;
  let other: Client;
  let snippetId: string;
  let emptySnippetId: string;
  let tzIds: Record<string, number>;
  // named ids of the seeded rows
  const id: Record<string, string> = {};

  const setZone = async (name: string) => {
    const res = await owner.client.put('/api/users/profile').send({ firstName: 'Ann', lastName: 'Lee', email: owner.email, country: null, timezone: tzIds[name] });
    expect(res.status).toBe(200);
  };
  const records = async (query = '', client = owner.client, sid = snippetId) => {
    const res = await client.get(`/api/reports/${sid}${query ? `?${query}` : ''}`);
    expect(res.status).toBe(200);
    return { list: res.body.body as Rec[], total: Number(res.headers['x-total-count']), res };
  };
  const ids = (list: Rec[]) => list.map((r) => r.engagementId);
  const named = (...names: string[]) => names.map((n) => id[n]);
  const summary = async (query = '') => {
    const res = await owner.client.get(`/api/reports/${snippetId}/summary${query ? `?${query}` : ''}`);
    expect(res.status).toBe(200);
    return res.body.body;
  };

  beforeAll(async () => {
    t = await startTestApp();
    owner = await signUp(t);
    other = (await signUp(t)).client;
    const zones = (await owner.client.get('/api/timezones').expect(200)).body.body as { timezoneId: number; timezoneName: string }[];
    tzIds = Object.fromEntries(zones.map((z) => [z.timezoneName, z.timezoneId]));
    const { videoId } = await readyVideo(owner.client);
    snippetId = (await createSnippet(owner.client, snippetPayload(videoId, { title: 'Spring launch' }))).snippet;
    emptySnippetId = (await createSnippet(owner.client, snippetPayload(videoId, { title: 'Quiet one' }))).snippet;
    await setZone('America/Los_Angeles');

    const add = async (name: string, e: EngagementSeed) => (id[name] = await insertEngagement(t, snippetId, e));
    // Los Angeles is UTC-8 in January; Kolkata is UTC+5:30.
    await add('annOpen', { kind: 'open', at: '2026-01-10T17:00:00Z', receiver: 'ann@example.com', ...seattle, ...windowsOutlook });
    await add('annOpenPhone', { kind: 'open', at: '2026-01-10T18:00:00Z', receiver: 'ann@example.com', ...seattle, ...iphone });
    // a web-view click with two plays: 12 + 25 s of a 30 s video
    {
      const c = await insertClickWithPlays(t, snippetId, { at: '2026-01-10T18:05:00Z', receiver: 'ann@example.com', ...seattle, ...windowsOutlook, videoDurationSecs: 30 }, [
        { at: '2026-01-10T18:06:00Z', durationSecs: 12 },
        { at: '2026-01-10T18:10:00Z', durationSecs: 25 },
      ]);
      id.annClick = c.clickId;
      id.annPlay = c.playIds[0];
    }
    await add('bobOpen', { kind: 'open', at: '2026-01-11T07:30:00Z', receiver: 'bob@example.com', ...london, ...iphone });
    await add('bobTargetClick', { kind: 'click', at: '2026-01-11T07:35:00Z', receiver: 'bob@example.com', ...london, ...iphone, target: TARGET });
    // a web-view click whose play lasted half a second: listed, not counted
    id.bobShortClick = (
      await insertClickWithPlays(t, snippetId, { at: '2026-01-11T07:40:00Z', receiver: 'bob@example.com', ...london, ...iphone, videoDurationSecs: 30 }, [
        { at: '2026-01-11T07:41:00Z', durationSecs: 0.5 },
      ])
    ).clickId;
    // no receiver: unique by IP
    await add('ipOpen', { kind: 'open', at: '2026-01-12T20:00:00Z', receiver: null, ...berlin, device: 'tablet', platform: 'Android', client: 'Gmail' });
    await add('ipOpen2', { kind: 'open', at: '2026-01-12T21:00:00Z', receiver: null, ...berlin, device: 'tablet', platform: 'Android', client: 'Gmail' });
    // a play of the web view with no click before it: a view with its seconds
    await add('carolPlay', {
      kind: 'play', at: '2026-01-12T22:00:00Z', receiver: 'carol@example.com', ...seattle, ip: '203.0.113.77',
      device: 'desktop', platform: 'Mac', client: 'Chrome', durationSecs: 20.25, videoDurationSecs: 30,
    });
    // machine traffic
    await add('daveMachineOpen', { kind: 'open', at: '2026-01-12T23:00:00Z', receiver: 'dave@example.com', ip: '17.58.0.1', machineReason: 'apple-privacy', platform: 'Mac', client: 'Apple Mail' });
    await add('daveScannerClick', { kind: 'click', at: '2026-01-12T23:00:01Z', receiver: 'dave@example.com', ip: '40.94.0.1', machineReason: 'link-scanner', target: TARGET });
    // ann again: 10 s more, so her total (40 s) is capped at the video's 30 s
    id.annClick2 = (
      await insertClickWithPlays(t, snippetId, { at: '2026-01-13T17:00:00Z', receiver: 'ann@example.com', ...seattle, device: 'desktop', platform: 'Windows', client: 'Chrome', videoDurationSecs: 30 }, [
        { at: '2026-01-13T17:01:00Z', durationSecs: 10 },
      ])
    ).clickId;
  });
  afterAll(async () => {
    await t?.close();
  });

  const HUMAN_NEWEST_FIRST = ['annClick2', 'carolPlay', 'ipOpen2', 'ipOpen', 'bobShortClick', 'bobTargetClick', 'bobOpen', 'annClick', 'annOpenPhone', 'annOpen'];

  describe('a web-view click nobody played', () => {
    let bounceId: string;
    let clickId: string;
    beforeAll(async () => {
      const { videoId } = await readyVideo(owner.client);
      bounceId = (await createSnippet(owner.client, snippetPayload(videoId, { title: 'Bounce' }))).snippet;
      // ingest stores the video's length on every click; no play report ever came
      clickId = await insertEngagement(t, bounceId, { kind: 'click', at: '2026-01-10T17:00:00Z', receiver: 'eve@example.com', ...seattle, ...windowsOutlook, videoDurationSecs: 30 });
      await insertEngagement(t, bounceId, { kind: 'open', at: '2026-01-10T16:59:00Z', receiver: 'eve@example.com', ...seattle, ...windowsOutlook });
    });

    it('is listed with no seconds and is not counted, in the records and the summary', async () => {
      const { list } = await records('', owner.client, bounceId);
      expect(list.find((r) => r.engagementId === clickId)).toMatchObject({ activity: 'click', durationSecs: null, counted: false });
      const res = await owner.client.get(`/api/reports/${bounceId}/summary`).expect(200);
      expect(res.body.body).toMatchObject({ totalViews: 1, totalClicks: 0, averageViewTime: 0 });
    });
  });

  describe('records', () => {
    it('lists opens, clicks and un-joined plays newest first, machine events and joined plays left out', async () => {
      const { list, total, res } = await records();
      expect(res.body).toMatchObject({ result: true, errors: null });
      expect(ids(list)).toEqual(named(...HUMAN_NEWEST_FIRST));
      expect(total).toBe(10);
      expect(ids(list)).not.toContain(id.annPlay);
    });

    it('shows dates and times in the owner\'s time zone (Los Angeles)', async () => {
      const { list } = await records();
      const bob = list.find((r) => r.engagementId === id.bobOpen)!;
      expect(bob).toMatchObject({ date: '2026-01-10', time: '23:30:00' });
      const ann = list.find((r) => r.engagementId === id.annOpen)!;
      expect(ann).toMatchObject({ date: '2026-01-10', time: '09:00:00' });
    });

    it('fills every field of a record', async () => {
      const { list } = await records();
      const open = list.find((r) => r.engagementId === id.annOpen)!;
      expect(open).toEqual({
        engagementId: id.annOpen,
        activity: 'view',
        isUnique: true,
        counted: true,
        date: '2026-01-10',
        time: '09:00:00',
        occurredAtUtc: '2026-01-10T17:00:00.000Z',
        durationSecs: null,
        videoDuration: null,
        receiver: 'ann@example.com',
        ipAddress: '203.0.113.5',
        city: 'Seattle',
        state: 'Washington',
        country: 'United States',
        countryCode: 'US',
        device: 'desktop',
        platform: 'Windows',
        client: 'Outlook',
        target: null,
        machineReason: null,
        destination: null,
        destinationLabel: null,
        shareWatched: null,
        soundOn: null,
      });
    });

    it('adds the plays\' seconds to the click that opened the web view, capped at the video length', async () => {
      const { list } = await records();
      const click = list.find((r) => r.engagementId === id.annClick)!;
      expect(click).toMatchObject({ activity: 'click', durationSecs: 30, videoDuration: 30, counted: true, isUnique: false, target: null });
      const second = list.find((r) => r.engagementId === id.annClick2)!;
      expect(second).toMatchObject({ activity: 'click', durationSecs: 10, counted: true });
    });

    it('lists a web-view click that played 1 s or less, but does not count it', async () => {
      const { list } = await records();
      expect(list.find((r) => r.engagementId === id.bobShortClick)).toMatchObject({ activity: 'click', durationSecs: 0.5, counted: false });
      expect(list.find((r) => r.engagementId === id.bobTargetClick)).toMatchObject({ activity: 'click', durationSecs: null, counted: true, target: TARGET });
    });

    it('counts a web-view play with no click as a view with its seconds', async () => {
      const { list } = await records();
      expect(list.find((r) => r.engagementId === id.carolPlay)).toMatchObject({ activity: 'view', durationSecs: 20.3, videoDuration: 30, isUnique: true, counted: true });
    });

    it('marks the first view of each receiver, or of each IP without a receiver, as unique', async () => {
      const { list } = await records();
      const unique = list.filter((r) => r.isUnique).map((r) => r.engagementId);
      expect(unique.sort()).toEqual(named('annOpen', 'bobOpen', 'ipOpen', 'carolPlay').sort());
    });

    it('shows machine events only with includeMachine, with their reason', async () => {
      const { list, total } = await records('includeMachine=true');
      expect(total).toBe(12);
      expect(list.find((r) => r.engagementId === id.daveMachineOpen)).toMatchObject({ machineReason: 'apple-privacy', isUnique: true, activity: 'view' });
      expect(list.find((r) => r.engagementId === id.daveScannerClick)).toMatchObject({ machineReason: 'link-scanner', activity: 'click' });
    });

    it('pages with page and size, the total in X-Total-Count', async () => {
      const p2 = await records('page=2&size=3');
      expect(ids(p2.list)).toEqual(named('ipOpen', 'bobShortClick', 'bobTargetClick'));
      expect(p2.total).toBe(10);
      const last = await records('page=4&size=3');
      expect(ids(last.list)).toEqual(named('annOpen'));
      const past = await records('page=5&size=3');
      expect(past.list).toEqual([]);
      expect(past.total).toBe(10);
    });

    describe('filters', () => {
      const cases: [string, string[]][] = [
        ['dateFrom=2026-01-10&dateTill=2026-01-10', ['bobShortClick', 'bobTargetClick', 'bobOpen', 'annClick', 'annOpenPhone', 'annOpen']],
        ['dateFrom=2026-01-12', ['annClick2', 'carolPlay', 'ipOpen2', 'ipOpen']],
        ['dateTill=2026-01-11', ['bobShortClick', 'bobTargetClick', 'bobOpen', 'annClick', 'annOpenPhone', 'annOpen']],
        ['timeFrom=09:00&timeTill=10:00', ['annClick2', 'annOpenPhone', 'annOpen']],
        ['timeFrom=23:00&timeTill=01:00', ['bobShortClick', 'bobTargetClick', 'bobOpen']],
        ['timeFrom=14:00', ['carolPlay', 'bobShortClick', 'bobTargetClick', 'bobOpen']],
        ['devicescsv=smartphone', ['bobShortClick', 'bobTargetClick', 'bobOpen', 'annOpenPhone']],
        ['devicescsv=tablet,desktop', ['annClick2', 'carolPlay', 'ipOpen2', 'ipOpen', 'annClick', 'annOpen']],
        ['platformscsv=ios,android', ['ipOpen2', 'ipOpen', 'bobShortClick', 'bobTargetClick', 'bobOpen', 'annOpenPhone']],
        ['platformscsv=mac', ['carolPlay']],
        ['clientscsv=gmail', ['ipOpen2', 'ipOpen']],
        ['clientscsv=chrome,outlook', ['annClick2', 'carolPlay', 'annClick', 'annOpen']],
        ['clientscsv=unknown', []],
        ['country=gb,DE', ['ipOpen2', 'ipOpen', 'bobShortClick', 'bobTargetClick', 'bobOpen']],
        ['ipAddress=198.51.100.7', ['ipOpen2', 'ipOpen']],
        ['receiver=ANN', ['annClick2', 'annClick', 'annOpenPhone', 'annOpen']],
        ['receiver=bob%40example.com&devicescsv=smartphone&country=GB', ['bobShortClick', 'bobTargetClick', 'bobOpen']],
        ['includeMachine=true&clientscsv=unknown', ['daveScannerClick']],
        ['includeMachine=true&platformscsv=mac', ['daveMachineOpen', 'carolPlay']],
      ];
      it.each(cases)('%s', async (query, expected) => {
        const { list, total } = await records(query);
        expect(ids(list)).toEqual(named(...expected));
        expect(total).toBe(expected.length);
      });

      it('keeps uniqueness over the whole history: a repeat view stays a repeat under any filter', async () => {
        const { list } = await records('devicescsv=smartphone');
        expect(list.find((r) => r.engagementId === id.annOpenPhone)!.isUnique).toBe(false);
        expect(list.find((r) => r.engagementId === id.bobOpen)!.isUnique).toBe(true);
      });

      it('treats % and _ in the receiver filter literally', async () => {
        expect((await records('receiver=%25')).list).toEqual([]);
        expect((await records('receiver=_')).list).toEqual([]);
      });
    });

    describe('time zones', () => {
      afterAll(() => setZone('America/Los_Angeles'));

      it('reads dates, times and the date filter in Asia/Kolkata when the owner lives there', async () => {
        await setZone('Asia/Kolkata');
        const { list } = await records();
        expect(list.find((r) => r.engagementId === id.bobOpen)).toMatchObject({ date: '2026-01-11', time: '13:00:00' });
        expect(list.find((r) => r.engagementId === id.annOpen)).toMatchObject({ date: '2026-01-10', time: '22:30:00' });
        expect(ids((await records('dateFrom=2026-01-10&dateTill=2026-01-10')).list)).toEqual(named('annClick', 'annOpenPhone', 'annOpen'));
        expect(ids((await records('dateFrom=2026-01-11&dateTill=2026-01-11')).list)).toEqual(named('bobShortClick', 'bobTargetClick', 'bobOpen'));
        expect(ids((await records('timeFrom=13:00&timeTill=13:05')).list)).toEqual(named('bobTargetClick', 'bobOpen'));
      });

      it('uses UTC when the owner has no time zone', async () => {
        const res = await owner.client.put('/api/users/profile').send({ firstName: 'Ann', lastName: 'Lee', email: owner.email, country: null, timezone: null });
        expect(res.status).toBe(200);
        const { list } = await records();
        expect(list.find((r) => r.engagementId === id.bobOpen)).toMatchObject({ date: '2026-01-11', time: '07:30:00' });
        expect((await summary('weekEnding=2026-01-13')).timeZone).toBe('UTC');
      });
    });
  });

  describe('summary', () => {
    it('totals views, unique views and counted clicks, with the average view time per spec 02 section 9', async () => {
      const s = await summary('weekEnding=2026-01-13');
      expect(s).toMatchObject({
        snippetId,
        title: 'Spring launch',
        timeZone: 'America/Los_Angeles',
        totalViews: 6,
        uniqueViews: 4,
        totalClicks: 3,
        // ann 12+25+10 = 47 s capped at 30, carol 20.25: (30 + 20.25) / 2 = 25.125
        averageViewTime: 25.1,
        machineEvents: 2,
        machineExcluded: 2,
        includeMachine: false,
      });
    });

    it('draws the 7-day timeline of counted views and clicks in the owner\'s days', async () => {
      const s = await summary('weekEnding=2026-01-13');
      expect(s.weekStart).toBe('2026-01-07');
      expect(s.weekEnding).toBe('2026-01-13');
      expect(s.timeline).toEqual([
        { date: '2026-01-07', views: 0, clicks: 0 },
        { date: '2026-01-08', views: 0, clicks: 0 },
        { date: '2026-01-09', views: 0, clicks: 0 },
        { date: '2026-01-10', views: 3, clicks: 2 },
        { date: '2026-01-11', views: 0, clicks: 0 },
        { date: '2026-01-12', views: 3, clicks: 0 },
        { date: '2026-01-13', views: 0, clicks: 1 },
      ]);
    });

    it('splits the breakdown into unique views, repeat views and clicks with floored percentages', async () => {
      const s = await summary('weekEnding=2026-01-13');
      expect(s.breakdown).toEqual({ uniqueViews: 4, repeatViews: 2, clicks: 3, uniqueViewsPercent: 44, repeatViewsPercent: 22, clicksPercent: 33 });
    });

    it('includes machine events with includeMachine', async () => {
      const s = await summary('weekEnding=2026-01-13&includeMachine=true');
      expect(s).toMatchObject({ totalViews: 7, uniqueViews: 5, totalClicks: 4, machineEvents: 2, machineExcluded: 0, includeMachine: true });
    });

    it('applies the filters: only first views inside the filter count as unique', async () => {
      const phone = await summary('devicescsv=smartphone');
      expect(phone).toMatchObject({ totalViews: 2, uniqueViews: 1, totalClicks: 1, machineEvents: 0 });
      const bob = await summary('receiver=bob');
      expect(bob).toMatchObject({ totalViews: 1, uniqueViews: 1, totalClicks: 1, averageViewTime: 0 });
      const carol = await summary('receiver=carol');
      expect(carol).toMatchObject({ totalViews: 1, uniqueViews: 1, totalClicks: 0, averageViewTime: 20.3 });
    });

    it('ends the timeline on dateTill when no weekEnding is given, else on the owner\'s today', async () => {
      expect((await summary('dateFrom=2026-01-01&dateTill=2026-01-12')).weekEnding).toBe('2026-01-12');
      const s = await summary();
      expect(s.weekEnding).toBe(s.today);
      expect(s.today).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date()));
      expect(s.timeline).toHaveLength(7);
    });

    it('is all zeros for an EyeMail with no engagements', async () => {
      const res = await owner.client.get(`/api/reports/${emptySnippetId}/summary?weekEnding=2026-01-13`).expect(200);
      expect(res.body.body).toMatchObject({ totalViews: 0, uniqueViews: 0, totalClicks: 0, averageViewTime: 0, machineEvents: 0 });
      expect(res.body.body.breakdown).toMatchObject({ uniqueViewsPercent: 0, repeatViewsPercent: 0, clicksPercent: 0 });
      expect(res.body.body.timeline.every((d: { views: number; clicks: number }) => d.views === 0 && d.clicks === 0)).toBe(true);
      const r = await records('', owner.client, emptySnippetId);
      expect(r.list).toEqual([]);
      expect(r.total).toBe(0);
    });
  });

  describe('CSV download', () => {
    const download = (query = '', client = owner.client) =>
      client
        .get(`/api/reports/${snippetId}/download${query ? `?${query}` : ''}`)
        .buffer(true)
        .parse((res, cb) => {
          let data = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (data += c));
          res.on('end', () => cb(null, data));
        });

    it('downloads the filtered records as a CSV file with a readable name', async () => {
      const res = await download();
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="eyemail-report-spring-launch-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = (res.body as string).replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines[0]).toBe(
        'Engagement ID,Activity,Unique,Counted,Date,Time,Duration (secs),Video Duration (secs),Receiver,IP Address,City,State,Country,Country Code,Device,Platform,Client,Target,Machine Reason,Destination,Share Watched (%),Sound On',
      );
      expect(lines).toHaveLength(11);
      expect(lines[1].split(',')[0]).toBe(id.annClick2);
      expect(lines).toContain(`${id.annClick},click,No,Yes,2026-01-10,10:05:00,30,30,ann@example.com,203.0.113.5,Seattle,Washington,United States,US,desktop,Windows,Outlook,,,Web view,,`);
    });

    it('applies the same filters', async () => {
      const res = await download('receiver=bob&includeMachine=true');
      const lines = (res.body as string).replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(named('bobShortClick', 'bobTargetClick', 'bobOpen'));
    });

    it('is a header only when nothing matches', async () => {
      const res = await download('dateFrom=2020-01-01&dateTill=2020-01-02');
      expect(res.status).toBe(200);
      expect((res.body as string).replace(/^\uFEFF/, '').trim().split('\r\n')).toHaveLength(1);
    });
  });

  describe('feeds', () => {
    it('gives the EyeMail, its totals and the records as JSON', async () => {
      const res = await owner.client.get(`/api/reports/${snippetId}/feed/json?size=2`).expect(200);
      const feed = res.body.body;
      expect(feed.snippet).toEqual({ snippetId, title: 'Spring launch', status: true });
      expect(feed.timeZone).toBe('America/Los_Angeles');
      expect(feed.totals).toMatchObject({ totalViews: 6, uniqueViews: 4, totalClicks: 3, averageViewTime: 25.1, machineExcluded: 2 });
      // Total Views is made of opens and plays without a click (report-reconciliation has them by hand)
      expect(feed.totals.opens + feed.totals.playsWithoutClick).toBe(6);
      expect(feed).toMatchObject({ page: 1, size: 2, totalCount: 10 });
      expect(feed.records.map((r: Rec) => r.engagementId)).toEqual(named('annClick2', 'carolPlay'));
      expect(res.headers['x-total-count']).toBe('10');
    });

    it('gives the same as well-formed XML, escaping what strangers wrote', async () => {
      const odd = await insertEngagement(t, emptySnippetId, { kind: 'open', at: '2026-01-05T12:00:00Z', receiver: 'o\'brien&co<x>"@example.com\u0001', ip: '192.0.2.1' });
      const res = await owner.client.get(`/api/reports/${emptySnippetId}/feed/xml`).buffer(true).parse((r, cb) => {
        let d = '';
        r.setEncoding('utf8');
        r.on('data', (c: string) => (d += c));
        r.on('end', () => cb(null, d));
      });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/xml/);
      const xml = res.body as string;
      expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
      expect(xmlProblems(xml)).toEqual([]);
      const root = create(xml).root().node as unknown as XmlEl;
      const text = (el: XmlEl, tag: string) => el.getElementsByTagName(tag)[0]?.textContent;
      expect(root.tagName).toBe('report');
      expect(root.getAttribute('timeZone')).toBe('America/Los_Angeles');
      expect(root.getElementsByTagName('snippet')[0].getAttribute('id')).toBe(emptySnippetId);
      expect(text(root, 'title')).toBe('Quiet one');
      expect(text(root.getElementsByTagName('totals')[0], 'totalViews')).toBe('1');
      expect(root.getElementsByTagName('records')[0].getAttribute('totalCount')).toBe('1');
      const rec = root.getElementsByTagName('record');
      expect(rec).toHaveLength(1);
      expect(text(rec[0], 'engagementId')).toBe(odd);
      expect(text(rec[0], 'receiver')).toBe('o\'brien&co<x>"@example.com');
      expect(text(rec[0], 'durationSecs')).toBe('');
      expect(xml).toContain('o\'brien&amp;co&lt;x&gt;"@example.com');
    });

    it('is in the OpenAPI document', async () => {
      const res = await owner.client.get('/api/docs/openapi.json').expect(200);
      const paths = Object.keys(res.body.paths);
      for (const p of ['/api/reports/{snippetId}', '/api/reports/{snippetId}/summary', '/api/reports/{snippetId}/download', '/api/reports/{snippetId}/feed/json', '/api/reports/{snippetId}/feed/xml', '/api/reports/filter/countries']) {
        expect(paths).toContain(p);
      }
    });
  });

  describe('filter lists', () => {
    it('gives key/value maps whose keys the *csv filters take', async () => {
      const platforms = (await owner.client.get('/api/reports/filter/platforms').expect(200)).body.body;
      expect(platforms).toMatchObject({ windows: 'Windows', mac: 'Mac', ios: 'iOS', android: 'Android', other: 'Other', unknown: 'Unknown' });
      const devices = (await owner.client.get('/api/reports/filter/devices').expect(200)).body.body;
      expect(devices).toMatchObject({ desktop: 'Desktop', smartphone: 'Smartphone', tablet: 'Tablet' });
      const clients = (await owner.client.get('/api/reports/filter/clients').expect(200)).body.body;
      expect(clients).toMatchObject({ 'apple-mail': 'Apple Mail', gmail: 'Gmail', outlook: 'Outlook' });
      for (const key of Object.keys(clients)) await records(`clientscsv=${key}`);
    });

    it('lists countries with name and code', async () => {
      const list = (await owner.client.get('/api/reports/filter/countries').expect(200)).body.body as { countryName: string; countryCode: string }[];
      expect(list).toContainEqual({ countryName: 'Germany', countryCode: 'DE' });
      expect(list.length).toBeGreaterThan(200);
    });

    it('needs a session', async () => {
      const anon = await newClient(t);
      expect((await anon.get('/api/reports/filter/platforms')).status).toBe(401);
    });
  });

  describe('ownership', () => {
    const paths = () => [`/api/reports/${snippetId}`, `/api/reports/${snippetId}/summary`, `/api/reports/${snippetId}/download`, `/api/reports/${snippetId}/feed/json`, `/api/reports/${snippetId}/feed/xml`];

    it('answers 401 without a session', async () => {
      const anon = await newClient(t);
      for (const p of paths()) {
        const res = await anon.get(p);
        expect([p, res.status, res.body.result]).toEqual([p, 401, false]);
      }
    });

    it('answers 404 for another user\'s EyeMail, even with bad filters, and shows nothing', async () => {
      for (const p of paths()) {
        for (const q of ['', '?dateFrom=nope']) {
          const res = await other.get(p + q);
          expect([p + q, res.status, res.body.result]).toEqual([p + q, 404, false]);
          expect(JSON.stringify(res.body)).not.toContain('ann@example.com');
        }
      }
    });

    it('answers 404 for an unknown or malformed id', async () => {
      expect((await owner.client.get('/api/reports/00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await owner.client.get('/api/reports/not-a-guid/summary')).status).toBe(404);
    });
  });

  describe('bad filters', () => {
    const bad: [string, string, string][] = [
      ['dateFrom=2026-13-01', 'dateFrom', 'dateFrom must be a date written YYYY-MM-DD.'],
      ['dateTill=10/01/2026', 'dateTill', 'dateTill must be a date written YYYY-MM-DD.'],
      ['dateFrom=2026-01-12&dateTill=2026-01-10', 'dateTill', 'dateTill must not be before dateFrom.'],
      ['weekEnding=2026-02-30', 'weekEnding', 'weekEnding must be a date written YYYY-MM-DD.'],
      ['timeFrom=24:00', 'timeFrom', 'timeFrom must be a time written HH:mm (00:00 to 23:59).'],
      ['timeTill=9:5', 'timeTill', 'timeTill must be a time written HH:mm (00:00 to 23:59).'],
      ['clientscsv=gmail,nokia', 'clientscsv', 'clientscsv has an unknown value: nokia.'],
      ['devicescsv=toaster', 'devicescsv', 'devicescsv has an unknown value: toaster.'],
      ['platformscsv=beos', 'platformscsv', 'platformscsv has an unknown value: beos.'],
      ['country=USA', 'country', 'country must be a comma list of two-letter country codes (ISO 3166-1).'],
      ['ipAddress=999.1.1.1', 'ipAddress', 'ipAddress must be an IPv4 or IPv6 address.'],
      ['includeMachine=maybe', 'includeMachine', 'includeMachine must be true or false.'],
      ['page=0', 'page', 'page must be a whole number from 1.'],
      ['size=10001', 'size', 'size must be a whole number from 1 to 10000.'],
      ['size=abc', 'size', 'size must be a whole number from 1 to 10000.'],
      [`receiver=${'x'.repeat(321)}`, 'receiver', 'receiver must be at most 320 characters.'],
    ];
    it.each(bad)('%s is 400 with a field error', async (query, field, message) => {
      for (const p of ['', '/summary', '/download', '/feed/json', '/feed/xml']) {
        const res = await owner.client.get(`/api/reports/${snippetId}${p}?${query}`);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ result: false, message, errors: { [field]: message } });
      }
    });

    it('names every bad field at once', async () => {
      const res = await owner.client.get(`/api/reports/${snippetId}?dateFrom=x&timeTill=y&size=0`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please correct the report filters.');
      expect(Object.keys(res.body.errors).sort()).toEqual(['dateFrom', 'size', 'timeTill']);
    });

    it('accepts up to 10000 records a page', async () => {
      const { list } = await records('size=10000');
      expect(list).toHaveLength(10);
    });
  });
});
