// The report page's video engagement (issue 17) with real data recorded through the real
// endpoints (pixel, viewer page, play reports, click): the funnel with its rates, the video
// figures, the engagement graph with its hover, a heatmap strip per play, "How is this
// counted?" and the honest limits, at desktop and phone width. Screenshots: report-engagement-*.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { allStarted, startServer, type RunningServer } from './support/server.ts';
import { expectTitle, launchBrowser, newContext, PHONE, resizeTo, screenshot, SCREENSHOT_DIR, uniqueEmail } from './support/browser.ts';

const run = promisify(execFile);
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const OUTLOOK = 'Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17029; Pro)';

let server: RunningServer;
let browser: Browser;
let ctx: BrowserContext;
let page: Page;
let dir: string;
let snippetId: string;

async function api(method: 'get' | 'post', url: string, opts: Record<string, unknown> = {}) {
  const token = (await ctx.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await ctx.request[method](url, { ...opts, headers: { 'X-XSRF-TOKEN': decodeURIComponent(token) } });
  const body = await res.json();
  if (!res.ok()) throw new Error(`${method.toUpperCase()} ${url}: ${res.status()} ${JSON.stringify(body)}`);
  return body.body;
}

// A recipient's request, from their own address.
async function hit(pathAndQuery: string, ip: string, init: RequestInit = {}): Promise<number> {
  const res = await fetch(`${server.url}${pathAndQuery}`, { redirect: 'manual', ...init, headers: { 'User-Agent': CHROME, 'X-Forwarded-For': ip, ...(init.headers as Record<string, string>) } });
  await res.arrayBuffer();
  return res.status;
}
const playReport = (receiver: string, ip: string, segments: number[][], soundOn = false) =>
  hit('/api/reports/updateduration/ranges', ip, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify({ playId: crypto.randomUUID(), snippetId, receiver, segments, soundOn }) });

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-engagement-'));
  const clip = run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=15:duration=20', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', 'clip.mp4'], { cwd: dir });
  // Each is kept as soon as it is up, so that `after` closes it even when another step fails.
  await allStarted([startServer({ env: { TRUST_PROXY: 'true' } }).then((s) => (server = s)), launchBrowser().then((b) => (browser = b)), clip]);
  ctx = await newContext(browser, server.url);
  await ctx.request.get('/api/health');
  await api('post', '/api/accounts/signup', { data: { fullName: 'Grace Hopper', email: uniqueEmail('engagement'), password: 'Cobol1959', confirmPassword: 'Cobol1959', tier: 'standard' } });
  const video = await api('post', '/api/files?type=video', { multipart: { file: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(path.join(dir, 'clip.mp4')) } } });
  let encoding = await api('post', `/api/videos/${video.fileId}?overlay=none&width=600`);
  for (let i = 0; encoding.state !== 'completed' && i < 600; i++) {
    assert.notEqual(encoding.state, 'failed');
    await new Promise((r) => setTimeout(r, 200));
    encoding = await api('get', `/api/videos/encodings/${encoding.encodingId}`);
  }
  snippetId = (await api('post', '/api/snippets', { data: { title: 'Autumn sale', videoId: video.fileId, addVideoOverlay: false, landingPageUrl: 'https://shop.example.com/autumn' } })).snippet;

  // 4 people open, 3 visit the page, 2 play (ann twice: all of it with sound, then 0-10 s with
  // 4-8 s twice; bob the first 5 s), 1 clicks.
  const people = { ann: '81.2.69.142', bob: '8.8.8.8', carl: '1.1.1.1', dora: '85.214.132.117' };
  for (const [name, ip] of Object.entries(people)) assert.equal(await hit(`/t/o/${snippetId}.gif?v=${name}@example.com`, ip, { headers: { 'User-Agent': OUTLOOK } }), 200);
  for (const name of ['ann', 'bob', 'carl'] as const) assert.equal(await hit(`/eyemail/${snippetId}?v=${name}@example.com`, people[name]), 200);
  assert.equal(await playReport('ann@example.com', people.ann, [[0, 0, 20]], true), 200);
  assert.equal(await playReport('ann@example.com', people.ann, [[0, 0, 10], [1, 4, 8]]), 200);
  assert.equal(await playReport('bob@example.com', people.bob, [[0, 0, 5]]), 200);
  assert.equal(await hit(`/t/c/${snippetId}?v=ann@example.com&u=${encodeURIComponent('https://shop.example.com/autumn')}`, people.ann), 302);
  page = await ctx.newPage();
});

