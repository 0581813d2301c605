// The report page and the feed page end to end: engagements recorded through the real tracking
// endpoints (open pixel, click redirect, play reports; X-Forwarded-For stands for each
// recipient's address, so the offline geo database places them), then the totals, both charts,
// the per-viewer table and its paging, a filter that lands in the URL, the machine-traffic
// switch, the CSV export (and what it says when it fails), the JSON and XML feeds, the empty report, and another user's EyeMail
// refused. Screenshots at desktop and phone widths.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ROOT, allStarted, startServer, type RunningServer } from './support/server.ts';
import { DESKTOP, SCREENSHOT_DIR, expectTitle, launchBrowser, screenshot, uniqueEmail } from './support/browser.ts';
import { EYEMAIL_DEFAULTS, createEyeMail, readyVideo, signUp } from './support/api.ts';

const run = promisify(execFile);
const PASSWORD = 'Byron1815';
const NO_ENGAGEMENTS = 'There are no engagements found for this EyeMail.';

const AGENT = {
  outlook: 'Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17029; Pro)',
  iphoneMail: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  chrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  curl: 'curl/8.4.0',
};
// Public addresses the DB-IP data places: the US, Great Britain (two), Germany, Australia.
const IP = { us: '8.8.8.8', gb: '81.2.69.142', gb2: '212.58.244.20', de: '85.214.132.117', au: '1.1.1.1' };

let server: RunningServer;
let browser: Browser;
let dir: string;
let ctx: BrowserContext;
let page: Page;
let reportId: string;
let quietId: string;
let clipVideoId: string;
let strangerId: string;
let adaEmail: string;
// when the seeded engagements were recorded (a new account's time zone is UTC)
let seededAt: Date;

async function newContext(): Promise<BrowserContext> {
  const c = await browser.newContext({ baseURL: server.url, viewport: DESKTOP, locale: 'en-US', timezoneId: 'UTC', acceptDownloads: true, reducedMotion: 'reduce' });
  c.setDefaultTimeout(30_000);
  await c.request.get('/api/health');
  return c;
}

async function signUpAs(c: BrowserContext, fullName: string): Promise<string> {
  const email = uniqueEmail('reports');
  await signUp(c, { fullName, email, password: PASSWORD });
  return email;
}

const makeEyeMail = (c: BrowserContext, videoId: string, title: string): Promise<string> => createEyeMail(c, { ...EYEMAIL_DEFAULTS, title, videoId });

// The recipient's side, as a mail client or browser sends it (no session, its own agent and address).
function recipient(agent: string, ip: string): Record<string, string> {
  return { 'User-Agent': agent, 'X-Forwarded-For': ip };
}

async function open(id: string, receiver: string, agent: string, ip: string): Promise<void> {
  const res = await fetch(`${server.url}/t/o/${id}.gif?v=${encodeURIComponent(receiver)}`, { headers: recipient(agent, ip) });
  assert.equal(res.status, 200);
  await res.arrayBuffer();
}

async function click(id: string, receiver: string, agent: string, ip: string, method = 'GET'): Promise<void> {
  const res = await fetch(`${server.url}/t/c/${id}?v=${encodeURIComponent(receiver)}`, { method, redirect: 'manual', headers: recipient(agent, ip) });
  assert.equal(res.status, 302);
  await res.arrayBuffer();
}

async function play(id: string, receiver: string, ip: string, secs: number): Promise<void> {
  const res = await fetch(`${server.url}/api/reports/updateduration`, {
    method: 'POST',
    headers: { ...recipient(AGENT.chrome, ip), 'Content-Type': 'application/json' },
    body: JSON.stringify({ DurationSecs: secs, SnippetId: id, TotalPlayTimeVideo: 4, Receiver: receiver }),
  });
  assert.ok(res.status < 300, `play report: ${res.status} ${await res.text()}`);
}

