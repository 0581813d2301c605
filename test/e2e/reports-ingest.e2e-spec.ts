// The ingest side of reports on the real app and database: the open pixel, the click redirect
// and the viewer's play reports each store their engagement row, classified, located and parsed;
// bad play bodies get a clear 4xx; and every answered pixel has its row even while the app's
// database connections are being killed.
import { IngestLoader } from '../../src/ingest/ingest-loader.service.js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { jest } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createApp } from '../../src/app.factory.js';
import { loadConfig } from '../../src/config/config.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, sql, type Client } from '../support/account-factory.js';
import { createSnippet, readyVideo, snippetPayload } from '../support/snippet-factory.js';
import { listen, rawRequest } from '../support/raw-http.js';
import { REAL_AGENTS as UA } from '../../src/ingest/user-agents.fixtures.js';
import { FLOOD_LIMITS, floodKey, floodMembers } from '../../src/ingest/flood.js';

jest.setTimeout(180_000);

const BASE = 'http://eyemail.test';
const LANDING = 'https://shop.example.com/spring';
const MISSING = '00000000-0000-4000-8000-000000000000';
const PLAY = '/api/reports/updateduration';

interface Row {
  id: string;
  snippet_id: string;
  kind: string;
  occurred_at: Date;
  receiver: string | null;
  ip: string | null;
  country_code: string | null;
  country_name: string | null;
  region: string | null;
  city: string | null;
  device_type: string | null;
  platform: string | null;
  client: string | null;
  user_agent: string | null;
  target: string | null;
  duration_secs: number | null;
  video_duration_secs: number | null;
  click_id: string | null;
  machine_reason: string | null;
}

