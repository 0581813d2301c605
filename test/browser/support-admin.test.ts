// The support center's contact form sent for real (the user's EyeMails in the Bug / Issues select,
// image attachments uploading, the success dialog and the mail the team gets; the FAQ, the form's
// rules and the feedback dialog are component tests: web/src/features/support/components) and the admin area end to end (tiles,
// Manage Users laid out at 1280 and 390 px, a deactivation the user meets at sign-in and the
// reactivation, videos by email; the list's search, paging, sorting, CSV file, dates and dialogs are
// a component test: web/src/features/admin/components/admin-users-page.test.tsx), and a non-admin
// sent away from admin pages. Screenshots at desktop and phone widths.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { allStarted, ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './support/server.ts';
import { DESKTOP, expectTitle, launchBrowser, PHONE, resizeTo, screenshot, uniqueEmail } from './support/browser.ts';
import { EYEMAIL_DEFAULTS, createEyeMail, readyVideo, signUp } from './support/api.ts';

const run = promisify(execFile);
const SUPPORT_ADDRESS = 'support@eyemail.local';
const PASSWORD = 'Byron1815';
const EXTRA_USERS = 2;

let server: RunningServer;
let browser: Browser;
let dir: string;
let userContext: BrowserContext;
let userPage: Page;
const adaEmail = uniqueEmail('ada');

const fixture = (name: string) => path.join(dir, name);

async function makeFixtures(into: string): Promise<void> {
  const ff = (...args: string[]) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { cwd: into });
  await Promise.all([
    ff('-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', 'clip.mp4'),
    ff('-f', 'lavfi', '-i', 'testsrc2=size=800x500', '-frames:v', '1', 'shot-1.png'),
    ff('-f', 'lavfi', '-i', 'color=c=0xe8590c:size=640x400', '-frames:v', '1', 'shot-2.png'),
  ]);
}

async function newContext(): Promise<BrowserContext> {
  const ctx = await browser.newContext({ baseURL: server.url, viewport: DESKTOP, locale: 'en-US', timezoneId: 'UTC', acceptDownloads: true, reducedMotion: 'reduce' });
  ctx.setDefaultTimeout(15_000);
  await ctx.request.get('/api/health');
  return ctx;
}

async function apiSignUp(ctx: BrowserContext, fullName: string, email: string): Promise<void> {
  await signUp(ctx, { fullName, email, password: PASSWORD });
}

// An EyeMail made through the API the way the dashboard makes one: upload, encode, create.
async function makeEyeMail(ctx: BrowserContext, title: string): Promise<void> {
  await createEyeMail(ctx, { ...EYEMAIL_DEFAULTS, title, videoId: await readyVideo(ctx, fixture('clip.mp4')) });
}

// Holds matching requests until released, so the page can be looked at mid-upload.
async function hold(p: Page, pattern: RegExp): Promise<{ release: () => void; held: () => number }> {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  let count = 0;
  await p.route(pattern, async (route: Route) => {
    count += 1;
    await gate;
    await route.continue();
  });
  return { release: () => open(), held: () => count };
}

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-support-admin-'));
  // Each is kept as soon as it is up, so that `after` closes it even when another step fails.
  await allStarted([startServer().then((s) => (server = s)), launchBrowser().then((b) => (browser = b)), makeFixtures(dir)]);
  userContext = await newContext();
  await apiSignUp(userContext, 'Ada Byron', adaEmail);
  await makeEyeMail(userContext, 'Launch teaser');
  // Two users besides Ada, so she is not alone in the list (paging through ten a page is the
  // component test's), signed up side by side (the server hashes their passwords on its thread pool).
  await Promise.all(
    Array.from({ length: EXTRA_USERS }, async (_, i) => {
      const ctx = await newContext();
      await apiSignUp(ctx, `Member${String(i + 1).padStart(2, '0')} Sample`, uniqueEmail(`member${i + 1}`));
      await ctx.close();
    }),
  );
  userPage = await userContext.newPage();
});