after(async () => {
  await ctx?.close();
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const text = (testId: string) => page.getByTestId(testId).innerText();

test('the funnel and the video figures', async () => {
  await page.goto(`/reports/${snippetId}`);
  await expectTitle(page, 'View Report | Reports | EyeMail');
  await page.getByTestId('funnel-clicks').getByText('1', { exact: true }).waitFor();
  const funnel = await text('funnel');
  for (const [step, people] of [['Opened', 4], ['Visited the page', 3], ['Played', 2], ['Clicked', 1]] as const) {
    assert.match(await text(`funnel-${{ Opened: 'opens', 'Visited the page': 'visits', Played: 'plays', Clicked: 'clicks' }[step]}`), new RegExp(`${step}\\s+${people}\\s+people`));
  }
  // 3 of 4 visited, 2 of 3 played, 1 of 2 clicked
  assert.match(funnel, /75%[\s\S]*67%[\s\S]*50%/);
  const metric = (label: string) => page.getByRole('region', { name: label }).or(page.getByLabel(label, { exact: true })).first().innerText();
  assert.match(await metric('Plays'), /Plays\s+3\s+2 viewers/);
  assert.match(await metric('Play rate'), /67%/);
  // (100% + 50% + 25%) / 3
  assert.match(await metric('Engagement'), /58%/);
  assert.match(await metric('Completion rate'), /33%/);
  assert.match(await metric('Sound on'), /33%/);
  assert.match(await metric('Click-through rate'), /25%/);
});

test('the engagement graph answers a hover with the second, the plays still watching and the rewatches', async () => {
  const graph = page.getByTestId('engagement-graph');
  await graph.locator('.recharts-surface').first().waitFor();
  await graph.scrollIntoViewIfNeeded();
  const box = (await graph.locator('.recharts-surface').first().boundingBox())!;
  // about a third of the way in: second 5-6, where only ann's two plays still watch
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
  const tip = page.getByTestId('graph-tooltip');
  await tip.waitFor();
  assert.match(await tip.innerText(), /At 0:0\d\s+\d+% still watching \(\d plays?\)\s+Rewatched \d+ times/);
});

test('each play has its heatmap strip and share watched', async () => {
  const rows = page.getByTestId('play-row');
  await rows.nth(2).waitFor();
  assert.equal(await rows.count(), 3);
  const labels = await page.getByTestId('heatmap-strip').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  assert.ok(labels.includes('Watched 0:00-0:04, rewatched 0:04-0:08, watched 0:08-0:10'), labels.join(' | '));
  assert.ok(labels.includes('Watched 0:00-0:05'), labels.join(' | '));
  assert.ok(labels.includes('Watched 0:00-0:20'), labels.join(' | '));
  const plays = await page.getByTestId('plays').innerText();
  for (const share of ['100%', '50%', '25%']) assert.match(plays, new RegExp(`${share} watched`, 'i'));
  await page.getByRole('img', { name: 'Sound on' }).first().waitFor();
});

test('at 1280 px the per-viewer table fits: "Went to" and its cells are in view, no sideways scroll', async () => {
  const region = page.getByRole('region', { name: 'Viewers table' });
  await region.getByRole('cell', { name: 'Landing page' }).waitFor();
  const [box, head, cell] = await Promise.all([region.boundingBox(), region.getByRole('columnheader', { name: 'Went to' }).boundingBox(), region.getByRole('cell', { name: 'Landing page' }).boundingBox()]);
  assert.ok(head!.x + head!.width <= box!.x + box!.width + 1, `"Went to" ends at ${head!.x + head!.width}, the table at ${box!.x + box!.width}`);
  assert.ok(cell!.x + cell!.width <= box!.x + box!.width + 1, 'the "Went to" cell is cut off');
  assert.equal(await region.evaluate((el) => el.scrollWidth - el.clientWidth), 0);
  await region.screenshot({ path: path.join(SCREENSHOT_DIR, 'report-engagement-desktop-viewer-table.png') });
});

test('a play watched to the end fills its strip', async () => {
  const full = page.getByTestId('play-row').filter({ hasText: '100% watched' }).getByTestId('heatmap-strip');
  const [strip, filled] = await Promise.all([full.boundingBox(), full.locator('span').evaluateAll((els) => els.reduce((w, e) => w + e.getBoundingClientRect().width, 0))]);
  assert.ok(Math.abs(filled - strip!.width) <= 1, `the strip is ${strip!.width} px, ${filled} px of it drawn`);
});

test('the spec\'s totals say what they are made of, in the same words as "How is this counted?"', async () => {
  await page.getByTestId('tile-totalViews').getByText('4 opens + 0 plays without a click').waitFor();
  await page.getByTestId('tile-totalViews').getByText('4 unique').waitFor();
  // one timeline: Total Views, Total Clicks, Visits and Plays
  const timeline = page.getByTestId('timeline');
  await timeline.locator('.recharts-line').first().waitFor();
  assert.equal(await timeline.locator('.recharts-line').count(), 4);
  assert.equal(await page.getByTestId('activity-timeline').count(), 0);
});

test('"How is this counted?" gives every formula, and the limits are said', async () => {
  assert.match(await text('honest-limits'), /Apple Mail's inline video\) cannot be measured by anyone/);
  await page.getByRole('button', { name: 'How is this counted?' }).click();
  await page.getByText('Play rate = unique players / unique visitors.').waitFor();
  await page.getByText('Click-through rate = unique clickers / unique openers.').waitFor();
  await page.getByTestId('how-counted').getByText('Opens + Plays without a click: every time the email or its video was seen.').waitFor();
  await screenshot(page, 'report-engagement');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'report-engagement-desktop-full.png'), fullPage: true });
});

