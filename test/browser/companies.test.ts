// Company workspaces in the dashboard: My Companies and New Company, the workspace switcher in the
// side menu (1280 px) and in the phone menu (390 px), the choice kept across a reload, and a
// company's viewer, who sees the company's library but no Upload or New EyeMail.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { allStarted, sql, startServer, type RunningServer } from './support/server.ts';
import { DESKTOP, expectTitle, launchBrowser, newContext, PHONE, resizeTo, screenshot, uniqueEmail } from './support/browser.ts';
import { api, signUp, upload } from './support/api.ts';
import { makeClip } from './support/media.ts';

let server: RunningServer;
let browser: Browser;
let owner: BrowserContext;
let page: Page;
let dir: string;
let clip: string;

const COMPANY = 'Acme Marketing';
// The personal library has this video; the new company's has none.
const PERSONAL_VIDEO = 'Personal teaser';

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-companies-'));
  // Each is kept as soon as it is up, so that `after` closes it even when another step fails.
  await allStarted([startServer().then((s) => (server = s)), launchBrowser().then((b) => (browser = b)), makeClip(dir).then((c) => (clip = c))]);
  owner = await newContext(browser, server.url);
  await signUp(owner, { fullName: 'Olive Owner', email: uniqueEmail('olive') });
  await upload(owner, 'video', clip, { name: `${PERSONAL_VIDEO}.mp4` });
  page = await owner.newPage();
});

after(async () => {
  await owner?.close();
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

// The switcher's button is named by what it shows: the workspace, the role, then what it does.
const switcherIn = (scope: Page | Locator) => scope.getByRole('button', { name: /Switch workspace$/ });

// Opens the switcher with the keyboard and moves down to `name` with the arrow keys, then Enter.
async function switchByKeyboard(p: Page, scope: Page | Locator, name: string) {
  const button = switcherIn(scope);
  await button.focus();
  await p.keyboard.press('Enter');
  const menu = p.getByRole('menu');
  await menu.waitFor();
  const target = menu.getByRole('menuitem', { name: new RegExp(`^${name}`) });
  for (let i = 0; i < 6 && !(await target.evaluate((el) => el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement)); i++) await p.keyboard.press('ArrowDown');
  assert.ok(await target.evaluate((el) => el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement), `the arrow keys did not reach ${name}`);
  await p.keyboard.press('Enter');
  await menu.waitFor({ state: 'hidden' });
}

test('My Companies: the empty page, then New Company lists the company it made', async () => {
  await page.goto('/companies');
  await page.getByRole('heading', { name: 'My Companies', level: 1 }).waitFor();
  await page.getByText('Work together with your team').waitFor();
  await expectTitle(page, 'My Companies | Dashboard | EyeMail');
  await page.getByRole('tabpanel', { name: /Owned Companies/ }).getByText('You do not own a company yet').waitFor();
  await screenshot(page, 'companies-empty');

  await page.getByRole('button', { name: 'New Company' }).first().click();
  // Each field's message, and the empty tabs' texts, are the page's component test
  // (companies-page.test.tsx).
  const dialog = page.getByRole('dialog', { name: 'New Company' });
  await dialog.getByLabel(/Company name/).fill(COMPANY);
  await dialog.getByLabel(/Domain/).fill('acme.example');
  await dialog.getByLabel(/Department/).fill('Marketing');
  await dialog.getByRole('button', { name: 'Create company' }).click();
  const created = page.getByRole('dialog', { name: 'Company created' });
  await created.getByRole('button', { name: `Switch to ${COMPANY}` }).waitFor();
  // Not now: the switch is the switcher's, below.
  await created.getByRole('button', { name: 'Not now' }).click();
  await created.waitFor({ state: 'hidden' });

  const card = page.getByRole('tabpanel', { name: /Owned Companies/ }).getByRole('article', { name: COMPANY });
  for (const text of ['acme.example', '1 member', 'Owner']) await card.getByText(text, { exact: true }).waitFor();
  // Still in the personal workspace.
  await switcherIn(page).getByText('Personal', { exact: true }).waitFor();
  await screenshot(page, 'companies-owned');
});

test("at 1280 px the side menu's switcher moves to the company: its empty library, its name in the switcher, kept across a reload", async () => {
  await page.goto('/video-library');
  await page.getByRole('article', { name: PERSONAL_VIDEO }).waitFor();
  const side = page.getByRole('navigation', { name: 'Side navigation' });
  await side.getByRole('button', { name: /^Personal Owner Switch workspace$/ }).waitFor();

  await switchByKeyboard(page, side, COMPANY);
  // My Videos shows the last workspace's library: the switch lands on the company's EyeMails.
  await page.waitForURL((u) => u.pathname === '/eyemails');
  await page.getByText('No EyeMails found.').waitFor();
  await switcherIn(side).getByText(COMPANY, { exact: true }).waitFor();
  await switcherIn(side).getByText('Owner', { exact: true }).waitFor();

  await side.getByRole('link', { name: 'My Videos' }).click();
  await page.getByText('No videos found.').waitFor();
  assert.equal(await page.getByRole('article', { name: PERSONAL_VIDEO }).count(), 0, "the personal video shows in the company's library");
  // The owner may upload here.
  await page.getByRole('button', { name: 'Upload', exact: true }).waitFor();
  await screenshot(page, 'companies-switched-library');

  await page.reload();
  await page.getByText('No videos found.').waitFor();
  await switcherIn(side).getByText(COMPANY, { exact: true }).waitFor();
  assert.equal(await page.getByRole('article', { name: PERSONAL_VIDEO }).count(), 0);
});

test('at 390 px the phone menu has the switcher: back to Personal and to the company again', async () => {
  await resizeTo(page, PHONE);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: /Menu/ });
  await switcherIn(drawer).getByText(COMPANY, { exact: true }).waitFor();
  await switcherIn(drawer).click();
  const menu = page.getByRole('menu');
  for (const name of ['Personal', COMPANY, 'New company…', 'Manage companies']) await menu.getByRole('menuitem', { name: new RegExp(`^${name}`) }).waitFor();
  await screenshot(page, 'companies-phone-switcher', { phoneFullPage: false });
  await resizeTo(page, PHONE);
  if (!(await menu.isVisible())) {
    if (!(await drawer.isVisible())) await page.getByRole('button', { name: 'Open menu' }).click();
    await switcherIn(drawer).click();
  }
  await menu.getByRole('menuitem', { name: /^Personal/ }).click();
  await drawer.waitFor({ state: 'hidden' });
  await page.waitForURL((u) => u.pathname === '/eyemails');
  await page.goto('/video-library');
  await page.getByRole('article', { name: PERSONAL_VIDEO }).waitFor();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await switcherIn(drawer).getByText('Personal', { exact: true }).waitFor();
  await switchByKeyboard(page, drawer, COMPANY);
  await drawer.waitFor({ state: 'hidden' });
  await page.waitForURL((u) => u.pathname === '/eyemails');
  await page.getByText('No EyeMails found.').waitFor();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await switcherIn(drawer).getByText(COMPANY, { exact: true }).waitFor();
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });
  await resizeTo(page, DESKTOP);
});