after(async () => {
  await userContext?.close();
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('support center: contact form with Bug / Issues, attachments and the success dialog', async () => {
  const page = userPage;
  await page.goto('/support');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.waitFor();

  await page.getByRole('heading', { name: 'Welcome to EyeMail Support' }).waitFor();
  await expectTitle(page, 'Support Center | Support | EyeMail');
  await screenshot(page, 'support');

  // Bug / Issues offers the user's EyeMails, read from the server.
  await form.getByRole('combobox', { name: 'Inquiry Type' }).click();
  await page.getByRole('option', { name: 'Bug / Issues', exact: true }).click();
  const issue = form.getByRole('combobox', { name: 'Specific Issue' });
  await form.locator('input[placeholder="Loading your EyeMails…"]').waitFor({ state: 'detached' });
  await issue.click();
  await page.getByRole('option', { name: 'Launch teaser', exact: true }).click();
  assert.equal(await issue.inputValue(), 'Launch teaser');

  const message = form.getByRole('textbox', { name: 'Message' });
  await message.fill('The video stops after two seconds in Outlook.\nScreenshots attached.');

  // Two images: Send waits while they upload, then each shows a preview and can be removed.
  const uploads = await hold(page, /\/api\/files\?type=attachment/);
  await form.getByLabel('Choose images to attach').setInputFiles([fixture('shot-1.png'), fixture('shot-2.png')]);
  await form.getByRole('group', { name: 'Upload of shot-1.png' }).waitFor();
  await form.getByRole('group', { name: 'Upload of shot-2.png' }).waitFor();
  assert.equal(await form.getByRole('button', { name: 'Send' }).isDisabled(), true);
  await form.getByText('Send is available once the images have finished uploading.').waitFor();
  await screenshot(page, 'support-uploading', { phoneFullPage: false });
  uploads.release();
  await form.getByRole('img', { name: 'Preview of shot-1.png' }).waitFor();
  await form.getByRole('img', { name: 'Preview of shot-2.png' }).waitFor();
  assert.equal(uploads.held(), 2);
  await page.unroute(/\/api\/files\?type=attachment/);
  assert.equal(await form.getByRole('button', { name: 'Send' }).isDisabled(), false);
  await form.getByRole('button', { name: 'Remove shot-2.png' }).click();
  await form.getByRole('group', { name: 'Upload of shot-2.png' }).waitFor({ state: 'detached' });
  await screenshot(page, 'support-form');

  await form.getByRole('button', { name: 'Send' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Thank you for your inquiry. A team member will be in touch with you shortly.').waitFor();
  await screenshot(page, 'support-sent', { phoneFullPage: false });

  // The team got it: the type, the EyeMail, the message and the one remaining image.
  const mail = await server.mail.next(SUPPORT_ADDRESS, /Support inquiry/);
  assert.equal(mail.subject, '[Bug / Issues] Support inquiry from Ada Byron');
  assert.match(mail.text, /EyeMail: Launch teaser/);
  assert.match(mail.text, /Images: 1 attached\r?\n\r?\nThe video stops after two seconds in Outlook\.\r?\nScreenshots attached\./);
  assert.match(mail.raw, new RegExp(`^Reply-To: ${adaEmail.replace(/[.]/g, '\\.')}`, 'im'));
  assert.equal(mail.raw.match(/Content-Disposition: attachment/gi)?.length, 1);

  // OK starts the page afresh.
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'detached' });
  const fresh = page.getByRole('form', { name: 'Contact form' });
  assert.equal(await fresh.getByRole('combobox', { name: 'Inquiry Type' }).inputValue(), '');
  assert.equal(await fresh.getByRole('textbox', { name: 'Message' }).inputValue(), '');
  assert.equal(await fresh.getByRole('group', { name: /^Upload of/ }).count(), 0);
});

test('a signed-in user is sent away from the admin pages', async () => {
  for (const p of ['/admin-dashboard', '/admin-manage-user', `/admin-video?email=${Buffer.from(adaEmail).toString('base64')}`]) {
    await userPage.goto(p);
    await userPage.waitForURL((u) => u.pathname === '/');
  }
  const res = await userContext.request.get('/api/Admin/GetAllUserData');
  assert.equal(res.status(), 403);
});

test('admin: tiles, Manage Users at two widths, deactivate and reactivate, videos by email', async () => {
  const ctx = await newContext();
  const page = await ctx.newPage();
  await page.goto('/signin');
  await page.getByLabel(/^Email/).fill(ADMIN_EMAIL);
  await page.getByLabel(/^Password/).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/admin-dashboard');

  // Tiles: every user made here, and the one uploaded video.
  const usersTile = page.getByRole('main').getByRole('link', { name: /Users/ });
  await usersTile.getByText(String(1 + EXTRA_USERS), { exact: true }).waitFor();
  await page.getByRole('main').getByRole('link', { name: /Media/ }).getByText('1', { exact: true }).waitFor();
  await screenshot(page, 'admin-dashboard-counts');

  await usersTile.click();
  await page.waitForURL((u) => u.pathname === '/admin-manage-user');
  await expectTitle(page, 'Admin Manage Users | Admin | EyeMail');
  // The headings, the nine column headers and the users count: admin-users-page.test.tsx.
  const table = page.getByRole('table');
  const bodyRows = table.locator('tbody tr');
  const waitRows = async (n: number) => {
    await page.locator('table[aria-busy="false"]').waitFor();
    if (n > 0) await bodyRows.nth(n - 1).waitFor();
    await bodyRows.nth(n).waitFor({ state: 'detached' });
    assert.equal(await bodyRows.count(), n);
  };
  await waitRows(1 + EXTRA_USERS);
  await screenshot(page, 'admin-users');

  // On a 1280 px laptop the nine columns fit: every header and every cell of the first row is in
  // view, and what is at its middle is the cell itself (nothing pinned over Last Activity Date or
  // Videos).
  type Hit = { closest(selector: string): unknown } | null;
  const hitsItself = (cell: import('playwright-core').Locator) =>
    cell.evaluate((el) => {
      const r = (el as unknown as { getBoundingClientRect(): { x: number; y: number; width: number; height: number } }).getBoundingClientRect();
      const doc = (globalThis as unknown as { document: { elementFromPoint(x: number, y: number): Hit } }).document;
      const hit = doc.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return hit !== null && hit.closest('td, th') === el;
    });
  const headers = table.locator('thead th');
  assert.equal(await headers.count(), 9);
  const firstCells = bodyRows.first().locator('td');
  for (const cells of [headers, firstCells]) {
    for (let i = 0; i < 9; i++) {
      const cell = cells.nth(i);
      const box = (await cell.boundingBox())!;
      assert.ok(box.x >= 0 && box.x + box.width <= DESKTOP.width + 0.5, `column ${i + 1} is out of view at 1280 px: ${JSON.stringify(box)}`);
      assert.equal(await hitsItself(cell), true, `column ${i + 1} is covered at 1280 px`);
    }
  }
  // The dates written in the browser's locale (en-US, en-GB): admin-users-page.test.tsx.
  const rowAction = bodyRows.first().getByRole('button', { name: /^Deactivate / });
  assert.equal(await hitsItself(firstCells.nth(8)), true);
  assert.ok(await rowAction.isVisible());

  // On a phone the users are a list: each shows its address in full, and its Deactivate in reach.
  await resizeTo(page, PHONE);
  const list = page.getByTestId('user-list');
  const item = list.locator('> div').first();
  const address = (await item.getByTitle(/@example\.com$/).getAttribute('title'))!;
  const shownAddress = item.getByTitle(address);
  const addressBox = (await shownAddress.boundingBox())!;
  assert.ok(addressBox.x >= 0 && addressBox.x + addressBox.width <= PHONE.width, `the address is cut off at 390 px: ${JSON.stringify(addressBox)}`);
  assert.equal((await shownAddress.innerText()).replace(/\s+/g, ''), address);
  const phoneAction = item.getByRole('button', { name: `Deactivate ${address}` });
  const actionBox = (await phoneAction.boundingBox())!;
  assert.ok(actionBox.x >= 0 && actionBox.x + actionBox.width <= PHONE.width, `Deactivate is off screen at 390 px: ${JSON.stringify(actionBox)}`);
  await resizeTo(page, DESKTOP);

  // Paging, sorting (aria-sort), the CSV file, search (trimmed; Enter and the button), "No users
  // found." with its alert on CSV, and Clear: admin-users-page.test.tsx.

  // Deactivate Ada: her session ends at once and she cannot sign in. (The dialog's text, what it
  // sends and the row's buttons afterwards: admin-users-page.test.tsx.)
  const search = page.getByRole('textbox', { name: 'Search users' });
  await search.fill(adaEmail);
  await search.press('Enter');
  await waitRows(1);
  await page.getByRole('button', { name: `Deactivate ${adaEmail}` }).click();
  await page.getByRole('dialog', { name: 'Alert!' }).getByRole('button', { name: 'Deactivate' }).click();
  await page.getByRole('button', { name: `${adaEmail} is deactivated` }).waitFor();
  // A badge says the state: Deactivated, in red, not green like an activated user's.
  const adaRow = bodyRows.filter({ hasText: adaEmail });
  assert.equal(await adaRow.getByTestId('user-status').innerText(), 'DEACTIVATED');
  const colour = (l: import('playwright-core').Locator) => l.evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { color: string } }).getComputedStyle(el).color);
  const [r, g] = (await colour(adaRow.getByTestId('user-status'))).match(/\d+/g)!.map(Number);
  assert.ok(r > g, `the Deactivated badge is not red: ${await colour(adaRow.getByTestId('user-status'))}`);
  await screenshot(page, 'admin-users-deactivated');

  await userPage.goto('/support');
  await userPage.waitForURL((u) => u.pathname === '/signin');
  await userPage.getByLabel(/^Email/).fill(adaEmail);
  await userPage.getByLabel(/^Password/).fill(PASSWORD);
  await userPage.getByRole('button', { name: 'Sign in' }).click();
  // The support page needs a sign-in: the message gives the support address, as a mailto link.
  await userPage.getByText('Your account has been deactivated. Please contact support at').waitFor();
  const supportLink = userPage.getByRole('alert').getByRole('link', { name: 'support@eyemail.local' });
  assert.equal(await supportLink.getAttribute('href'), 'mailto:support@eyemail.local');
  await screenshot(userPage, 'signin-deactivated');

  // The Deactivated filter lists her; Active brings her back.
  await page.getByRole('button', { name: 'Clear' }).click();
  await page.getByRole('textbox', { name: 'Status' }).or(page.getByRole('combobox', { name: 'Status' })).click();
  await page.getByRole('option', { name: 'Deactivated', exact: true }).click();
  await waitRows(1);
  assert.equal(await bodyRows.first().locator('td').nth(3).innerText(), adaEmail);
  await page.getByRole('button', { name: `Activate ${adaEmail}` }).click();
  await page.getByRole('button', { name: `${adaEmail} is activated` }).waitFor();
  await userPage.getByRole('button', { name: 'Sign in' }).click();
  await userPage.waitForURL((u) => u.pathname !== '/signin');

  // Her video count opens her videos, the search filled from the base64 parameter.
  await page.getByRole('link', { name: `1 video of ${adaEmail}` }).click();
  await page.waitForURL((u) => u.pathname === '/admin-video' && u.searchParams.get('email') === Buffer.from(adaEmail).toString('base64'));
  await expectTitle(page, 'Admin Videos | Admin | EyeMail');
  await page.getByRole('heading', { name: 'Manage Videos' }).waitFor();
  await page.getByText('Streamline your video library').waitFor();
  await page.getByRole('heading', { name: 'Video List' }).waitFor();
  const byEmail = page.getByRole('textbox', { name: 'Search by email' });
  assert.equal(await byEmail.inputValue(), adaEmail);
  assert.equal(await byEmail.getAttribute('placeholder'), 'Search by email');
  await page.getByText('Showing Videos: 1').waitFor();
  await page.getByText(/^Created at: /).waitFor();
  assert.equal(await page.locator('video[controls]').count(), 1);
  await screenshot(page, 'admin-videos');

  // Someone without videos, then Clear shows everyone's.
  await byEmail.fill(uniqueEmail('member-none'));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByText('No records found').waitFor();
  await page.getByText('Showing Videos: 0').waitFor();
  await page.getByRole('button', { name: 'Clear' }).click();
  await page.getByText('Showing Videos: 1').waitFor();
  assert.equal(await byEmail.inputValue(), '');

  // A bad parameter is treated as none.
  await page.goto('/admin-video?email=%%%not-base64');
  await page.getByText('Showing Videos: 1').waitFor();
  assert.equal(await page.getByRole('textbox', { name: 'Search by email' }).inputValue(), '');
  await ctx.close();
});
