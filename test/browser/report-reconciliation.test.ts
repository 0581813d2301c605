// Reconciliation on the page (issue 34): the audience of test/support/reconciliation-audience.ts
// sent through the real tracking routes, then the report page read in Chromium, in the owner's
// time zone (Pacific/Auckland, the browser's: the account has none set), and every number a
// marketer sees compared with the one worked out by hand (HAND), as the API test compares the
// API, the CSV and the feeds. Screenshot: report-reconciliation.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { allStarted, startServer, type RunningServer } from './support/server.ts';
import { DESKTOP, launchBrowser, screenshot, uniqueEmail } from './support/browser.ts';
import { api, readyVideo, signUp } from './support/api.ts';
import { HAND, LANDING, sendAudience } from '../support/reconciliation-audience.ts';

const run = promisify(execFile);
const ZONE = 'Pacific/Auckland';
const AGENTS = {
  outlook: 'Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17029; Pro)',
  browser: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
};

let server: RunningServer;
let browser: Browser;
let ctx: BrowserContext;
let page: Page;
let dir: string;
let id: string;

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-reconcile-page-'));
  const clip = run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=15:duration=10', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', 'clip.mp4'], { cwd: dir });
  await allStarted([startServer().then((s) => (server = s)), launchBrowser().then((b) => (browser = b)), clip]);
  ctx = await browser.newContext({ baseURL: server.url, viewport: DESKTOP, locale: 'en-US', timezoneId: ZONE, reducedMotion: 'reduce' });
  ctx.setDefaultTimeout(20_000);
  await signUp(ctx, { fullName: 'Mary Jackson', email: uniqueEmail('reconcile') });
  const videoId = await readyVideo(ctx, path.join(dir, 'clip.mp4'));
  id = (await api<{ snippet: string }>(ctx, 'post', '/api/snippets', {
    data: { title: 'Autumn reconciliation', videoId, landingPageUrl: LANDING, ctaButtonsJSON: JSON.stringify([{ title: 'Shop now', url: LANDING }]) },
    expect: 201,
  })).snippet;
  // The recipients: no session, their own agents.
  const routes = {
    get: async (p: string, agent: string) => {
      const res = await fetch(`${server.url}${p}`, { redirect: 'manual', headers: { 'User-Agent': agent } });
      await res.arrayBuffer();
      return res.status;
    },
    post: async (route: string, body: unknown) => {
      const res = await fetch(`${server.url}${route}`, { method: 'POST', headers: { 'User-Agent': AGENTS.browser, 'Content-Type': 'text/plain' }, body: JSON.stringify(body) });
      await res.arrayBuffer();
      return res.status;
    },
  };
  await sendAudience(routes, id, AGENTS);
  page = await ctx.newPage();
});

after(async () => {
  await ctx?.close();
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const exactly = (text: string) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
const pct = (share: number) => `${Math.round(share * 100)}%`;

test('every number on the report page is the one worked out by hand', async () => {
  await page.goto(`/reports/${id}`);
  const tile = (key: string) => page.getByTestId(`tile-${key}`);
  // The spec's totals, and what they are made of.
  await tile('totalViews').getByTestId('tile-value').filter({ hasText: exactly(String(HAND.totalViews)) }).waitFor();
  await tile('totalClicks').getByTestId('tile-value').filter({ hasText: exactly(String(HAND.totalClicks)) }).waitFor();
  await tile('averageViewTime').getByTestId('tile-value').filter({ hasText: exactly(String(HAND.averageViewTime)) }).waitFor();
  await tile('totalViews').getByText(`${HAND.opens} opens + ${HAND.playsWithoutClick} play without a click`).waitFor();
  await tile('totalViews').getByText(`${HAND.uniqueViews} unique`).waitFor();
  // Machine traffic and the test send are left out, and counted.
  await page.getByTestId('machine-count').filter({ hasText: exactly(`${HAND.machineEvents} excluded`) }).waitFor();

  // The funnel's people.
  const steps = ['opens', 'visits', 'plays', 'clicks'];
  for (const [i, step] of steps.entries()) {
    assert.match(await page.getByTestId(`funnel-${step}`).innerText(), new RegExp(`\\b${HAND.funnel[i]}\\s+people`), `funnel ${step}`);
  }
  const metric = (label: string) => page.getByRole('region', { name: label }).or(page.getByLabel(label, { exact: true })).first().innerText();
  assert.match(await metric('Plays'), new RegExp(`Plays\\s+${HAND.plays}\\b`));
  assert.match(await metric('Play rate'), new RegExp(pct(HAND.playRate)));
  assert.match(await metric('Engagement'), new RegExp(pct(HAND.engagement)));
  assert.match(await metric('Completion rate'), new RegExp(pct(HAND.completionRate)));
  assert.match(await metric('Sound on'), new RegExp(pct(HAND.soundOnRate)));
  assert.match(await metric('Click-through rate'), new RegExp(pct(HAND.clickThroughRate)));

  // The breakdown of the views: unique and repeat.
  const rows = await page.getByTestId('breakdown-row').allInnerTexts();
  assert.ok(rows.some((r) => new RegExp(`Unique[\\s\\S]*\\b${HAND.uniqueViews}\\b`, 'i').test(r)), rows.join(' | '));
  assert.ok(rows.some((r) => new RegExp(`Repeat[\\s\\S]*\\b${HAND.totalViews - HAND.uniqueViews}\\b`, 'i').test(r)), rows.join(' | '));

  // The one timeline, by day in the owner's zone; the records, all of them.
  await page.getByTestId('timeline-grain').filter({ hasText: exactly(`Per day, ${ZONE}`) }).waitFor();
  await page.getByTestId('table-range').filter({ hasText: exactly(`1–${HAND.records} of ${HAND.records}`) }).waitFor();
  await screenshot(page, 'report-reconciliation');
});
