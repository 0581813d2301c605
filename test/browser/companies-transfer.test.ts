// Handing a company to an admin, on the company's members page: the owner makes a member an admin,
// then makes them the owner (Make owner is there, disabled and saying why, while they are not an
// admin; it asks first). The page then shows the new owner and the old one as Admin, with no Delete
// company or Make owner left; the switcher says Admin; the Activity card has the role change and the
// transfer, newest first, at 1280 and at 390 px (a long address wraps, nothing wider than a phone).
// The new owner sees the company as its owner.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { allStarted, sql, startServer, type RunningServer } from './support/server.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, resizeTo, screenshot, uniqueEmail } from './support/browser.ts';
import { api, signUp } from './support/api.ts';

let server: RunningServer;
let browser: Browser;
let owner: BrowserContext;
let adam: BrowserContext;
let page: Page;
let companyId: string;

const COMPANY = 'Acme Marketing';
const TRANSFERRED = 'The company has a new owner. You are now one of its admins.';
// Long, so that on a phone the Activity lines must wrap it.
const ADAM_EMAIL = uniqueEmail('adam.admin.of.the.acme.marketing.department');

before(async () => {
  await allStarted([startServer().then((s) => (server = s)), launchBrowser().then((b) => (browser = b))]);
  owner = await newContext(browser, server.url);
  adam = await newContext(browser, server.url);
  await signUp(owner, { fullName: 'Olive Owner', email: uniqueEmail('olive') });
  await signUp(adam, { fullName: 'Adam Admin', email: ADAM_EMAIL });
  companyId = (await api<{ id: string }>(owner, 'post', '/api/companies', { data: { companyName: COMPANY, domain: 'acme.example', department: 'Marketing' } })).id;
  assert.ok(companyId, 'no company was made');
  const { id: adamId } = await api<{ id: string }>(adam, 'post', '/api/accounts/trysignin');
  // Added the way an accepted invitation adds a member: an editor to begin with.
  await sql(server, 'insert into workspace_member (workspace_id, user_id, role) values ($1, $2, $3)', [companyId, adamId, 'editor']);
  page = await owner.newPage();
});

after(async () => {
  await adam?.close();
  await owner?.close();
  await browser?.close();
  await server?.stop();
});

// A member's row (exact: the Activity lines begin with names too).
const memberRow = (p: Page, name: string) => p.getByRole('list', { name: 'Members' }).getByRole('listitem', { name, exact: true });
// A line of the Activity card, by its words (its items are unnamed: the members' rows are named).
const activityLine = (p: Page, words: string) => p.getByRole('list', { name: 'Activity' }).getByRole('listitem').filter({ has: p.getByText(words, { exact: true }) });
const switcher = (p: Page) => p.getByRole('navigation', { name: 'Side navigation' }).getByRole('button', { name: /Switch workspace$/ });

// How far the page scrolls sideways (0: nothing is wider than the window).
const sideways = (p: Page) =>
  p.evaluate(() => {
    const d = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
    return d.scrollWidth - d.clientWidth;
  });