// 13 engagements by people (11 views, 10 of them unique; 2 counted clicks with 3 s and 2 s
// played) and 2 by machines (a script's open, a HEAD request on the click link).
async function seed(id: string): Promise<void> {
  await open(id, 'ann@example.com', AGENT.outlook, IP.us);
  await open(id, 'ann@example.com', AGENT.iphoneMail, IP.us);
  await click(id, 'ann@example.com', AGENT.chrome, IP.us);
  await play(id, 'ann@example.com', IP.us, 3);
  await open(id, 'bob@example.com', AGENT.iphoneMail, IP.gb);
  await click(id, 'bob@example.com', AGENT.chrome, IP.gb);
  await play(id, 'bob@example.com', IP.gb, 2);
  for (let i = 1; i <= 7; i++) await open(id, `reader${i}@example.com`, AGENT.outlook, i <= 3 ? IP.de : IP.au);
  // An open whose link lost its recipient (v= empty): the table names the IP instead. (A merge
  // tag the platform never filled in is a test, not a person: report-test-traffic.)
  await open(id, '', AGENT.iphoneMail, IP.gb2);
  await open(id, 'scan@example.com', AGENT.curl, IP.au);
  await click(id, 'scan@example.com', AGENT.chrome, IP.au, 'HEAD');
}

async function tileValues(p: Page): Promise<{ views: string; clicks: string; average: string }> {
  const value = (key: string) => p.getByTestId(`tile-${key}`).getByTestId('tile-value').innerText();
  return { views: await value('totalViews'), clicks: await value('totalClicks'), average: await value('averageViewTime') };
}

// Waits until the three tiles show these values, each as a user reads it (the whole value, not a
// part of it); when they never do, says what they showed instead.
async function waitForTiles(p: Page, expected: { views: string; clicks: string; average: string }): Promise<void> {
  const exactly = (text: string) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
  const shows = (key: string, text: string) => p.getByTestId(`tile-${key}`).getByTestId('tile-value').filter({ hasText: exactly(text) }).waitFor({ timeout: 30_000 });
  try {
    await Promise.all([shows('totalViews', expected.views), shows('totalClicks', expected.clicks), shows('averageViewTime', expected.average)]);
  } catch (e) {
    assert.deepEqual(await tileValues(p).catch(() => null), expected);
    throw e;
  }
}

// Opens the Filter panel and waits until it has finished opening: shown, and its height no
// longer animated (a click landing while the panel still grows can miss the button it aimed at).
// With the visitor's "reduce motion" setting (as these tests browse) it opens at once, without
// the collapse's aria-hidden or height.
async function openFilter(p: Page): Promise<void> {
  await p.getByRole('button', { name: /^Filter/, expanded: false }).click();
  await p.locator('#report-filter:not([aria-hidden="true"]):not([style*="height"])').waitFor();
  await p.getByRole('button', { name: /^Filter/, expanded: true }).waitFor();
}

async function waitForRange(p: Page, text: string): Promise<void> {
  try {
    await p.getByTestId('table-range').filter({ hasText: text }).waitFor();
  } catch (e) {
    // Say what the page showed instead.
    const shown = await p.getByTestId('table-range').allInnerTexts().catch(() => []);
    const shot = `${SCREENSHOT_DIR}/failed-range-${Date.now()}.png`;
    await p.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
    throw new Error(`Expected the table range "${text}"; the page at ${p.url()} showed ${JSON.stringify(shown)} (screenshot ${shot})`, { cause: e });
  }
}

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-reports-'));
  const clip = run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=4', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', 'clip.mp4'], { cwd: dir });
  // Each is kept as soon as it is up, so that `after` closes it even when another step fails.
  await allStarted([startServer({ env: { TRUST_PROXY: 'true' } }).then((s) => (server = s)), launchBrowser().then((b) => (browser = b)), clip]);

  const stranger = await newContext();
  await signUpAs(stranger, 'Sam Stranger');
  strangerId = await makeEyeMail(stranger, await readyVideo(stranger, path.join(dir, 'clip.mp4')), 'Secret plan');
  await open(strangerId, 'vip@example.com', AGENT.outlook, IP.us);
  await stranger.close();

  ctx = await newContext();
  adaEmail = await signUpAs(ctx, 'Ada Byron');
  const videoId = await readyVideo(ctx, path.join(dir, 'clip.mp4'));
  reportId = await makeEyeMail(ctx, videoId, 'Spring launch');
  quietId = await makeEyeMail(ctx, videoId, 'Quiet one');
  clipVideoId = videoId;
  seededAt = new Date();
  await seed(reportId);
  page = await ctx.newPage();
});

