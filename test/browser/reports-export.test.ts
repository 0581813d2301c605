// A report's ways out, end to end on engagements recorded through the real tracking endpoints
// (support/reports.ts seeds them): the CSV export of the filtered records (and what it says when
// the session has ended), the JSON and XML feeds in a new tab, and the note while a burst's hits
// are still being counted. The page itself is reports.test.ts's; Export's busy state and its
// message for a server error or a dropped connection are report-toolbar.test.tsx's.
// Screenshots: reports-session-ended, reports-feed-json, report-still-counting.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import { ROOT, type RunningServer } from './support/server.ts';
import { expectTitle, screenshot } from './support/browser.ts';
import { AGENT, IP, REPORT_PASSWORD, makeEyeMail, recipientHits, reportSetup, waitForTiles } from './support/reports.ts';

const setup = reportSetup();
let page: Page;
let ctx: BrowserContext;
let reportId: string;
let server: RunningServer;
let adaEmail: string;
let clipVideoId: string;
let open: ReturnType<typeof recipientHits>['open'];

before(async () => {
  await setup.start();
  ({ page, ctx, reportId, server, adaEmail, clipVideoId } = setup);
  open = recipientHits(server.url).open;
});

after(() => setup.stop());

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

// That Export says it is working, and says 'Failed to download' when the server errs or the
// connection drops (nothing saved), is the toolbar's component test
// (web/src/features/reports/components/report-toolbar.test.tsx); here, the session that ended.
test("Export when the session has ended: 'Failed to download', the sign-in form, and back to the report (nothing downloaded)", async () => {
  await page.goto(`/reports/${reportId}`);
  await waitForTiles(page, { views: '11', clicks: '2', average: '2.5' });
  let downloads = 0;
  const count = () => void downloads++;
  page.on('download', count);
  const route = '**/api/reports/*/download*';
  const failedToast = page.getByText('Failed to download').first();
  try {
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
  await page.getByLabel(/^Password/).fill(REPORT_PASSWORD);
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

// A burst's hits are answered once journaled and counted once loaded; a report read waits 3 s for
// that. Another instance's load holding the journal (its lock, as the loader takes it) keeps three
// opens waiting past that: the page says so, and takes them in by itself once they are loaded.
test('after a burst, the report says how many hits are still being counted, and takes them in by itself once they are', { skip: process.env.DATABASE_URL ? false : 'needs PostgreSQL (the journal held by another connection)' }, async () => {
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
  // nothing clicked: the page reads itself again while the notice shows (Refresh does it at once:
  // reports-page.test.tsx)
  await waitForTiles(page, { views: '4', clicks: '0', average: '0' });
  await page.getByTestId('report-catching-up').waitFor({ state: 'detached' });
});