test('the owner makes an editor an admin, then the owner: asked first, the page and the switcher show the new roles, and the Activity card both changes', async () => {
  await page.goto(`/companies/${companyId}`);
  await page.getByRole('heading', { name: COMPANY, level: 1 }).waitFor();
  // In the company, so that the switcher shows the role in it.
  await page.getByRole('button', { name: 'Switch to this company' }).click();
  await page.waitForURL((u) => u.pathname === '/eyemails');
  await switcher(page).getByText(COMPANY, { exact: true }).waitFor();
  await page.goto(`/companies/${companyId}`);
  await page.getByRole('heading', { name: COMPANY, level: 1 }).waitFor();
  await switcher(page).getByText('Owner', { exact: true }).waitFor();
  await activityLine(page, `Olive Owner made the company ${COMPANY}`).waitFor();

  // An editor cannot be made the owner: the menu says why.
  const row = memberRow(page, 'Adam Admin');
  await row.getByRole('button', { name: 'More for Adam Admin' }).click();
  const notYet = page.getByRole('menuitem', { name: /^Make owner/ });
  await notYet.getByText('The ownership goes to an admin: make them an admin first.').waitFor();
  assert.ok(await notYet.isDisabled(), 'Make owner is enabled on an editor');
  await screenshot(page, 'companies-transfer-not-admin', { phoneFullPage: false });
  // Clicked again, the menu closes.
  await row.getByRole('button', { name: 'More for Adam Admin' }).click();
  await notYet.waitFor({ state: 'hidden' });

  // Made an admin: the role change is the newest line of the activity.
  await row.getByLabel('Role of Adam Admin').click();
  await page.getByRole('option', { name: 'Admin' }).click();
  const activity = page.getByRole('list', { name: 'Activity' });
  await activityLine(page, `Olive Owner changed the role of ${ADAM_EMAIL} (Editor → Admin)`).waitFor();
  // The members list refreshes beside the activity: wait for the role it shows.
  const roleInput = await row.getByLabel('Role of Adam Admin').elementHandle();
  await page.waitForFunction((el) => (el as unknown as { value: string }).value === 'Admin', roleInput);

  // Make owner asks first; Cancel changes nothing.
  await row.getByRole('button', { name: 'More for Adam Admin' }).click();
  await page.getByRole('menuitem', { name: 'Make owner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alert!' });
  await dialog.getByText(`Make Adam Admin the owner of ${COMPANY}? You become an admin; only the owner can transfer the ownership or delete the company.`).waitFor();
  await screenshot(page, 'companies-transfer-confirm', { phoneFullPage: false });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('heading', { name: 'Delete company' }).waitFor();

  await row.getByRole('button', { name: 'More for Adam Admin' }).click();
  await page.getByRole('menuitem', { name: 'Make owner' }).click();
  await dialog.getByRole('button', { name: 'Make owner' }).click();
  await page.getByText(TRANSFERRED).waitFor();
  await dialog.waitFor({ state: 'hidden' });

  // The new owner and the old one as Admin, here and in the switcher; nothing left of the owner's.
  await row.getByText('Owner', { exact: true }).waitFor();
  await memberRow(page, 'Olive Owner').getByText('Admin', { exact: true }).waitFor();
  await page.getByText(/Your role: Admin/).waitFor();
  await switcher(page).getByText('Admin', { exact: true }).waitFor();
  assert.equal(await page.getByRole('heading', { name: 'Delete company' }).count(), 0, 'the old owner still has Delete company');
  assert.equal(await page.getByRole('button', { name: 'Delete company' }).count(), 0, 'the old owner still has Delete company');
  assert.equal(await page.getByRole('button', { name: /^More for/ }).count(), 0, 'the old owner still has Make owner');
  assert.equal(await row.getByLabel('Role of Adam Admin').count(), 0, "the new owner's role may still be changed");

  // The transfer, then the role change, newest first, each with its date (the words as one line).
  const transferLine = activityLine(page, `Olive Owner transferred the ownership to ${ADAM_EMAIL}`);
  await transferLine.waitFor();
  const names = await activity.getByRole('listitem').evaluateAll((items) => items.map((li) => li.querySelector('p')?.textContent));
  assert.deepEqual(names, [
    `Olive Owner transferred the ownership to ${ADAM_EMAIL}`,
    `Olive Owner changed the role of ${ADAM_EMAIL} (Editor → Admin)`,
    `Olive Owner made the company ${COMPANY}`,
  ]);
  assert.match(await transferLine.locator('time').innerText(), /\d/);
  // The toasts (4 s) gone, so that the pictures show the Activity card whole.
  for (const toast of [TRANSFERRED, 'The role was changed.']) await page.getByText(toast).waitFor({ state: 'hidden' });
  await screenshot(page, 'companies-transfer-done');

  // At 390 px the long address wraps inside the card: nothing wider than the phone.
  await resizeTo(page, PHONE);
  await transferLine.scrollIntoViewIfNeeded();
  assert.equal(await sideways(page), 0, 'the page scrolls sideways at 390 px');
  const card = await transferLine.boundingBox();
  assert.ok(card && card.x >= 0 && card.x + card.width <= PHONE.width, `the Activity line is wider than the phone: ${JSON.stringify(card)}`);
  const text = await transferLine.locator('p').first().boundingBox();
  assert.ok(text && text.height > 30, 'the long line did not wrap at 390 px');
  await resizeTo(page, DESKTOP);
});

test('the new owner sees the company as its owner: Make owner on the old owner, and Delete company', async () => {
  const p = await adam.newPage();
  try {
    await p.goto(`/companies/${companyId}`);
    await p.getByText(/Your role: Owner/).waitFor();
    await memberRow(p, 'Olive Owner').getByLabel('Role of Olive Owner').waitFor();
    await p.getByRole('button', { name: 'More for Olive Owner' }).click();
    assert.ok(await p.getByRole('menuitem', { name: 'Make owner' }).isEnabled(), 'Make owner is disabled on an admin');
    await p.keyboard.press('Escape');
    await p.getByRole('button', { name: 'Delete company' }).waitFor();
    await activityLine(p, `Olive Owner transferred the ownership to ${ADAM_EMAIL}`).waitFor();
  } finally {
    await p.close();
  }
});