test('a viewer added to the company sees its library without Upload, New EyeMail or Integrations; removed, they are back in Personal and told so', async () => {
  const companyId = (await api<{ id: string; name: string }[]>(owner, 'get', '/api/workspaces')).find((w) => w.name === COMPANY)?.id;
  assert.ok(companyId, 'the company is not in the owner’s workspaces');
  const viewer = await newContext(browser, server.url);
  try {
    await signUp(viewer, { fullName: 'Victor Viewer', email: uniqueEmail('victor') });
    const { id: viewerId } = await api<{ id: string }>(viewer, 'post', '/api/accounts/trysignin');
    // Added the way an accepted invitation adds a member (invitations have no dashboard yet).
    await sql(server, 'insert into workspace_member (workspace_id, user_id, role) values ($1, $2, $3)', [companyId, viewerId, 'viewer']);

    const p = await viewer.newPage();
    await p.goto('/companies');
    await p.getByRole('tab', { name: "Companies I've Joined" }).click();
    const card = p.getByRole('tabpanel', { name: /Companies I've Joined/ }).getByRole('article', { name: COMPANY });
    await card.getByText('Viewer', { exact: true }).waitFor();
    await card.getByText('2 members').waitFor();
    await screenshot(p, 'companies-joined');
    await card.getByRole('button', { name: `Switch to ${COMPANY}` }).click();
    await p.waitForURL((u) => u.pathname === '/eyemails');
    const side = p.getByRole('navigation', { name: 'Side navigation' });
    await switcherIn(side).getByText('Viewer', { exact: true }).waitFor();
    await p.getByText('No EyeMails found.').waitFor();
    // Drawn for a viewer: the page's content is there, its making buttons are not.
    assert.equal(await p.getByRole('link', { name: /^New( EyeMail)?$/ }).count(), 0, 'a viewer sees New / New EyeMail');
    assert.equal(await p.getByRole('link', { name: 'Create your EyeMail' }).count(), 0);

    await side.getByRole('link', { name: 'My Videos' }).click();
    await p.getByRole('heading', { name: 'My Videos', level: 1 }).waitFor();
    await p.getByText('No videos found.').waitFor();
    assert.equal(await p.getByRole('button', { name: /^(Upload|Upload your first video|Record)$/ }).count(), 0, 'a viewer sees Upload or Record');
    await screenshot(p, 'companies-viewer-library');

    await p.getByRole('button', { name: 'Account menu' }).click();
    await p.getByRole('menuitem', { name: 'Your Profile' }).waitFor();
    assert.equal(await p.getByRole('menuitem', { name: 'Integrations' }).count(), 0, 'a viewer sees Integrations');
    await p.keyboard.press('Escape');

    // The owner sees the viewer among the members, with a role to change and Remove.
    await page.goto(`/companies/${companyId}`);
    const member = page.getByRole('listitem', { name: 'Victor Viewer' });
    await member.getByRole('button', { name: 'Remove Victor Viewer' }).waitFor();
    assert.equal(await member.getByLabel('Role of Victor Viewer').inputValue(), 'Viewer');
    await page.getByRole('listitem', { name: 'Olive Owner' }).getByText('Owner', { exact: true }).waitFor();
    await screenshot(page, 'companies-members');

    // Removed (asked first), the viewer's next call finds the company gone: back to Personal, and told so.
    await member.getByRole('button', { name: 'Remove Victor Viewer' }).click();
    const confirm = page.getByRole('dialog', { name: 'Alert!' });
    await confirm.getByText(/Remove Victor Viewer from Acme Marketing\?/).waitFor();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await member.waitFor({ state: 'detached' });
    await page.getByText('Members (1)', { exact: true }).waitFor();

    await side.getByRole('link', { name: 'Reports' }).click();
    await p.getByText('You are no longer a member of that company, so you are back in your personal workspace.').waitFor();
    await switcherIn(side).getByText('Personal', { exact: true }).waitFor();
  } finally {
    await viewer.close();
  }
});
