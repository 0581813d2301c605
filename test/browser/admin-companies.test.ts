// The admin area's Companies page: the Companies tile and menu entry, the list at 1280 px (a
// table: search, sortable columns, page buttons, a row opened to its members) and at 390 px (a
// list with a sort menu, opened the same way), and the empty search.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { allStarted, ADMIN_EMAIL, ADMIN_PASSWORD, sql, startServer, type RunningServer } from './support/server.ts';
import { expectTitle, launchBrowser, newContext, PHONE, resizeTo, screenshot, uniqueEmail } from './support/browser.ts';
import { api, signUp, upload } from './support/api.ts';
import { makeClip } from './support/media.ts';

let server: RunningServer;
let browser: Browser;
let dir: string;
let admin: BrowserContext;
let page: Page;
const contexts: BrowserContext[] = [];

const oliveEmail = uniqueEmail('olive');
const hanaEmail = uniqueEmail('hana');
const people = { adam: uniqueEmail('adam'), edith: uniqueEmail('edith') };
// Zenith, Alpha and Harbor, and 10 more: two pages of 10.
const BULK = 10;

async function person(fullName: string, email: string): Promise<BrowserContext> {
  const ctx = await newContext(browser, server.url);
  contexts.push(ctx);
  await signUp(ctx, { fullName, email });
  return ctx;
}

async function company(ctx: BrowserContext, companyName: string, domain: string): Promise<string> {
  const made = await api<{ id: string }>(ctx, 'post', '/api/companies', { data: { companyName, domain, department: 'Marketing' }, expect: 201 });
  return made.id;
}

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-admin-companies-'));
  let clip = '';
  await allStarted([startServer().then((s) => (server = s)), launchBrowser().then((b) => (browser = b)), makeClip(dir).then((c) => (clip = c))]);
  const olive = await person('Olive Owner', oliveEmail);
  const zenith = await company(olive, 'Zenith Media', 'zenith.example');
  for (const [fullName, email, role] of [['Adam Admin', people.adam, 'admin'], ['Edith Editor', people.edith, 'editor']] as const) {
    await person(fullName, email);
    await sql(server, `insert into workspace_member (workspace_id, user_id, role) select $1, id, $2 from app_user where email = $3`, [zenith, role, email]);
  }
  // Two videos uploaded in the company (the dashboard names it in X-Workspace-Id).
  await olive.setExtraHTTPHeaders({ 'X-Workspace-Id': zenith });
  for (const name of ['Launch.mp4', 'Teaser.mp4']) await upload(olive, 'video', clip, { name });
  await company(await person('Abe Alpha', uniqueEmail('abe')), 'Alpha Labs', 'alpha-labs.example');
  await company(await person('Hana Harbor', hanaEmail), 'Harbor Goods', 'harbor.example');
  await sql(
    server,
    `insert into company (id, name, domain, department, owner_user_id, created_at)
     select gen_random_uuid(), 'Bulk Co ' || lpad(n::text, 2, '0'), 'bulk.example', 'Ops', id, now() - interval '1 day' from app_user, generate_series(1, $1::int) n
     where email = $2`,
    [BULK, hanaEmail],
  );

  admin = await newContext(browser, server.url);
  page = await admin.newPage();
  await page.goto('/signin');
  await page.getByLabel(/^Email/).fill(ADMIN_EMAIL);
  await page.getByLabel(/^Password/).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/admin-dashboard');
});

after(async () => {
  for (const ctx of contexts) await ctx.close();
  await admin?.close();
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

// The company names in the order the table shows them.
const tableNames = (p: Page) => p.getByRole('table').locator('tbody tr[data-company]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-company')));
const listNames = (p: Page) => p.getByTestId('company-list').locator('[data-company]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-company')));

