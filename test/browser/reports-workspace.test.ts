// The workspace overview on /reports, in Chromium: a company of two editors, each with an EyeMail
// of the company, opened and clicked through the real tracking routes (and a test send, its merge
// tag never filled in, left out), read by the company's owner at 1280 and 390 px: the totals'
// tiles, the top EyeMails and the by-creator table show the numbers worked out by hand, the top
// EyeMail's link opens its report, and nothing overflows a phone. Screenshot: reports-workspace.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { allStarted, sql, startServer, type RunningServer } from './support/server.ts';
import { DESKTOP, PHONE, launchBrowser, newContext, resizeTo, screenshot, uniqueEmail } from './support/browser.ts';
import { api, EYEMAIL_DEFAULTS, signUp, xsrf } from './support/api.ts';
import { makeClip } from './support/media.ts';

const COMPANY = 'Northwind Marketing';
const LANDING = 'https://shop.example.com/spring';
const OUTLOOK = 'Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17029; Pro)';

let server: RunningServer;
let browser: Browser;
let owner: BrowserContext;
let dir: string;
let clip: string;
let companyId: string;
let spring: string;
let autumn: string;

// A call of `who` acting in the company (X-Workspace-Id), as the dashboard makes it there.
async function inCompany<T = any>(who: BrowserContext, method: 'get' | 'post', url: string, opts: { data?: unknown; multipart?: Record<string, unknown> } = {}): Promise<T> {
  const res = await who.request[method](url, { ...opts, headers: { ...(await xsrf(who)), 'X-Workspace-Id': companyId } } as Parameters<BrowserContext['request']['post']>[1]);
  const text = await res.text();
  assert.ok(res.ok(), `${method.toUpperCase()} ${url}: ${res.status()} ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { body: T }).body;
}

// An editor's EyeMail of the company: their clip uploaded and encoded there, then the EyeMail.
async function eyeMailOf(editor: BrowserContext, title: string): Promise<string> {
  const { fileId } = await inCompany<{ fileId: string }>(editor, 'post', '/api/files?type=video', { multipart: { file: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(clip) } } });
  let encoding = await inCompany<{ state: string; encodingId: string }>(editor, 'post', `/api/videos/${fileId}?overlay=none&width=600`);
  for (const until = Date.now() + 90_000; encoding.state !== 'completed'; ) {
    assert.ok(encoding.state !== 'failed' && Date.now() < until, `the encoding did not finish (${encoding.state})`);
    await new Promise((r) => setTimeout(r, 100));
    encoding = await inCompany(editor, 'get', `/api/videos/encodings/${encoding.encodingId}`);
  }
  return (await inCompany<{ snippet: string }>(editor, 'post', '/api/snippets', { data: { ...EYEMAIL_DEFAULTS, title, videoId: fileId, landingPageUrl: LANDING } })).snippet;
}

// A recipient's hit: no session, their mail client's agent.
async function hit(p: string, status: number): Promise<void> {
  const res = await fetch(`${server.url}${p}`, { redirect: 'manual', headers: { 'User-Agent': OUTLOOK } });
  await res.arrayBuffer();
  assert.equal(res.status, status, p);
}
const open = (id: string, who: string) => hit(`/t/o/${id}.gif?v=${encodeURIComponent(who)}`, 200);
const click = (id: string, who: string) => hit(`/t/c/${id}?v=${encodeURIComponent(who)}&u=${encodeURIComponent(LANDING)}`, 302);

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-workspace-report-'));
  await allStarted([startServer().then((s) => (server = s)), launchBrowser().then((b) => (browser = b)), makeClip(dir).then((c) => (clip = c))]);
  const [edith, frank] = await Promise.all([newContext(browser, server.url), newContext(browser, server.url)]);
  owner = await newContext(browser, server.url);
  await signUp(owner, { fullName: 'Olive Owner', email: uniqueEmail('olive') });
  await signUp(edith, { fullName: 'Edith Editor', email: uniqueEmail('edith') });
  await signUp(frank, { fullName: 'Frank Editor', email: uniqueEmail('frank') });
  companyId = (await api<{ id: string }>(owner, 'post', '/api/companies', { data: { companyName: COMPANY, domain: 'northwind.example', department: 'Marketing' }, expect: 201 })).id;
  // Added the way an accepted invitation adds a member.
  for (const editor of [edith, frank]) {
    const { id } = await api<{ id: string }>(editor, 'post', '/api/accounts/trysignin');
    await sql(server, 'insert into workspace_member (workspace_id, user_id, role) values ($1, $2, $3)', [companyId, id, 'editor']);
  }
  [spring, autumn] = await Promise.all([eyeMailOf(edith, 'Spring launch'), eyeMailOf(frank, 'Autumn sale')]);
  await Promise.all([edith.close(), frank.close()]);

  // Spring (Edith's): ann opens twice, bob once, ann clicks; a test send opens (left out).
  // Autumn (Frank's): cy opens, cy and dee click.
  await open(spring, 'ann@example.com');
  await open(spring, 'bob@example.com');
  await open(spring, 'ann@example.com');
  await click(spring, 'ann@example.com');
  await open(spring, '*|EMAIL|*');
  await open(autumn, 'cy@example.com');
  await click(autumn, 'cy@example.com');
  await click(autumn, 'dee@example.com');

  // The owner's dashboard shows the company (the switcher's remembered choice).
  const { id: ownerId } = await api<{ id: string }>(owner, 'post', '/api/accounts/trysignin');
  await owner.addInitScript(([key, id]) => (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(key, id), [`eyemail.workspace.${ownerId}`, companyId] as const);
});

after(async () => {
  await owner?.close();
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const exactly = (text: string) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
const cells = async (page: Page, table: string) =>
  page
    .getByRole('table', { name: table })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((c) => (c as unknown as { innerText: string }).innerText.replace(/\s+/g, ' ').trim())));

// Totals by hand: opens 3 + 1 = 4 (the test send's left out), Total Views = the opens (no plays),
// unique views ann, bob (Spring) and cy (Autumn), Total Clicks 1 + 2 = 3, no seconds played.
const TILES = { totalViews: '4', totalClicks: '3', opens: '4', averageViewTime: '0' };

async function tilesShown(page: Page): Promise<void> {
  for (const [key, value] of Object.entries(TILES)) await page.getByTestId(`workspace-tile-${key}`).getByTestId('tile-value').filter({ hasText: exactly(value) }).waitFor();
  await page.getByTestId('workspace-tile-totalViews').getByText('3 unique').waitFor();
}

test("the owner reads the company's totals, its top EyeMails and each editor's, at 1280 and 390 px", async () => {
  const page = await owner.newPage();
  await page.setViewportSize(DESKTOP);
  await page.goto('/reports');
  await page.getByRole('heading', { name: 'Workspace overview' }).waitFor();
  await page.getByTestId('workspace-overview-scope').filter({ hasText: exactly(`2 EyeMails of ${COMPANY}, added up`) }).waitFor();
  await tilesShown(page);
  await page.getByTestId('workspace-overview-note').getByText('1 machine event or test left out.').waitFor();

  // Desktop: every column.
  await page.getByRole('table', { name: 'Top EyeMails' }).waitFor();
  assert.deepEqual(await cells(page, 'Top EyeMails'), [
    ['Spring launch by Edith Editor', '3', '3', '2', '1', '0'],
    ['Autumn sale by Frank Editor', '1', '1', '1', '2', '0'],
  ]);
  assert.deepEqual(await cells(page, 'By creator'), [
    ['Edith Editor 1 EyeMail', '3', '3', '2', '1', '0'],
    ['Frank Editor 1 EyeMail', '1', '1', '1', '2', '0'],
  ]);
  await screenshot(page, 'reports-workspace');
  // Every hit came today: the last 7 days hold them all (the dates' exclusions: the e2e test).
  await page.getByText('Last 7 days').click();
  await page.getByRole('radio', { name: 'Last 7 days', checked: true }).waitFor({ state: 'attached' });
  await tilesShown(page);

  // A phone: the tiles two by two, the tables with the name, Opens, Total Views and Total Clicks,
  // nothing wider than the screen.
  await resizeTo(page, PHONE);
  await tilesShown(page);
  await page.getByRole('table', { name: 'Top EyeMails' }).getByRole('columnheader', { name: 'Unique views' }).waitFor({ state: 'detached' });
  assert.deepEqual(await cells(page, 'Top EyeMails'), [
    ['Spring launch by Edith Editor', '3', '3', '1'],
    ['Autumn sale by Frank Editor', '1', '1', '2'],
  ]);
  assert.deepEqual(await cells(page, 'By creator'), [
    ['Edith Editor 1 EyeMail', '3', '3', '1'],
    ['Frank Editor 1 EyeMail', '1', '1', '2'],
  ]);
  const overflow = await page.evaluate(() => {
    const d = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
    return d.scrollWidth - d.clientWidth;
  });
  assert.ok(overflow <= 0, `the page is ${overflow} px wider than the phone`);

  // The top EyeMail opens its own report, whose figures are its row's.
  await page.getByRole('link', { name: 'Spring launch' }).click();
  await page.waitForURL((u) => u.pathname === `/reports/${spring}`);
  await page.getByTestId('tile-totalViews').getByTestId('tile-value').filter({ hasText: exactly('3') }).waitFor();
  await page.getByTestId('tile-totalClicks').getByTestId('tile-value').filter({ hasText: exactly('1') }).waitFor();
  await page.close();
});
