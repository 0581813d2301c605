// Reconciliation (issue 34): a scripted audience whose behaviour is known, sent through the real
// tracking routes (pixel, click redirect, viewer page, play reports), then every number of the
// report read back (summary, engagement, records, CSV, JSON and XML feeds) and compared with the
// value worked out by hand from the definitions (src/shared/metrics/report-metrics.ts).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jest } from '@jest/globals';
import { startTestApp, type TestApp } from '../support/app.js';
import { signUp, sql, type Client } from '../support/account-factory.js';
import { buttonsJson, createSnippet, encodeVideo, snippetPayload, uploadFile } from '../support/snippet-factory.js';
import { listen, rawRequest } from '../support/raw-http.js';
import { waitFor } from '../support/wait.js';
import { REAL_AGENTS as UA } from '../../src/ingest/user-agents.fixtures.js';
import { HAND, LANDING, sendAudience } from '../support/reconciliation-audience.js';
import { todayIn } from '../../src/shared/time-zone.js';
import { FILTER_MESSAGES } from '../../src/reports/report-filter.js';

jest.setTimeout(240_000);

const ZONE = 'Pacific/Auckland';
const Q = `tz=${encodeURIComponent(ZONE)}`;

describe('report reconciliation: a known audience, every number by hand', () => {
  let t: TestApp;
  let owner: Client;
  let id: string;
  let dir: string;

  const api = async (route: string, query = Q) => {
    const res = await owner.get(`/api/reports/${id}${route}?${query}`);
    expect(res.status).toBe(200);
    expect(res.body.result).toBe(true);
    return res.body.body;
  };

  beforeAll(async () => {
    t = await startTestApp();
    owner = (await signUp(t)).client;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-reconcile-'));
    const clip = path.join(dir, 'clip.mp4');
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=15:duration=10', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', clip]);
    const { fileId } = await uploadFile(owner, 'video', clip, 'clip.mp4');
    await encodeVideo(owner, fileId);
    id = (await createSnippet(owner, snippetPayload(fileId, { landingPageUrl: LANDING, ctaButtonsJSON: buttonsJson([{ title: 'Shop now', url: LANDING }]) }))).snippet;
    await listen(t.app.getHttpServer());

    await sendAudience(
      { get: async (p, agent) => (await rawRequest(t.app.getHttpServer(), p, { headers: { 'User-Agent': agent } })).status, post: async (route, body) => (await t.http.post(route).set('User-Agent', UA.chromeWindows).set('Content-Type', 'text/plain').send(JSON.stringify(body))).status },
      id,
      { outlook: UA.outlookWindows, browser: UA.chromeWindows, googlebot: UA.googlebot },
    );
    await waitFor(async () => {
      const [{ n }] = await sql<{ n: number }>(t, 'select count(*)::int as n from engagement where snippet_id = ?', [id]);
      return n === HAND.storedEvents ? true : null;
    }, 'every hit loaded');
  });
  afterAll(async () => {
    await t?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the summary: the spec\'s totals, what they are made of, the pie, in the zone asked for', async () => {
    const s = await api('/summary');
    expect(s).toMatchObject({
      timeZone: ZONE,
      today: todayIn(ZONE),
      totalViews: HAND.totalViews,
      uniqueViews: HAND.uniqueViews,
      opens: HAND.opens,
      playsWithoutClick: HAND.playsWithoutClick,
      totalClicks: HAND.totalClicks,
      clicks: HAND.clicks,
      averageViewTime: HAND.averageViewTime,
      machineEvents: HAND.machineEvents,
      machineExcluded: HAND.machineEvents,
    });
    // unique 5, repeat 1, clicks 3 of 9: floored whole percentages
    expect(s.breakdown).toEqual({ uniqueViews: 5, repeatViews: 1, clicks: 3, uniqueViewsPercent: 55, repeatViewsPercent: 11, clicksPercent: 33 });
    // the week ends today in Auckland, everything on its last day
    expect(s.timeline.at(-1)).toEqual({ date: todayIn(ZONE), views: HAND.totalViews, clicks: HAND.totalClicks });
    expect(s.timeline.slice(0, -1).every((d: { views: number; clicks: number }) => d.views === 0 && d.clicks === 0)).toBe(true);
  });

  it('the engagement figures and the one timeline agree with the summary', async () => {
    const e = await api('/engagement');
    expect(e).toMatchObject({
      timeZone: ZONE,
      opens: { total: HAND.opens, unique: HAND.uniqueOpeners },
      visits: { total: HAND.visits, unique: 4 },
      plays: { total: HAND.plays, uniqueViewers: 3, soundOn: 1, complete: 1 },
      playRate: HAND.playRate,
      soundOnRate: Number(HAND.soundOnRate.toFixed(4)),
      completionRate: Number(HAND.completionRate.toFixed(4)),
      engagement: Number(HAND.engagement.toFixed(4)),
      timePlayedSecs: 20,
      clicks: { total: HAND.clicks, unique: 4 },
      clickThroughRate: HAND.clickThroughRate,
    });
    expect(e.clicks.byDestination).toEqual(
      expect.arrayContaining([
        { destination: 'landing-page', label: null, clicks: 1, uniqueClickers: 1 },
        { destination: 'web-view', label: null, clicks: 2, uniqueClickers: 2 },
        { destination: 'button', label: 'Shop now', clicks: 1, uniqueClickers: 1 },
      ]),
    );
    expect(e.funnel.map((f: { people: number }) => f.people)).toEqual(HAND.funnel);
    // the 7 days ending today in Auckland; today's bucket holds every number, the others none
    expect(e.timeline).toMatchObject({ grain: 'day', till: todayIn(ZONE) });
    expect(e.timeline.buckets).toHaveLength(7);
    expect(e.timeline.buckets.at(-1)).toEqual({
      start: `${todayIn(ZONE)}T00:00`,
      totalViews: HAND.totalViews,
      totalClicks: HAND.totalClicks,
      opens: HAND.opens,
      visits: HAND.visits,
      plays: HAND.plays,
      clicks: HAND.clicks,
    });
    // the same by the rows (a receiver filter every person matches)
    const byRows = await api('/engagement', `${Q}&receiver=example.com`);
    expect(byRows.timeline.buckets.at(-1)).toEqual(e.timeline.buckets.at(-1));
  });

  it('the records, the CSV and the feeds carry the same numbers', async () => {
    const records = (await api('', `${Q}&size=100`)) as { activity: string; isUnique: boolean; counted: boolean; durationSecs: number | null; date: string }[];
    expect(records).toHaveLength(HAND.records);
    expect(records.filter((r) => r.activity === 'view' && r.counted)).toHaveLength(HAND.totalViews);
    expect(records.filter((r) => r.activity === 'view' && r.durationSecs !== null)).toHaveLength(HAND.playsWithoutClick);
    expect(records.filter((r) => r.isUnique)).toHaveLength(HAND.uniqueViews);
    expect(records.filter((r) => r.activity === 'click')).toHaveLength(HAND.clicks);
    expect(records.filter((r) => r.activity === 'click' && r.counted)).toHaveLength(HAND.totalClicks);
    expect(records.every((r) => r.date === todayIn(ZONE))).toBe(true);

    const csv = await owner.get(`/api/reports/${id}/download?${Q}`).expect(200);
    const lines = (csv.text as string).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(HAND.records + 1);

    const json = await api('/feed/json');
    expect(json.timeZone).toBe(ZONE);
    expect(json.totalCount).toBe(HAND.records);
    expect(json.totals).toEqual({
      totalViews: HAND.totalViews,
      uniqueViews: HAND.uniqueViews,
      totalClicks: HAND.totalClicks,
      opens: HAND.opens,
      playsWithoutClick: HAND.playsWithoutClick,
      clicks: HAND.clicks,
      averageViewTime: HAND.averageViewTime,
      machineExcluded: HAND.machineEvents,
    });
    const xml = await owner.get(`/api/reports/${id}/feed/xml?${Q}`).expect(200);
    for (const [k, v] of Object.entries(json.totals)) expect(xml.text).toContain(`<${k}>${v}</${k}>`);
  });

  it('machine traffic and tests come back only when included', async () => {
    const s = await api('/summary', `${Q}&includeMachine=true`);
    // the bot's and the test's opens are views too once included
    expect(s).toMatchObject({ totalViews: HAND.totalViews + 2, opens: HAND.opens + 2, machineExcluded: 0 });
  });

  it('a time zone that is not one is a 400 with its own message', async () => {
    for (const tz of ['Mars/Olympus', '+05:00', 'UTC+5']) {
      const res = await owner.get(`/api/reports/${id}/summary?tz=${encodeURIComponent(tz)}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ result: false, message: FILTER_MESSAGES.tz, errors: { tz: FILTER_MESSAGES.tz } });
    }
  });
});