describe('reports ingest: opens, clicks and plays', () => {
  let t: TestApp;
  let owner: Client;
  let snippet: Record<string, any>;
  let videoLength: number;
  let seq = 0;
  // A receiver of its own for each test, so the burst rule never joins clicks of two tests.
  const someone = (tag: string) => `${tag}-${++seq}@example.com`;

  const rows = (where: string, params: unknown[] = []) =>
    sql<Row>(t, `select id::text as id, snippet_id, kind, occurred_at, receiver, host(ip) as ip, country_code, country_name, region, city,
      device_type, platform, client, user_agent, target, duration_secs, video_duration_secs, click_id::text as click_id, machine_reason
      from engagement where ${where} order by id`, params);
  const byReceiver = (receiver: string) => rows('receiver = ?', [receiver]);
  const pixel = (v: string, headers: Record<string, string> = {}) => t.http.get(`/t/o/${snippet.snippet}.gif?v=${encodeURIComponent(v)}`).set(headers);
  const click = (v: string, u: string | null, headers: Record<string, string> = {}) =>
    t.http.get(`/t/c/${snippet.snippet}?v=${encodeURIComponent(v)}${u === null ? '' : `&u=${encodeURIComponent(u)}`}`).set(headers);
  const play = (body: unknown, type = 'application/json') =>
    t.http.post(PLAY).set('Content-Type', type).send(typeof body === 'string' ? body : JSON.stringify(body));

  beforeAll(async () => {
    // Behind a proxy, so tests can place requests with X-Forwarded-For.
    t = await startTestApp({ TRUST_PROXY: 'true' });
    owner = (await signUp(t)).client;
    const { videoId, encodings } = await readyVideo(owner);
    videoLength = encodings[0].durationSecs!;
    snippet = await createSnippet(owner, snippetPayload(videoId, { landingPageUrl: LANDING }));
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('open pixel', () => {
    it('answers the GIF with no cookie and no caching, once the open is stored with its fields', async () => {
      const who = someone('open');
      const res = await pixel(`"${who}"`, { 'User-Agent': UA.outlookWindows, 'X-Forwarded-For': '81.2.69.142' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/gif');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(Buffer.from(res.body)).toHaveLength(43);
      const [row, ...more] = await byReceiver(who);
      expect(more).toHaveLength(0);
      expect(row).toMatchObject({
        snippet_id: snippet.snippet,
        kind: 'open',
        ip: '81.2.69.142',
        country_code: 'GB',
        country_name: 'United Kingdom',
        device_type: 'desktop',
        platform: 'Windows',
        client: 'Outlook',
        user_agent: UA.outlookWindows,
        target: null,
        duration_secs: null,
        click_id: null,
        machine_reason: null,
      });
      expect(row.city).toEqual(expect.any(String));
      expect(Math.abs(new Date(row.occurred_at).getTime() - Date.now())).toBeLessThan(60_000);
    });

    it.each([
      ['Outlook for Windows (ms-office agent)', UA.outlookWindowsMsOffice, { client: 'Outlook', platform: 'Windows', device_type: 'desktop' }],
      ['the new Outlook for Windows', UA.newOutlook, { client: 'Outlook', platform: 'Windows', device_type: 'desktop' }],
      ['Outlook for Android', UA.outlookAndroid, { client: 'Outlook', platform: 'Android', device_type: null }],
      ['Windows Mail', UA.windowsMail, { client: 'Windows Mail', platform: 'Windows', device_type: 'desktop' }],
    ])('stores an open by %s as that client, a person', async (_name, agent, expected) => {
      const who = someone('client');
      await pixel(who, { 'User-Agent': agent, 'X-Forwarded-For': '81.2.69.142' }).expect(200);
      expect((await byReceiver(who))[0]).toMatchObject({ ...expected, machine_reason: null });
    });

    it('stores no receiver for an empty v= or an unfilled merge tag, and still the open', async () => {
      const before = (await rows('receiver is null and kind = ?', ['open'])).length;
      await pixel('*|EMAIL|*', { 'User-Agent': UA.thunderbird }).expect(200);
      await t.http.get(`/t/o/${snippet.snippet}.gif`).set('User-Agent', UA.thunderbird).expect(200);
      expect((await rows('receiver is null and kind = ?', ['open'])).length).toBe(before + 2);
    });

    it('answers the GIF for an unknown or malformed id, storing nothing', async () => {
      const before = (await rows('true')).length;
      for (const path of [`/t/o/${MISSING}.gif?v=x`, '/t/o/nope.gif']) {
        const res = await t.http.get(path).set('User-Agent', UA.chromeWindows);
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe('image/gif');
      }
      expect((await rows('true')).length).toBe(before);
    });

    it('a fetch carrying a stray body (a proxy forwarding bytes it should not) is still answered and stored', async () => {
      // The tracking routes read no body: the hit is what the address and headers say.
      const who = someone('body');
      const res = await pixel(who, { 'User-Agent': UA.outlookWindows, 'Content-Type': 'application/json' }).send('{not json');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/gif');
      expect(await byReceiver(who)).toHaveLength(1);
      const clicker = someone('body-click');
      const redirect = await click(clicker, LANDING, { 'User-Agent': UA.outlookWindows, 'Content-Type': 'application/json' }).send('{not json');
      expect([redirect.status, redirect.headers.location]).toEqual([302, LANDING]);
      expect(await byReceiver(clicker)).toHaveLength(1);
    });

    it('Gmail proxy: a real open by a Gmail reader, location unknown', async () => {
      const who = someone('gmail');
      await pixel(who, { 'User-Agent': UA.gmailProxy, 'X-Forwarded-For': '66.249.84.1' }).expect(200);
      expect((await byReceiver(who))[0]).toMatchObject({ client: 'Gmail', machine_reason: null, country_code: null, city: null, device_type: null });
    });

    it("Apple Mail Privacy Protection's prefetch is a machine open", async () => {
      const who = someone('mpp');
      await pixel(who, { 'User-Agent': 'Mozilla/5.0', 'X-Forwarded-For': '17.58.63.200' }).expect(200);
      expect((await byReceiver(who))[0]).toMatchObject({ machine_reason: 'apple-privacy', country_code: 'US' });
    });

    it('curl is a bot, and kept', async () => {
      const who = someone('bot');
      await pixel(who, { 'User-Agent': UA.curl }).expect(200);
      expect((await byReceiver(who))[0]).toMatchObject({ machine_reason: 'bot', kind: 'open' });
    });
  });

  describe('click redirect', () => {
    it('redirects to the target once the click is stored with its target', async () => {
      const who = someone('click');
      const res = await click(who, LANDING, { 'User-Agent': UA.chromeWindows });
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(LANDING);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await byReceiver(who)).toEqual([
        expect.objectContaining({ kind: 'click', target: LANDING, client: 'Chrome', platform: 'Windows', machine_reason: null, video_duration_secs: videoLength }),
      ]);
    });

    it('a click to the web view stores no target', async () => {
      const who = someone('webview');
      const res = await click(who, null, { 'User-Agent': UA.safariMac });
      expect(res.headers.location).toBe(`${BASE}/eyemail/${snippet.snippet}?v=${encodeURIComponent(who)}`);
      expect((await byReceiver(who))[0]).toMatchObject({ kind: 'click', target: null, client: 'Safari' });
    });

    it('a HEAD request is a machine click, and still redirects', async () => {
      const who = someone('head');
      const res = await t.http.head(`/t/c/${snippet.snippet}?v=${encodeURIComponent(who)}&u=${encodeURIComponent(LANDING)}`).set('User-Agent', UA.chromeWindows);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(LANDING);
      expect((await byReceiver(who))[0]).toMatchObject({ kind: 'click', machine_reason: 'head-request' });
    });

    it('a click on an unknown EyeMail goes to its web view and stores nothing', async () => {
      const before = (await rows('true')).length;
      const res = await t.http.get(`/t/c/${MISSING}?v=x&u=${encodeURIComponent(LANDING)}`);
      expect(res.status).toBe(302);
      expect((await rows('true')).length).toBe(before);
    });

    it('burst: two clicks within 2 s are a scanner, the first one re-marked too', async () => {
      const who = someone('burst2');
      await click(who, LANDING, { 'User-Agent': UA.chromeWindows }).expect(302);
      await click(who, null, { 'User-Agent': UA.chromeWindows }).expect(302);
      const stored = await byReceiver(who);
      expect(stored.map((r) => r.machine_reason)).toEqual(['link-scanner', 'link-scanner']);
    });

    it('burst: a third click within 10 s marks all three; two 5 s apart are a person', async () => {
      const scanned = someone('burst3');
      const person = someone('person');
      const earlier = `insert into engagement (snippet_id, kind, occurred_at, receiver, ip) values (?, 'click', now() - (? * interval '1 second'), ?, '127.0.0.1')`;
      await sql(t, earlier, [snippet.snippet, 8, scanned]);
      await sql(t, earlier, [snippet.snippet, 4, scanned]);
      await sql(t, earlier, [snippet.snippet, 5, person]);
      await click(scanned, LANDING, { 'User-Agent': UA.chromeWindows }).expect(302);
      await click(person, LANDING, { 'User-Agent': UA.chromeWindows }).expect(302);
      expect((await byReceiver(scanned)).map((r) => r.machine_reason)).toEqual(['link-scanner', 'link-scanner', 'link-scanner']);
      expect((await byReceiver(person)).map((r) => r.machine_reason)).toEqual([null, null]);
    });

    it('known scanner agents are machine clicks', async () => {
      const who = someone('barracuda');
      await click(who, LANDING, { 'User-Agent': UA.barracuda }).expect(302);
      expect((await byReceiver(who))[0].machine_reason).toBe('link-scanner');
    });
  });

  describe('play reports', () => {
    it('stores a play sent as JSON, joined to the click that opened the web view, capped at the video length', async () => {
      const who = someone('play');
      await click(who, null, { 'User-Agent': UA.safariMac }).expect(302);
      const res = await play({ DurationSecs: videoLength + 50, SnippetId: snippet.snippet, TotalPlayTimeVideo: videoLength, Receiver: who });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ result: true, message: 'Play time recorded.' });
      expect(res.headers['set-cookie']).toBeUndefined();
      const [clickRow, playRow] = await byReceiver(who);
      expect(playRow).toMatchObject({ kind: 'play', click_id: clickRow.id, duration_secs: videoLength, video_duration_secs: videoLength, machine_reason: null });
    });

    it('stores a play sent by sendBeacon as text/plain, shorter than the video as sent', async () => {
      const who = someone('beacon');
      const res = await play(JSON.stringify({ DurationSecs: 0.5, SnippetId: snippet.snippet, TotalPlayTimeVideo: videoLength, Receiver: who }), 'text/plain;charset=UTF-8');
      expect(res.status).toBe(200);
      expect((await byReceiver(who))[0]).toMatchObject({ kind: 'play', duration_secs: 0.5, click_id: null });
    });

    it('joins only a click within the last 30 minutes', async () => {
      const who = someone('stale');
      await sql(t, `insert into engagement (snippet_id, kind, occurred_at, receiver) values (?, 'click', now() - interval '31 minutes', ?)`, [snippet.snippet, who]);
      await play({ DurationSecs: 1, SnippetId: snippet.snippet, Receiver: who }).expect(200);
      const stored = await byReceiver(who);
      expect(stored[1]).toMatchObject({ kind: 'play', click_id: null });
    });

    it("joins the person's latest click before it, not an earlier one, a later one or another person's", async () => {
      const who = someone('latest');
      const other = someone('latest-other');
      const click = (whom: string, ago: string) =>
        sql(t, `insert into engagement (snippet_id, kind, occurred_at, receiver) values (?, 'click', now() - interval '${ago}', ?)`, [snippet.snippet, whom]);
      await click(who, '20 minutes');
      await click(who, '5 minutes');
      await click(other, '1 minute');
      // opens of the same person after the click do not hide it
      for (let i = 0; i < 3; i++) await sql(t, `insert into engagement (snippet_id, kind, occurred_at, receiver) values (?, 'open', now() - interval '2 minutes', ?)`, [snippet.snippet, who]);
      await play({ DurationSecs: 1, SnippetId: snippet.snippet, Receiver: who }).expect(200);
      const stored = await byReceiver(who);
      const latest = stored.filter((r) => r.kind === 'click').sort((a, b) => new Date(b.occurred_at).getTime() - new Date(a.occurred_at).getTime())[0];
      expect(stored.find((r) => r.kind === 'play')).toMatchObject({ click_id: latest.id });
    });

    it('needs no CSRF token and sets no cookie for a signed-in browser', async () => {
      const who = someone('owner');
      const res = await owner.post(PLAY).set('X-XSRF-TOKEN', '').set('Content-Type', 'text/plain').send(JSON.stringify({ DurationSecs: 1, SnippetId: snippet.snippet, Receiver: who }));
      expect(res.status).toBe(200);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await byReceiver(who)).toHaveLength(1);
    });

    it.each([
      ['not JSON', 'DurationSecs=3', 'text/plain', 'must be a JSON object'],
      ['broken JSON', '{"DurationSecs": 3,', 'application/json', 'must be a JSON object'],
      ['an empty body', '', 'application/json', 'empty'],
      ['a body over 4 KB', JSON.stringify({ DurationSecs: 1, SnippetId: MISSING, Receiver: 'x'.repeat(5000) }), 'application/json', 'too large'],
      ['a 1 MB body', 'x'.repeat(1 << 20), 'text/plain', 'too large'],
      ['a negative DurationSecs', JSON.stringify({ DurationSecs: -3, SnippetId: MISSING }), 'application/json', 'cannot be negative'],
      ['a non-numeric DurationSecs', JSON.stringify({ DurationSecs: 'ten', SnippetId: MISSING }), 'application/json', 'must be a number'],
      ['a SnippetId that is no GUID', JSON.stringify({ DurationSecs: 3, SnippetId: "1' or 1=1" }), 'application/json', 'GUID'],
    ])('refuses %s with a clear 400 and stores nothing', async (_what, body, type, message) => {
      const before = (await rows('true')).length;
      const res = await play(body, type);
      expect(res.status).toBe(400);
      expect(res.body.result).toBe(false);
      expect(res.body.message).toContain(message);
      expect((await rows('true')).length).toBe(before);
    });

    it('answers 404 for an unknown EyeMail', async () => {
      const res = await play({ DurationSecs: 3, SnippetId: MISSING, Receiver: 'x@example.com' });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ result: false, message: 'There is no such EyeMail.' });
    });
  });

  describe('floods: beyond what a person can do', () => {
    // The verdict of the pure rule (flood.ts) on the rows as stored: the ids it calls a flood.
    const floodsOf = (stored: Row[]) =>
      floodMembers(
        stored.map((r) => ({
          ref: r.id,
          key: floodKey({ snippetId: r.snippet_id, kind: r.kind as 'open', receiver: r.receiver, ip: r.ip, client: r.client })!,
          kind: r.kind as 'open',
          at: new Date(r.occurred_at).getTime(),
          durationSecs: r.duration_secs,
          videoDurationSecs: r.video_duration_secs,
        })),
      );
    const pixelPath = (who: string) => `/t/o/${snippet.snippet}.gif?v=${encodeURIComponent(who)}`;

    beforeAll(async () => listen(t.app.getHttpServer()));

    it('200 opens in a second from one address for one receiver: all stored, a person\'s few counted, the rest machine traffic "flood"', async () => {
      const flooder = someone('flood');
      const neighbour = someone('neighbour');
      const reader = someone('reader');
      const address = '81.2.69.160';
      const server = t.app.getHttpServer();
      const hit = (who: string, ip: string) => rawRequest(server, pixelPath(who), { headers: { 'User-Agent': UA.appleMailIphone, 'X-Forwarded-For': ip } });
      // The flood, with another receiver at the same address opening in the middle of it.
      const answers = await Promise.all([
        ...Array.from({ length: 100 }, () => hit(flooder, address)),
        hit(neighbour, address),
        ...Array.from({ length: 100 }, () => hit(flooder, address)),
        hit(neighbour, address),
      ]);
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      // A person elsewhere opening a few times.
      for (let i = 0; i < 3; i++) await hit(reader, '81.2.69.161');

      // Nothing lost.
      const stored = await byReceiver(flooder);
      expect(stored).toHaveLength(200);
      const counted = stored.filter((r) => r.machine_reason === null);
      const flood = stored.filter((r) => r.machine_reason === 'flood');
      expect(counted.length + flood.length).toBe(200);
      // Nothing inflated: a person's allowance at most, the first of the run, and every other one a flood.
      expect(counted.length).toBeGreaterThanOrEqual(1);
      expect(counted.length).toBeLessThanOrEqual(FLOOD_LIMITS.open.perMinute);
      expect(new Set(flood.map((r) => r.id))).toEqual(floodsOf(stored));
      const times = stored.map((r) => new Date(r.occurred_at).getTime());
      if (Math.max(...times) - Math.min(...times) < 1000) expect(counted).toHaveLength(FLOOD_LIMITS.open.perSecond);
      // Another receiver at the same address, and a person's normal opens, are people.
      expect((await byReceiver(neighbour)).map((r) => r.machine_reason)).toEqual([null, null]);
      expect((await byReceiver(reader)).map((r) => r.machine_reason)).toEqual([null, null, null]);

      // The report counts the person's views only, and shows the rest as machine traffic "flood".
      const summary = await owner.get(`/api/reports/${snippet.snippet}/summary`).query({ receiver: flooder }).expect(200);
      expect(summary.body.body).toMatchObject({ totalViews: counted.length, uniqueViews: 1, machineEvents: flood.length, machineExcluded: flood.length });
      const records = await owner.get(`/api/reports/${snippet.snippet}`).query({ receiver: flooder, includeMachine: 'true', size: 200 }).expect(200);
      expect(records.headers['x-total-count']).toBe('200');
      const reasons = (records.body.body as { machineReason: string | null }[]).map((r) => r.machineReason);
      expect(reasons.filter((r) => r === 'flood')).toHaveLength(flood.length);
      const people = await owner.get(`/api/reports/${snippet.snippet}`).query({ receiver: flooder }).expect(200);
      expect(people.headers['x-total-count']).toBe(String(counted.length));
    });

    it('play reports adding up to more video than the time allows are a flood; the first ones count', async () => {
      const who = someone('play-flood');
      const body = JSON.stringify({ DurationSecs: videoLength, SnippetId: snippet.snippet, TotalPlayTimeVideo: videoLength, Receiver: who });
      const post = () =>
        t.http.post(PLAY).set('Content-Type', 'application/json').set('X-Forwarded-For', '81.2.69.170').set('User-Agent', UA.chromeWindows).send(body);
      // Sixty whole plays reported within a few seconds: far more video than a minute holds.
      const answers = await Promise.all(Array.from({ length: 60 }, post));
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      const stored = await byReceiver(who);
      expect(stored).toHaveLength(60);
      const flood = stored.filter((r) => r.machine_reason === 'flood');
      expect(new Set(flood.map((r) => r.id))).toEqual(floodsOf(stored));
      expect(flood.length).toBeGreaterThanOrEqual(60 - FLOOD_LIMITS.play.perMinute);
      expect(stored.filter((r) => r.machine_reason === null).length).toBeGreaterThanOrEqual(1);
    });

    it('a run of 30 clicks at once: all stored, those past a person\'s allowance a flood, the few left a link-scanner burst', async () => {
      const who = someone('click-flood');
      const server = t.app.getHttpServer();
      const path = `/t/c/${snippet.snippet}?v=${encodeURIComponent(who)}&u=${encodeURIComponent(LANDING)}`;
      const answers = await Promise.all(Array.from({ length: 30 }, () => rawRequest(server, path, { headers: { 'User-Agent': UA.chromeWindows, 'X-Forwarded-For': '81.2.69.172' } })));
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 302));
      const stored = await byReceiver(who);
      expect(stored).toHaveLength(30);
      // A click the burst rule reached first (one written late, after clicks made after it) stays a
      // link-scanner's; every flood is one by the rule.
      const expected = floodsOf(stored);
      const flood = stored.filter((r) => r.machine_reason === 'flood');
      expect(flood.length).toBeGreaterThan(0);
      expect(flood.filter((r) => !expected.has(r.id))).toEqual([]);
      // Nothing counted as a person's: the clicks a person could have made are within 2 s of each other.
      expect(stored.filter((r) => r.machine_reason !== 'flood').map((r) => r.machine_reason)).toEqual(
        stored.filter((r) => r.machine_reason !== 'flood').map(() => 'link-scanner'),
      );
    });

    it('a person opening a few times, then clicking and playing, is never flagged', async () => {
      const who = someone('person');
      const headers = { 'User-Agent': UA.outlookWindows, 'X-Forwarded-For': '81.2.69.171' };
      for (let i = 0; i < 3; i++) await pixel(who, headers).expect(200);
      await click(who, LANDING, headers).expect(302);
      await t.http.post(PLAY).set(headers).set('Content-Type', 'application/json').send(JSON.stringify({ DurationSecs: videoLength, SnippetId: snippet.snippet, Receiver: who })).expect(200);
      expect((await byReceiver(who)).map((r) => [r.kind, r.machine_reason])).toEqual([
        ['open', null],
        ['open', null],
        ['open', null],
        ['click', null],
        ['play', null],
      ]);
    });
  });

  describe('the viewer page', () => {
    it('records nothing when it loads (the click that opened it is counted), and carries the receiver for its play reports', async () => {
      const who = someone('viewer');
      const before = (await rows('true')).length;
      const res = await t.http.get(`/eyemail/${snippet.snippet}?v=${encodeURIComponent(who)}`);
      expect(res.status).toBe(200);
      expect(res.text).toContain(`data-report-url="${PLAY}" data-snippet-id="${snippet.snippet}" data-receiver="${who}"`);
      expect((await rows('true')).length).toBe(before);
    });
  });

  describe('two app instances on one database', () => {
    let second: NestExpressApplication | null = null;

    beforeAll(async () => {
      if (!t.config.databaseUrl) return;
      second = await createApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: t.config.dataDir, PUBLIC_BASE_URL: BASE, DATABASE_URL: t.config.databaseUrl }));
      await Promise.all([listen(t.app.getHttpServer()), listen(second.getHttpServer())]);
    });
    afterAll(async () => {
      await second?.close();
    });
    const skipped = () => {
      if (second) return false;
      console.warn('Skipped: two app instances need a shared PostgreSQL (set DATABASE_URL).');
      return true;
    };

    it('both store, and X-Forwarded-For counts only where TRUST_PROXY is set', async () => {
      if (skipped()) return;
      const who = someone('second');
      const headers = { 'User-Agent': UA.chromeWindows, 'X-Forwarded-For': '81.2.69.142' };
      await Promise.all([
        request(second!.getHttpServer()).get(`/t/o/${snippet.snippet}.gif?v=${encodeURIComponent(who)}`).set(headers).expect(200),
        pixel(who, headers).expect(200),
      ]);
      const stored = await byReceiver(who);
      expect(stored.map((r) => r.ip).sort()).toEqual(['127.0.0.1', '81.2.69.142']);
    });

    it('a burst split between the two instances, its clicks written at the same moment, is always a scanner', async () => {
      if (skipped()) return;
      // Each round: one click of a receiver at each instance at once, for many receivers, so the
      // two instances write their batches concurrently and neither sees the other's uncommitted
      // clicks when it writes.
      const path = (who: string) => `/t/c/${snippet.snippet}?v=${encodeURIComponent(who)}&u=${encodeURIComponent(LANDING)}`;
      const headers = { 'User-Agent': UA.chromeWindows };
      const people: string[] = [];
      for (let round = 0; round < 10; round++) {
        const batch = Array.from({ length: 10 }, () => someone('split'));
        people.push(...batch);
        const answers = await Promise.all(
          batch.flatMap((who) => [t.app.getHttpServer(), second!.getHttpServer()].map((server) => rawRequest(server, path(who), { headers }))),
        );
        expect(answers.map((a) => a.status)).toEqual(answers.map(() => 302));
      }
      // Each instance loads its journal and checks for bursts once it is committed: the reads wait
      // for the other instance's load in flight, checks included (this one's: the sql helper).
      await second!.get(IngestLoader).catchUp();
      const stored = await rows("receiver like 'split-%'");
      expect(stored).toHaveLength(people.length * 2);
      expect(stored.filter((r) => r.machine_reason !== 'link-scanner').map((r) => r.receiver)).toEqual([]);
      // Excluded from the report's totals, counted as machine events.
      const summary = await owner.get(`/api/reports/${snippet.snippet}/summary`).query({ receiver: people[0] }).expect(200);
      expect(summary.body.body).toMatchObject({ totalClicks: 0, machineEvents: 2 });
    });

    it('a flood split between the two instances is judged on all its opens', async () => {
      if (skipped()) return;
      const who = someone('split-flood');
      const path = `/t/o/${snippet.snippet}.gif?v=${encodeURIComponent(who)}`;
      const headers = { 'User-Agent': UA.thunderbird };
      const answers = await Promise.all(
        Array.from({ length: 60 }, () => [t.app.getHttpServer(), second!.getHttpServer()].map((server) => rawRequest(server, path, { headers }))).flat(),
      );
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      await second!.get(IngestLoader).catchUp();
      const stored = await byReceiver(who);
      expect(stored).toHaveLength(120);
      const expected = floodMembers(
        stored.map((r) => ({ ref: r.id, key: 'one', kind: 'open' as const, at: new Date(r.occurred_at).getTime(), durationSecs: null, videoDurationSecs: null })),
      );
      expect(new Set(stored.filter((r) => r.machine_reason === 'flood').map((r) => r.id))).toEqual(expected);
      expect(stored.filter((r) => r.machine_reason === null).length).toBeLessThanOrEqual(FLOOD_LIMITS.open.perMinute);
    });
  });
});