after(async () => {
  await ctx?.close();
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('choosing an EyeMail on /reports opens its report', async () => {
  await page.goto('/reports');
  await expectTitle(page, 'View Report | Reports | EyeMail');
  await page.getByRole('heading', { name: 'Choose an EyeMail' }).waitFor();
  await page.getByRole('combobox', { name: 'EyeMail' }).click();
  await page.getByRole('option', { name: 'Spring launch' }).click();
  await page.waitForURL(`**/reports/${reportId}`);
  await waitForTiles(page, { views: '11', clicks: '2', average: '2.5' });
});

test('totals, both charts, the views pie adding up to 100 with the clicks apart, the IP for an unfilled merge tag', async () => {
  await page.goto(`/reports/${reportId}`);
  await waitForTiles(page, { views: '11', clicks: '2', average: '2.5' });
  await page.getByTestId('tile-totalViews').getByText('10 unique').waitFor();
  assert.equal(await page.getByTestId('machine-count').innerText(), '2 excluded');

  // The timeline: four lines (Total Views, Total Clicks, Visits, Plays) over 7 days, this week, next disabled.
  const timeline = page.getByTestId('timeline');
  await timeline.locator('.recharts-line').first().waitFor();
  assert.equal(await timeline.locator('.recharts-line').count(), 4);
  assert.equal(await timeline.locator('.recharts-xAxis .recharts-cartesian-axis-tick').count(), 7);
  assert.equal(await page.getByRole('button', { name: 'Next week' }).isDisabled(), true);
  const thisWeek = await page.getByTestId('week-label').innerText();

  // The pie shares the views alone: 10 unique and 1 repeat of 11 = 90.9 % and 9.1 %, shown as
  // whole numbers that add up to 100 (91 + 9, not the floored 90 + 9). The 2 clicks are no slice.
  const breakdown = page.getByTestId('breakdown');
  await breakdown.locator('.recharts-pie-sector').first().waitFor();
  assert.equal(await breakdown.locator('.recharts-pie-sector').count(), 2);
  const legend = (await breakdown.getByTestId('breakdown-row').allInnerTexts()).map((s) => s.replace(/\s+/g, ' '));
  assert.deepEqual(legend, ['Unique views 10 · 91%', 'Repeat views 1 · 9%']);
  assert.equal(
    legend.reduce((sum, row) => sum + Number(/(\d+)%$/.exec(row)![1]), 0),
    100,
  );
  assert.equal((await breakdown.getByTestId('breakdown-clicks').innerText()).replace(/\s+/g, ' '), 'Clicks 2');

  // The newest row is the open without a recipient: its IP stands in for the receiver.
  const table = page.getByTestId('viewer-table');
  const firstRow = table.locator('tbody tr').first();
  await firstRow.getByText(IP.gb2).waitFor();
  await firstRow.getByText('London, England, United Kingdom').waitFor();
  await page.getByRole('link', { name: 'IP Geolocation by DB-IP' }).waitFor();
  assert.equal(await page.getByRole('link', { name: 'IP Geolocation by DB-IP' }).getAttribute('href'), 'https://db-ip.com');
  await screenshot(page, 'reports-report');
  // The lower half at desktop width: the table and its pager.
  await page.getByRole('button', { name: 'Page 2' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'reports-table-desktop.png') });

  // Previous week: nothing then, and next leads back to this week.
  await page.getByRole('button', { name: 'Previous week' }).click();
  await page.waitForURL(/weekEnding=\d{4}-\d{2}-\d{2}/);
  await page.getByTestId('week-label').filter({ hasNotText: thisWeek }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Next week' }).isDisabled(), false);
  await page.getByRole('button', { name: 'Next week' }).click();
  await page.getByTestId('week-label').filter({ hasText: thisWeek }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Next week' }).isDisabled(), true);
});

test('the per-viewer table pages 10 rows at a time from the server', async () => {
  await page.goto(`/reports/${reportId}`);
  await waitForRange(page, '1–10 of 13');
  const rows = page.getByTestId('viewer-table').locator('tbody tr');
  assert.equal(await rows.count(), 10);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await waitForRange(page, '11–13 of 13');
  assert.equal(await rows.count(), 3);
  assert.match(page.url(), /[?&]page=2\b/);
  // The oldest rows: Ann's two opens and her click with 3 s played.
  await page.getByTestId('viewer-table').getByText('ann@example.com').first().waitFor();
  assert.equal(await page.getByTestId('viewer-table').getByText('ann@example.com').count(), 3);
});

test('a filter changes the numbers, lands in the URL and survives a reload; Clear removes it', async () => {
  await page.goto(`/reports/${reportId}`);
  await waitForTiles(page, { views: '11', clicks: '2', average: '2.5' });
  await openFilter(page);
  const receiver = page.getByRole('textbox', { name: 'Receiver' });
  assert.equal(await receiver.getAttribute('placeholder'), 'Email');
  await receiver.fill('bob@example.com');
  await page.getByRole('button', { name: 'Apply Filter' }).click();
  await page.waitForURL(/receiver=bob%40example\.com/);
  await waitForTiles(page, { views: '1', clicks: '1', average: '2' });
  await waitForRange(page, '1–2 of 2');
  await screenshot(page, 'reports-filtered');

  await page.reload();
  await waitForTiles(page, { views: '1', clicks: '1', average: '2' });

  // Countries: Germany alone is readers 1-3; 'All' takes the filter off again. The panel is
  // open and shows the reloaded filter before Clear is pressed.
  await openFilter(page);
  assert.equal(await page.getByRole('textbox', { name: 'Receiver' }).inputValue(), 'bob@example.com');
  const clear = page.getByRole('button', { name: 'Clear', exact: true });
  await clear.click();
  await page.waitForURL((url) => !url.search.includes('receiver='));
  await waitForTiles(page, { views: '11', clicks: '2', average: '2.5' });
  const country = page.getByRole('combobox', { name: 'Country' });
  await country.click();
  await country.fill('Germ');
  await page.getByRole('option', { name: 'Germany' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Apply Filter' }).click();
  await page.waitForURL(/country=DE/);
  await waitForTiles(page, { views: '3', clicks: '0', average: '0' });

  // A time of day: From after Till is a window across midnight, said in words (not refused);
  // an hour twelve hours from the seeding has none.
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await waitForTiles(page, { views: '11', clicks: '2', average: '2.5' });
  const hour = String((seededAt.getUTCHours() + 12) % 24).padStart(2, '0');
  await page.getByLabel('Time From').fill(`${hour}:59`);
  await page.getByLabel('Time Till').fill(`${hour}:00`);
  await page.getByText(`Across midnight: from ${hour}:59 until ${hour}:00 the next day`).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Apply Filter' }).isDisabled(), false);
  await screenshot(page, 'reports-filter-time-night', { phoneFullPage: false });
  await page.getByLabel('Time From').fill(`${hour}:00`);
  await page.getByLabel('Time Till').fill(`${hour}:59`);
  assert.equal(await page.getByText('Across midnight').count(), 0);
  await page.getByRole('button', { name: 'Apply Filter' }).click();
  await page.waitForURL(new RegExp(`timeFrom=${hour}%3A00&timeTill=${hour}%3A59`));
  await waitForTiles(page, { views: '0', clicks: '0', average: '0' });
  await page.getByText(NO_ENGAGEMENTS).waitFor();
  await screenshot(page, 'reports-filter-open');

  // A date range from the address bar fills the picker; a week long ago has nothing.
  await page.goto(`/reports/${reportId}?dateFrom=2020-01-01&dateTill=2020-01-07`);
  await page.getByText(NO_ENGAGEMENTS).waitFor();
  await page.getByText('Try clearing the filters.').waitFor();
  await openFilter(page);
  await page.getByRole('button', { name: 'Date Range' }).filter({ hasText: 'Jan 1 – 7, 2020' }).waitFor();
});

test('the machine switch brings in the machine traffic and says how much', async () => {
  await page.goto(`/reports/${reportId}`);
  await waitForRange(page, '1–10 of 13');
  const machine = page.getByRole('switch', { name: 'Include machine traffic' });
  await machine.click();
  await page.waitForURL(/includeMachine=true/);
  await waitForRange(page, '1–10 of 15');
  await waitForTiles(page, { views: '12', clicks: '2', average: '2.5' });
  await page.getByTestId('machine-count').filter({ hasText: '2 machine included' }).waitFor();
  await page.getByTestId('viewer-table').getByText('Machine').first().waitFor();
  await machine.click();
  await waitForRange(page, '1–10 of 13');
});

test('Export downloads the filtered records as CSV', async () => {
  await page.goto(`/reports/${reportId}?receiver=bob%40example.com`);
  await waitForTiles(page, { views: '1', clicks: '1', average: '2' });
  // A button, reached and pressed from the keyboard.
  const exportButton = page.getByRole('button', { name: 'Export' });
  await exportButton.focus();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  assert.match(download.suggestedFilename(), /^eyemail-report-spring-launch-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync(await download.path(), 'utf8');
  const lines = text.trim().split(/\r?\n/);
  // The focus stays on the button, for the next press.
  await page.locator('button[aria-busy="false"]:focus').filter({ hasText: 'Export' }).waitFor();
  assert.equal(lines.length, 3, text);
  assert.ok(lines.slice(1).every((l) => l.includes('bob@example.com')), text);
});

test("Export shows it is working, and says 'Failed to download' when the server, the connection or the session fails (nothing downloaded)", async () => {
  await page.goto(`/reports/${reportId}`);
  await waitForTiles(page, { views: '11', clicks: '2', average: '2.5' });
  let downloads = 0;
  const count = () => void downloads++;
  page.on('download', count);
  const route = '**/api/reports/*/download*';
  try {
    // The server answers an error, slowly: the button says it is working meanwhile.
    let answer = () => undefined as void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route(route, async (r) => {
      await held;
      await r.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ result: false, message: 'boom' }) });
    });
    await page.getByRole('button', { name: 'Export' }).click();
    await page.locator('button[aria-busy="true"]').filter({ hasText: 'Export' }).waitFor();
    answer();
    const failedToast = page.getByText('Failed to download').first();
    await failedToast.waitFor();
    await screenshot(page, 'reports-export-failed', { phoneFullPage: false });
    await page.locator('button[aria-busy="false"]').filter({ hasText: 'Export' }).waitFor();
    await page.unroute(route);
    await failedToast.waitFor({ state: 'detached' });

    // The connection drops.
    await page.route(route, (r) => r.abort('connectionreset'));
    await page.getByRole('button', { name: 'Export' }).click();
    await failedToast.waitFor();
    await page.unroute(route);
    await failedToast.waitFor({ state: 'detached' });

    // The session ended (signed out in another tab): said, and the dashboard shows the sign-in
    // form, which brings the user back to the report. (The account pages' guard once kept the
    // user the report's guard had seen and bounced between /signin and / without end.)
    await page.route(route, (r) => r.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ result: false, message: 'Unauthorized' }) }));
    await page.getByRole('button', { name: 'Export' }).click();
    await failedToast.waitFor();
    await page.getByText('Your session has ended. Please sign in again.').waitFor();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    const signInUrl = new URL(page.url());
    assert.equal(signInUrl.pathname, '/signin');
    assert.equal(signInUrl.searchParams.get('next'), `/reports/${reportId}`);
    assert.equal(downloads, 0);
    await screenshot(page, 'reports-session-ended', { phoneFullPage: false });
  } finally {
    page.off('download', count);
    await page.unroute(route).catch(() => undefined);
  }
  await page.getByLabel(/^Email/).fill(adaEmail);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === `/reports/${reportId}`);
  await waitForTiles(page, { views: '11', clicks: '2', average: '2.5' });
});