test('the quick ranges set the report\'s dates: daily for 7 days, hourly for today', async () => {
  const timeline = page.getByTestId('timeline');
  await timeline.scrollIntoViewIfNeeded();
  await timeline.getByText('7 days', { exact: true }).click();
  await page.waitForURL(/dateFrom=\d{4}-\d{2}-\d{2}/);
  await timeline.getByTestId('timeline-grain').filter({ hasText: /^Per day, UTC$/ }).waitFor();
  await timeline.getByText('Today', { exact: true }).click();
  await timeline.getByTestId('timeline-grain').filter({ hasText: /^Per hour, UTC$/ }).waitFor();
  // every figure follows the dates: all of today's
  await page.getByTestId('funnel-opens').getByText('4', { exact: true }).waitFor();
  await timeline.getByText('All time', { exact: true }).click();
  await page.waitForURL((url) => !url.searchParams.has('dateFrom'));
  // all time: the spec's week ending today, its previous week one click away
  await timeline.getByTestId('timeline-grain').filter({ hasText: /^Per day, UTC$/ }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Next week' }).isDisabled(), true);
  await page.getByRole('button', { name: 'Previous week' }).click();
  await page.waitForURL(/weekEnding=\d{4}-\d{2}-\d{2}/);
  await page.getByRole('button', { name: 'Next week' }).and(page.locator(':enabled')).waitFor();
});

test('at phone width nothing runs off the side', async () => {
  await resizeTo(page, PHONE);
  await page.getByTestId('funnel').waitFor();
  const overflow = await page.locator('body').evaluate((b, width) => (b.ownerDocument.scrollingElement.scrollWidth as number) - width, PHONE.width);
  assert.ok(overflow <= 0, `the page is ${overflow} px wider than the phone`);
  // The engagement sections one by one, to look at closely.
  for (const id of ['funnel', 'video-metrics', 'engagement-graph', 'timeline', 'plays']) {
    await page.getByTestId(id).scrollIntoViewIfNeeded();
    await page.getByTestId(id).screenshot({ path: path.join(SCREENSHOT_DIR, `report-engagement-phone-${id}.png`) });
  }
});