// 500 pixel hits at once while the app's connections are terminated: the writer retries on a new
// connection, and each answered hit has its row.
const describeWithPostgres = process.env.DATABASE_URL ? describe : describe.skip;
if (!process.env.DATABASE_URL) console.warn('reports-ingest: the connection-kill test needs a real PostgreSQL; set DATABASE_URL to run it.');

describeWithPostgres('reports ingest under load with database connections killed', () => {
  let t: TestApp;
  let snippetId: string;

  beforeAll(async () => {
    t = await startTestApp();
    const owner = (await signUp(t)).client;
    const { videoId } = await readyVideo(owner);
    snippetId = (await createSnippet(owner, snippetPayload(videoId))).snippet;
    await listen(t.app.getHttpServer());
  });
  afterAll(async () => {
    await t?.close();
  });

  it('every 2xx of 500 concurrent pixel hits has its row', async () => {
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    const dbName = new URL(t.config.databaseUrl!).pathname.slice(1);
    const killer = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await killer.connect();
    let killed = 0;
    const hit = (i: number) =>
      new Promise<{ receiver: string; status: number }>((resolve) => {
        const receiver = `storm-${i}@example.com`;
        const req = http.get(
          { host: '127.0.0.1', port, path: `/t/o/${snippetId}.gif?v=${encodeURIComponent(receiver)}`, headers: { 'User-Agent': UA.appleMailIphone }, agent: false },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ receiver, status: res.statusCode ?? 0 }));
          },
        );
        req.on('error', () => resolve({ receiver, status: 0 }));
      });
    const storm = Promise.all(Array.from({ length: 500 }, (_, i) => hit(i)));
    // Kill the app's connections again and again while the hits are being written.
    for (let round = 0; round < 8; round++) {
      await new Promise((r) => setTimeout(r, 25));
      const { rowCount } = await killer.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName]);
      killed += rowCount ?? 0;
    }
    const answers = await storm;
    await killer.end();
    expect(killed).toBeGreaterThan(0);
    const ok = answers.filter((a) => a.status === 200).map((a) => a.receiver);
    expect(ok.length).toBe(500);
    const stored = await sql<{ receiver: string }>(t, `select distinct receiver from engagement where receiver like 'storm-%'`);
    const storedSet = new Set(stored.map((r) => r.receiver));
    expect(ok.filter((r) => !storedSet.has(r))).toEqual([]);
  });
});
