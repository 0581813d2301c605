// The report page end to end on engagements recorded through the real tracking endpoints (open
// pixel, click redirect, play reports; support/reports.ts seeds them): choosing an EyeMail, the
// totals and both charts, the per-viewer table paging from the server, a filter that lands in the
// URL and survives a reload (down to a filter nothing matches: the empty report), and the
// machine-traffic switch. What the page makes of given numbers (the tiles' notes, the breakdown's
// percentages, the Filter panel's messages, the dates in the browser's locale, the empty and
// not-found states) is web/src/features/reports/components/reports-page.test.tsx's; the CSV export
// and the feeds are reports-export.test.ts's. Screenshots: reports-report, reports-table-desktop,
// reports-filtered, reports-filter-open.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOT_DIR, expectTitle, screenshot } from './support/browser.ts';
import { IP, NO_ENGAGEMENTS, openFilter, reportSetup, waitForRange, waitForTiles } from './support/reports.ts';

const setup = reportSetup();
let page: Page;
let reportId: string;
let seededAt: Date;

before(async () => {
  await setup.start();
  ({ page, reportId, seededAt } = setup);
});

after(() => setup.stop());

test('choosing an EyeMail on /reports opens its report', async () => {
  await page.goto('/reports');
  await expectTitle(page, 'View Report | Reports | EyeMail');
  await page.getByRole('heading', { name: 'Choose an EyeMail' }).waitFor();
  await page.getByRole('combobox', { name: 'EyeMail' }).click();
  await page.getByRole('option', { name: 'Spring launch' }).click();
  await page.waitForURL(`**/reports/${reportId}`);
  await waitForTiles(page, { views: '11', clicks: '2', average: '2.5' });
});

test('totals and both charts from the recorded hits, the IP and its place for an unfilled merge tag', async () => {
  await page.goto(`/reports/${reportId}`);
  await waitForTiles(page, { views: '11', clicks: '2', average: '2.5' });
  // What the tiles are made of, the machine count and the breakdown's words and percentages from
  // given numbers: web/src/features/reports/components/reports-page.test.tsx.

  // The timeline: four lines (Total Views, Total Clicks, Visits, Plays) over 7 days, this week, next disabled.
  const timeline = page.getByTestId('timeline');
  await timeline.locator('.recharts-line').first().waitFor();
  assert.equal(await timeline.locator('.recharts-line').count(), 4);
  assert.equal(await timeline.locator('.recharts-xAxis .recharts-cartesian-axis-tick').count(), 7);
  assert.equal(await page.getByRole('button', { name: 'Next week' }).isDisabled(), true);
  const thisWeek = await page.getByTestId('week-label').innerText();

  // The pie: two slices (unique and repeat views), the clicks apart.
  const breakdown = page.getByTestId('breakdown');
  await breakdown.locator('.recharts-pie-sector').first().waitFor();
  assert.equal(await breakdown.locator('.recharts-pie-sector').count(), 2);

  // The newest row is the open without a recipient: its IP stands in for the receiver.
  const table = page.getByTestId('viewer-table');
  const firstRow = table.locator('tbody tr').first();
  await firstRow.getByText(IP.gb2).waitFor();
  await firstRow.getByText('London, England, United Kingdom').waitFor();
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

  // A time of day: an hour twelve hours from the seeding has none. (A window across midnight,
  // said in words, and the panel's other messages: reports-page.test.tsx.)
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await waitForTiles(page, { views: '11', clicks: '2', average: '2.5' });
  const hour = String((seededAt.getUTCHours() + 12) % 24).padStart(2, '0');
  await page.getByLabel('Time From').fill(`${hour}:00`);
  await page.getByLabel('Time Till').fill(`${hour}:59`);
  await page.getByRole('button', { name: 'Apply Filter' }).click();
  await page.waitForURL(new RegExp(`timeFrom=${hour}%3A00&timeTill=${hour}%3A59`));
  await waitForTiles(page, { views: '0', clicks: '0', average: '0' });
  await page.getByText(NO_ENGAGEMENTS).waitFor();
  await screenshot(page, 'reports-filter-open');
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

// The empty report and another user's EyeMail (report and feed "not found", no figure): reports-page.test.tsx; the server's 404: test/e2e/reports.e2e-spec.ts.
