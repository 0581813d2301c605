// Links into a company: a member who is in their Personal workspace opens the address of a
// company EyeMail, then of its report, and lands on them, the dashboard switched to the company
// (the switcher shows it) with the notice "Opened in <company>"; an outsider gets the not-found
// page. Then the owner's "Delete company": refused while the EyeMail is active (the server says
// why, in the dialog), then deleted once it is not, landing on My Companies in Personal.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { allStarted, sql, startServer, type RunningServer } from './support/server.ts';
import { launchBrowser, newContext, screenshot, uniqueEmail } from './support/browser.ts';
import { api, EYEMAIL_DEFAULTS, signUp, xsrf } from './support/api.ts';
import { makeClip } from './support/media.ts';

let server: RunningServer;
let browser: Browser;
let owner: BrowserContext;
let member: BrowserContext;
let outsider: BrowserContext;
let dir: string;
let clip: string;
let companyId: string;
let eyemailId: string;

const COMPANY = 'Linked Marketing';
const TITLE = 'Autumn launch for the team';

// A call of the owner's acting in the company (X-Workspace-Id), as the dashboard makes it there.
async function inCompany<T = any>(method: 'get' | 'post' | 'put', url: string, opts: { data?: unknown; multipart?: Record<string, unknown> } = {}): Promise<T> {
  const res = await owner.request[method](url, { ...opts, headers: { ...(await xsrf(owner)), 'X-Workspace-Id': companyId } } as Parameters<BrowserContext['request']['post']>[1]);
  const text = await res.text();
  assert.ok(res.ok(), `${method.toUpperCase()} ${url}: ${res.status()} ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { body: T }).body;
}

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-links-'));
  await allStarted([startServer().then((s) => (server = s)), launchBrowser().then((b) => (browser = b)), makeClip(dir).then((c) => (clip = c))]);
  [owner, member, outsider] = await Promise.all([newContext(browser, server.url), newContext(browser, server.url), newContext(browser, server.url)]);
  await signUp(owner, { fullName: 'Olive Owner', email: uniqueEmail('olive') });
  await signUp(member, { fullName: 'Mia Member', email: uniqueEmail('mia') });
  await signUp(outsider, { fullName: 'Otto Outsider', email: uniqueEmail('otto') });
  companyId = (await api<{ id: string }>(owner, 'post', '/api/companies', { data: { companyName: COMPANY, domain: 'linked.example', department: 'Marketing' }, expect: 201 })).id;
  const { id: memberId } = await api<{ id: string }>(member, 'post', '/api/accounts/trysignin');
  // Added the way an accepted invitation adds a member.
  await sql(server, 'insert into workspace_member (workspace_id, user_id, role) values ($1, $2, $3)', [companyId, memberId, 'editor']);

  const { fileId } = await inCompany<{ fileId: string }>('post', '/api/files?type=video', { multipart: { file: { name: 'autumn.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(clip) } } });
  let encoding = await inCompany<{ state: string; encodingId: string }>('post', `/api/videos/${fileId}?overlay=none&width=600`);
  for (const until = Date.now() + 90_000; encoding.state !== 'completed'; ) {
    assert.ok(encoding.state !== 'failed' && Date.now() < until, `the encoding did not finish (${encoding.state})`);
    await new Promise((r) => setTimeout(r, 100));
    encoding = await inCompany('get', `/api/videos/encodings/${encoding.encodingId}`);
  }
  eyemailId = (await inCompany<{ snippet: string }>('post', '/api/snippets', { data: { ...EYEMAIL_DEFAULTS, title: TITLE, videoId: fileId, landingPageUrl: 'https://shop.example.com/autumn' } })).snippet;
});

after(async () => {
  await Promise.all([owner?.close(), member?.close(), outsider?.close()]);
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const switcherIn = (scope: Page | Locator) => scope.getByRole('navigation', { name: 'Side navigation' }).getByRole('button', { name: /Switch workspace$/ });

test('a member in Personal opens the company EyeMail’s address and its report’s, and lands on them in the company', async () => {
  const page = await member.newPage();
  await page.goto('/eyemails');
  await switcherIn(page).getByText('Personal').waitFor();

  // The notice is a toast of 4 s, shown as the dashboard switches: watched for from the start, as
  // a person reads it while the page loads (a slow load must not make it gone before it is looked for).
  let opened = page.getByText(`Opened in ${COMPANY}`).waitFor();
  await page.goto(`/eyemails/${eyemailId}`);
  await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
  await opened;
  assert.equal(new URL(page.url()).pathname, `/eyemails/${eyemailId}`);
  await switcherIn(page).getByText(COMPANY).waitFor();
  assert.equal(await page.getByText('Oops! EyeMail not found').count(), 0);
  await screenshot(page, 'workspace-links-eyemail');

  // Back in Personal (the switcher), then the report's address.
  await switcherIn(page).click();
  await page.getByRole('menuitem', { name: /^Personal/ }).click();
  await switcherIn(page).getByText('Personal').waitFor();
  // (the first notice gone first, so that only a new one answers)
  await page.getByText(`Opened in ${COMPANY}`).waitFor({ state: 'detached' });
  opened = page.getByText(`Opened in ${COMPANY}`).waitFor();
  await page.goto(`/reports/${eyemailId}`);
  await page.getByRole('heading', { name: 'View Report', level: 1 }).waitFor();
  await page.getByText(TITLE).first().waitFor();
  await opened;
  await switcherIn(page).getByText(COMPANY).waitFor();
  assert.equal(new URL(page.url()).pathname, `/reports/${eyemailId}`);
  assert.equal(await page.getByTestId('report-error').count(), 0);
  await screenshot(page, 'workspace-links-report');
  await page.close();
});

test('an outsider opening the same addresses gets the not-found pages, and stays in Personal', async () => {
  const page = await outsider.newPage();
  await page.goto(`/eyemails/${eyemailId}`);
  await page.getByRole('heading', { name: 'Oops! EyeMail not found' }).waitFor();
  await switcherIn(page).getByText('Personal').waitFor();
  assert.equal(await page.getByText(TITLE).count(), 0);
  await screenshot(page, 'workspace-links-outsider');
  await page.goto(`/reports/${eyemailId}`);
  await page.getByTestId('report-error').getByText('EyeMail not found').waitFor();
  assert.equal(await page.getByText(TITLE).count(), 0);
  await page.close();
});

test('the owner deletes the company: refused while its EyeMail is active, then deleted, back in Personal', async () => {
  const page = await owner.newPage();
  await page.goto(`/companies/${companyId}`);
  const zone = page.getByRole('heading', { name: 'Delete company' });
  await zone.waitFor();
  await page.getByRole('button', { name: 'Delete company' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${COMPANY}?` });
  const confirm = dialog.getByRole('button', { name: 'Delete company' });
  await dialog.getByLabel(/Type the company's name/).fill('Linked');
  assert.equal(await confirm.isDisabled(), true, 'a wrong name may be sent');
  await dialog.getByLabel(/Type the company's name/).fill(COMPANY.toLowerCase());
  await confirm.click();
  await dialog.getByRole('alert').getByText('Deactivate its 1 active EyeMail first: recipients still open it, and its video would stop.').waitFor();
  await screenshot(page, 'workspace-links-delete-refused', { phoneFullPage: false });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden' });

  await inCompany('put', '/api/snippets/status', { data: { snippetId: eyemailId, status: false } });
  await page.getByRole('button', { name: 'Delete company' }).click();
  await dialog.getByLabel(/Type the company's name/).fill(COMPANY);
  await confirm.click();
  await page.waitForURL((u) => u.pathname === '/companies');
  await page.getByText('Company deleted').waitFor();
  await switcherIn(page).getByText('Personal').waitFor();
  await page.getByRole('tabpanel', { name: /Owned Companies/ }).getByText('You do not own a company yet').waitFor();
  await screenshot(page, 'workspace-links-deleted');
  assert.deepEqual(await sql(server, 'select id from company where id = $1', [companyId]), []);

  // The member's dashboard, still naming the company, meets it gone and says so.
  const m = await member.newPage();
  await m.goto('/eyemails');
  await m.getByText('Workspace not found').first().waitFor();
  await switcherIn(m).getByText('Personal').waitFor();
  await m.close();
  await page.close();
});