// Waits until the rows on screen are as `ok` wants them (the previous page stays on screen while
// the next one loads).
async function rowsShow(names: () => Promise<(string | null)[]>, ok: (got: (string | null)[]) => boolean, what: string): Promise<void> {
  const until = Date.now() + 10_000;
  let got: (string | null)[] = [];
  while (Date.now() < until) {
    got = await names();
    if (ok(got)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`expected ${what}, saw ${got.join(', ')}`);
}

const firstIs = (names: () => Promise<(string | null)[]>, want: string) => rowsShow(names, (got) => got[0] === want, `${want} first`);

async function expectMembers(region: Locator): Promise<void> {
  await region.waitFor();
  for (const [name, email, role] of [
    ['Olive Owner', oliveEmail, 'Owner'],
    ['Adam Admin', people.adam, 'Admin'],
    ['Edith Editor', people.edith, 'Editor'],
  ]) {
    const item = region.getByRole('listitem').filter({ hasText: name });
    await item.getByText(email).waitFor();
    await item.getByText(role, { exact: true }).waitFor();
  }
  assert.equal(await region.getByRole('listitem').count(), 3);
}

test('1280 px: the tile and the menu lead to Companies; search, sort, pages, and a company’s members', async () => {
  const companiesTile = page.getByRole('main').getByRole('link', { name: /Companies/ });
  await companiesTile.getByText(String(3 + BULK), { exact: true }).waitFor();
  await screenshot(page, 'admin-companies-dashboard');

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Companies' }).click();
  await page.waitForURL((u) => u.pathname === '/admin-companies');
  await expectTitle(page, 'Admin Companies | Admin | EyeMail');
  await page.getByRole('heading', { name: 'Companies', level: 1 }).waitFor();
  await page.getByText(`${3 + BULK} companies`).waitFor();
  // Newest first, ten a page.
  await firstIs(() => tableNames(page), 'Harbor Goods');
  assert.equal((await tableNames(page)).length, 10);
  await page.getByRole('navigation', { name: 'Company list pages' }).getByRole('button', { name: 'Page 2' }).click();
  await page.getByText('Page 2 of 2').waitFor();
  await rowsShow(() => tableNames(page), (got) => got.length === 3 && got.every((n) => n?.startsWith('Bulk Co')), 'the last 3 companies');

  // Sorting goes back to page 1.
  await page.getByRole('button', { name: 'Sort by Company' }).click();
  await firstIs(() => tableNames(page), 'Alpha Labs');
  await page.getByText('Page 1 of 2').waitFor();
  assert.equal(await page.getByRole('columnheader', { name: /Company/ }).getAttribute('aria-sort'), 'ascending');
  await page.getByRole('button', { name: 'Sort by Company' }).click();
  await firstIs(() => tableNames(page), 'Zenith Media');
  await page.getByRole('button', { name: 'Sort by Members' }).click();
  await firstIs(() => tableNames(page), 'Zenith Media');
  await page.getByRole('button', { name: 'Sort by Videos' }).click();
  await firstIs(() => tableNames(page), 'Zenith Media');
  await page.getByRole('button', { name: 'Sort by Videos' }).click();
  await rowsShow(() => tableNames(page), (got) => got[0] !== 'Zenith Media', 'the fewest videos first');

  // Search: the owner's address finds the company; the row shows what it holds.
  await page.getByRole('textbox', { name: 'Search companies' }).fill(oliveEmail.toUpperCase());
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByText('1 company', { exact: true }).waitFor();
  const row = page.getByRole('row').filter({ hasText: 'Zenith Media' });
  assert.deepEqual(await tableNames(page), ['Zenith Media']);
  for (const text of ['zenith.example · Marketing', 'Olive Owner', oliveEmail, '0 of 0']) await row.getByText(text).first().waitFor();
  assert.deepEqual(await row.getByRole('cell').evaluateAll((cells) => cells.slice(2, 5).map((c) => c.textContent)), ['3', '2', '0 of 0']);
  assert.match((await row.getByRole('cell').nth(5).textContent()) ?? '', /\d+(\.\d)? KB|MB/);

  const open = page.getByRole('button', { name: '3 members of Zenith Media' });
  await open.click();
  assert.equal(await open.getAttribute('aria-expanded'), 'true');
  await expectMembers(page.getByRole('region', { name: 'Members of Zenith Media' }));
  await screenshot(page, 'admin-companies-members');
  await open.click();
  await page.getByRole('region', { name: 'Members of Zenith Media' }).waitFor({ state: 'hidden' });

  await page.getByRole('textbox', { name: 'Search companies' }).fill('no such company');
  await page.getByRole('textbox', { name: 'Search companies' }).press('Enter');
  await page.getByText('No companies found.').waitFor();
  await page.getByText('Try another name, domain or owner’s email.').waitFor();
  await screenshot(page, 'admin-companies-empty');
  await page.getByRole('button', { name: 'Clear' }).click();
  await page.getByText(`${3 + BULK} companies`).waitFor();
});

test('390 px: the menu leads to Companies; a list with a sort menu; search by domain and a company’s members', async () => {
  await resizeTo(page, PHONE);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Manage Users' }).click();
  await page.waitForURL((u) => u.pathname === '/admin-manage-user');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Companies' }).click();
  await page.waitForURL((u) => u.pathname === '/admin-companies');
  await page.getByRole('heading', { name: 'Companies', level: 1 }).waitFor();
  const list = page.getByTestId('company-list');
  await list.getByText('Harbor Goods').waitFor();
  assert.equal(await page.getByRole('table').isVisible(), false);

  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Name', exact: true }).click();
  await firstIs(() => listNames(page), 'Alpha Labs');
  await page.getByRole('button', { name: 'Ascending, sort descending' }).click();
  await firstIs(() => listNames(page), 'Zenith Media');
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Videos', exact: true }).click();
  await firstIs(() => listNames(page), 'Zenith Media');

  await page.getByRole('textbox', { name: 'Search companies' }).fill('zenith.EXAMPLE');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByText('1 company', { exact: true }).waitFor();
  const item = list.locator('[data-company="Zenith Media"]');
  await item.getByText('3 members · 2 videos · 0 of 0 EyeMails active').waitFor();
  await item.getByText(oliveEmail).waitFor();
  await item.getByRole('button', { name: '3 members of Zenith Media' }).click();
  await expectMembers(item.getByRole('region', { name: 'Members of Zenith Media' }));
  await item.getByRole('button', { name: '3 members of Zenith Media' }).getByText('Hide members').waitFor();
  // Nothing wider than the phone.
  const overflow = await page.evaluate(() => {
    const d = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
    return d.scrollWidth - d.clientWidth;
  });
  assert.equal(overflow, 0);
  await screenshot(page, 'admin-companies-phone');
});

test('a user is sent away from the Companies page and refused its calls', async () => {
  const user = contexts[0];
  const res = await user.request.get('/api/Admin/companies');
  assert.equal(res.status(), 403);
  const p = await user.newPage();
  await p.goto('/admin-companies');
  await p.waitForURL((u) => u.pathname === '/');
  assert.equal(await p.getByRole('heading', { name: 'Companies', level: 1 }).count(), 0);
  await p.close();
});