test('the Feed menu opens the JSON and XML feeds in a new tab', async () => {
  await page.goto(`/reports/${reportId}`);
  await waitForTiles(page, { views: '11', clicks: '2', average: '2.5' });
  await page.getByRole('button', { name: 'Feed', exact: true }).click();
  const [jsonTab] = await Promise.all([ctx.waitForEvent('page'), page.getByRole('menuitem', { name: 'JSON' }).click()]);
  // the feed in the report's time zone (here the browser's, UTC)
  await jsonTab.waitForURL((u) => u.pathname === `/feeds/${reportId}/json` && u.searchParams.get('tz') === 'UTC');
  await expectTitle(jsonTab, 'Feed | Reports | EyeMail');
  const json = await jsonTab.getByTestId('feed-text').innerText();
  // Pretty-printed, and the same numbers as the page.
  assert.match(json, /\n {4}"totals": \{\n {6}"totalViews": 11,/);
  const feed = JSON.parse(json).body;
  assert.equal(feed.totalCount, 13);
  assert.equal(feed.snippet.title, 'Spring launch');
  await screenshot(jsonTab, 'reports-feed-json');

  await page.getByRole('button', { name: 'Feed', exact: true }).click();
  const [xmlTab] = await Promise.all([ctx.waitForEvent('page'), page.getByRole('menuitem', { name: 'XML' }).click()]);
  await xmlTab.waitForURL((u) => u.pathname === `/feeds/${reportId}/xml` && u.searchParams.get('tz') === 'UTC');
  const xml = await xmlTab.getByTestId('feed-text').innerText();
  assert.match(xml, /^<\?xml version="1.0" encoding="UTF-8"\?>/);
  assert.match(xml, /<title>Spring launch<\/title>/);
  assert.match(xml, /<totalViews>11<\/totalViews>/);
  await xmlTab.getByRole('link', { name: 'Back to report' }).click();
  await xmlTab.waitForURL(`**/reports/${reportId}`);
  await jsonTab.close();
  await xmlTab.close();
});

test("dates follow the browser's locale: Nov 25, 2026 in the United States, 25 Nov 2026 in Britain", async () => {
  // The engagements were recorded today (the account's time zone is UTC, as is this browser's).
  const day = (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(seededAt);
  const plain = (s: string) => s.replace(/[\u202f\u2009\u00a0]/g, ' ').trim();
  const dateCells = (p: Page) => p.getByTestId('viewer-table').locator('tbody tr td:nth-child(3)');

  await page.goto(`/reports/${reportId}`);
  await waitForRange(page, '1–10 of 13');
  const us = (await dateCells(page).allInnerTexts()).map(plain);
  assert.equal(us.length, 10);
  for (const cell of us) assert.match(cell, new RegExp(`^${day('en-US')}, \\d{1,2}:\\d{2} [AP]M$`), cell);
  assert.match(plain(await page.getByTestId('week-label').innerText()), /^[A-Z][a-z]{2,3} \d{1,2}( – |, \d{4} – )([A-Z][a-z]{2,3} )?\d{1,2}, \d{4}$/);

  // The same report in a British browser: day before month, a 24-hour clock.
  const gb = await browser.newContext({ baseURL: server.url, viewport: DESKTOP, locale: 'en-GB', timezoneId: 'UTC', storageState: await ctx.storageState() });
  try {
    const p = await gb.newPage();
    await p.goto(`/reports/${reportId}`);
    await waitForRange(p, '1–10 of 13');
    const british = (await dateCells(p).allInnerTexts()).map(plain);
    assert.notEqual(day('en-GB'), day('en-US'));
    for (const cell of british) assert.match(cell, new RegExp(`^${day('en-GB')}, \\d{2}:\\d{2}$`), cell);
    assert.match(plain(await p.getByTestId('week-label').innerText()), /^\d{1,2}( [A-Z][a-z]{2,3}( \d{4})?)? – \d{1,2} [A-Z][a-z]{2,3} \d{4}$/);
    await screenshot(p, 'reports-en-gb');
  } finally {
    await gb.close();
  }
});

// A burst's hits are answered once journaled and counted once loaded; a report read waits 3 s for
// that. Another instance's load holding the journal (its lock, as the loader takes it) keeps three
// opens waiting past that: the page says so, and Refresh shows them once they are loaded.
test('after a burst, the report says how many hits are still being counted, and Refresh shows them', { skip: process.env.DATABASE_URL ? false : 'needs PostgreSQL (the journal held by another connection)' }, async () => {
  const { JOURNAL_LOAD_LOCK } = (await import(pathToFileURL(path.join(ROOT, 'dist/server/src/ingest/ingest-journal.js')).href)) as { JOURNAL_LOAD_LOCK: string };
  const id = await makeEyeMail(ctx, clipVideoId, 'Big send');
  await open(id, 'first@example.com', AGENT.outlook, IP.us);
  await page.goto(`/reports/${id}`);
  await waitForTiles(page, { views: '1', clicks: '0', average: '0' });
  const other = new pg.Client({ connectionString: server.databaseUrl! });
  await other.connect();
  try {
    await other.query('begin');
    await other.query('select pg_advisory_xact_lock($1::bigint)', [JOURNAL_LOAD_LOCK]);
    for (const who of ['ann', 'bob', 'cy']) await open(id, `${who}@example.com`, AGENT.outlook, IP.de);
    await page.reload();
    const notice = page.getByTestId('report-catching-up');
    await notice.getByText('3 recent opens, clicks and visits are still being counted after a burst of traffic.').waitFor();
    await waitForTiles(page, { views: '1', clicks: '0', average: '0' });
    await screenshot(page, 'report-still-counting');
  } finally {
    await other.query('rollback').catch(() => undefined);
    await other.end();
  }
  await page.getByTestId('report-catching-up').getByRole('button', { name: 'Refresh' }).click();
  await waitForTiles(page, { views: '4', clicks: '0', average: '0' });
  await page.getByTestId('report-catching-up').waitFor({ state: 'detached' });
});

test('an EyeMail with no engagements says so', async () => {
  await page.goto(`/reports/${quietId}`);
  await page.getByText(NO_ENGAGEMENTS).waitFor();
  await waitForTiles(page, { views: '0', clicks: '0', average: '0' });
  assert.equal(await page.getByTestId('viewer-table').count(), 0);
  await screenshot(page, 'reports-empty');
});

test("another user's EyeMail shows an error, never its data", async () => {
  await page.goto(`/reports/${strangerId}`);
  await page.getByTestId('report-error').getByText('EyeMail not found').waitFor();
  assert.equal(await page.getByText('Secret plan').count(), 0);
  assert.equal(await page.getByTestId('tile-totalViews').count(), 0);
  await screenshot(page, 'reports-not-found');
  await page.goto(`/feeds/${strangerId}/json`);
  await page.getByTestId('feed-error').getByText('EyeMail not found').waitFor();
  assert.equal(await page.getByText('vip@example.com').count(), 0);
});
