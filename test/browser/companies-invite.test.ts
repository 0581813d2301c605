// Inviting a teammate to a company, end to end: the owner invites from the company's members page
// (the dialog, the pending list), the mail arrives at the mail server with the link, a new person
// opens it signed out, creates an account with the invited address, comes back and accepts, and
// lands in the company's library. A viewer invited the same way (at 390 px) sees the library but
// nothing to make or delete with, and Create EyeMail's address says a viewer can't; a used link
// says so and offers no Accept.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { allStarted, startServer, type RunningServer } from './support/server.ts';
import { DESKTOP, expectTitle, launchBrowser, newContext, PHONE, resizeTo, screenshot, uniqueEmail } from './support/browser.ts';
import { PASSWORD, signUp } from './support/api.ts';
import { makeClip } from './support/media.ts';
import { linksIn, type CapturedMail } from './support/mail.ts';

let server: RunningServer;
let browser: Browser;
let owner: BrowserContext;
let page: Page;
let dir: string;
let clip: string;
let companyId: string;

const COMPANY = 'Acme Marketing';
const OWNER_NAME = 'Olive Owner';
const VIDEO = 'Acme launch teaser';
const editorEmail = uniqueEmail('eddie');
const viewerEmail = uniqueEmail('vera');
// The editor's link, once used: opened again at the end.
let editorLink = '';

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-invite-'));
  // Each is kept as soon as it is up, so that `after` closes it even when another step fails.
  await allStarted([startServer().then((s) => (server = s)), launchBrowser().then((b) => (browser = b)), makeClip(dir, { name: `${VIDEO}.mp4` }).then((c) => (clip = c))]);
  owner = await newContext(browser, server.url);
  await signUp(owner, { fullName: OWNER_NAME, email: uniqueEmail('olive') });
  page = await owner.newPage();
});

after(async () => {
  await owner?.close();
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

// screenshot() takes both widths and leaves the desktop one: the steps after it go on at the
// width they were at (a phone's flow stays a phone's).
async function shot(p: Page, name: string, opts: { phoneFullPage?: boolean } = {}): Promise<void> {
  const size = p.viewportSize() ?? DESKTOP;
  await screenshot(p, name, opts);
  await resizeTo(p, size);
}

const switcherIn = (scope: Page | Locator) => scope.getByRole('button', { name: /Switch workspace$/ });
const sideNav = (p: Page) => p.getByRole('navigation', { name: 'Side navigation' });

// The owner on the company's members page: Invite, the address and the role, Send; the dialog
// says who was invited. `shotName`: the screenshot name of the filled dialog.
async function invite(p: Page, email: string, role: 'Editor' | 'Viewer', shotName: string): Promise<void> {
  await p.goto(`/companies/${companyId}`);
  await p.getByRole('heading', { name: COMPANY, level: 1 }).waitFor();
  await p.getByRole('button', { name: 'Invite', exact: true }).click();
  const dialog = p.getByRole('dialog', { name: `Invite people to ${COMPANY}` });
  await dialog.getByLabel(/Email addresses/).fill(email);
  await dialog.getByLabel('Role').selectOption({ label: role });
  await shot(p, shotName, { phoneFullPage: false });
  await dialog.getByRole('button', { name: 'Send invitations' }).click();
  await dialog.getByRole('status').waitFor();
  await dialog.getByRole('listitem').filter({ hasText: email }).waitFor();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

// The invitation's row in the pending list: the address, the role, who sent it, and its buttons
// within the window (a phone's too: nothing to scroll sideways for).
async function expectPending(p: Page, email: string, role: string): Promise<void> {
  const row = p.getByRole('list', { name: 'Pending invitations' }).getByRole('listitem', { name: email });
  await row.getByText(email, { exact: true }).waitFor();
  await row.getByText(role, { exact: true }).waitFor();
  await row.getByText(new RegExp(`^Invited by ${OWNER_NAME} · Sent `)).waitFor();
  const width = p.viewportSize()!.width;
  for (const name of ['Resend', 'Revoke']) {
    const box = await row.getByRole('button', { name }).boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= width, `${name} of ${email} is outside the ${width} px window: ${JSON.stringify(box)}`);
  }
}

// The invitation mail to `email`: its subject names the inviter, the company and the role, its
// body the same and the link; returns the link.
async function invitationLink(email: string, roleText: string): Promise<string> {
  const mail: CapturedMail = await server.mail.next(email, /invited you/);
  assert.equal(mail.subject, `${OWNER_NAME} invited you to ${COMPANY} on EyeMail as ${roleText}`);
  for (const text of [OWNER_NAME, COMPANY, roleText]) assert.ok(mail.text.includes(text), `the mail's text lacks "${text}":\n${mail.text}`);
  const link = linksIn(mail).find((l) => l.startsWith(`${server.url}/invitations/`));
  assert.ok(link, `no invitation link in:\n${mail.text}`);
  return link;
}

// Whether a control's label shows whole: neither it nor anything in it is cut off (a clipped
// "Create an accou" at 390 px), and it lies within the window.
async function expectWhole(p: Page, control: Locator, what: string): Promise<void> {
  const width = p.viewportSize()!.width;
  const box = await control.boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= width, `${what} is outside the ${width} px window: ${JSON.stringify(box)}`);
  const clipped = await control.evaluate((el) => [el, ...el.querySelectorAll('*')].some((e) => e.scrollWidth > e.clientWidth + 1));
  assert.equal(clipped, false, `${what} is cut off at ${width} px`);
}

// A new person opens the link signed out, creates an account with the invited address (filled
// in), comes back to the link's page and accepts; they land in the company's library.
// `shotName`: the prefix of the screenshots' names.
async function acceptAsNewPerson(p: Page, link: string, email: string, fullName: string, roleText: string, shotName: string): Promise<void> {
  const token = new URL(link).pathname.split('/').pop()!;
  await p.goto(link);
  await p.getByRole('heading', { name: `Join ${COMPANY}`, level: 1 }).waitFor();
  await expectTitle(p, 'Invitation | Account | EyeMail');
  await p.getByText(`${OWNER_NAME} invited you to ${COMPANY} on EyeMail as ${roleText}.`).waitFor();
  await p.getByText(email).first().waitFor();
  assert.equal(await p.getByRole('button', { name: 'Accept the invitation' }).count(), 0, 'signed out, the page offers Accept');
  await expectWhole(p, p.getByRole('link', { name: 'Sign in' }), 'Sign in');
  await expectWhole(p, p.getByRole('link', { name: 'Create an account' }), 'Create an account');
  await shot(p, `${shotName}-signed-out`);

  await p.getByRole('link', { name: 'Create an account' }).click();
  await p.waitForURL((u) => u.pathname === '/signup');
  const address = p.getByLabel(/^Email/);
  await address.waitFor();
  assert.equal(await address.inputValue(), email, 'the invited address is not filled in');
  await p.getByLabel('Full name').fill(fullName);
  await p.getByLabel(/^Password/).fill(PASSWORD);
  await p.getByLabel('Confirm password').fill(PASSWORD);
  await p.getByRole('button', { name: 'Create account' }).click();

  await p.waitForURL((u) => u.pathname === `/invitations/${token}`);
  const accept = p.getByRole('button', { name: 'Accept the invitation' });
  await accept.waitFor();
  await p.getByRole('heading', { name: `Join ${COMPANY}`, level: 1 }).waitFor();
  await shot(p, `${shotName}-signed-in`);
  await accept.click();

  await p.waitForURL((u) => u.pathname === '/video-library');
  await p.getByRole('article', { name: VIDEO }).waitFor();
}

test('the owner makes Acme Marketing, switches to it and uploads a video to its library', async () => {
  await page.goto('/companies');
  await page.getByRole('button', { name: 'New Company' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New Company' });
  await dialog.getByLabel(/Company name/).fill(COMPANY);
  await dialog.getByLabel(/Domain/).fill('acme.example');
  await dialog.getByLabel(/Department/).fill('Marketing');
  await dialog.getByRole('button', { name: 'Create company' }).click();
  await page.getByRole('dialog', { name: 'Company created' }).getByRole('button', { name: `Switch to ${COMPANY}` }).click();
  await page.waitForURL((u) => u.pathname === '/eyemails');
  await switcherIn(sideNav(page)).getByText(COMPANY, { exact: true }).waitFor();

  await sideNav(page).getByRole('link', { name: 'My Videos' }).click();
  await page.getByText('No videos found.').waitFor();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const upload = page.getByRole('dialog', { name: 'Upload a video' });
  await upload.locator('input[type="file"]').setInputFiles(clip);
  await upload.waitFor({ state: 'hidden', timeout: 30_000 });
  await page.getByRole('article', { name: VIDEO }).waitFor();

  const url = new URL(page.url());
  assert.equal(url.pathname, '/video-library');
  // The company's id, for its members page: My Companies links to it.
  await page.goto('/companies');
  const card = page.getByRole('tabpanel', { name: /Owned Companies/ }).getByRole('article', { name: COMPANY });
  await card.getByRole('link', { name: new RegExp(COMPANY) }).first().click();
  await page.waitForURL((u) => /^\/companies\/[^/]+$/.test(u.pathname));
  companyId = new URL(page.url()).pathname.split('/').pop()!;
});

test('the owner invites an editor from the members page; the pending list shows the invitation', async () => {
  assert.ok(companyId, 'the company was not made');
  await page.goto(`/companies/${companyId}`);
  await page.getByRole('heading', { name: 'Pending invitations' }).waitFor();
  await page.getByText('No pending invitations.').waitFor();

  await invite(page, editorEmail, 'Editor', 'invite-dialog');
  await expectPending(page, editorEmail, 'Editor');
  await screenshot(page, 'invite-pending');
});

test('the mail names the company and the inviter; a new person signs up from its link, accepts and is in the company library', async () => {
  editorLink = await invitationLink(editorEmail, 'an editor');
  const editor = await newContext(browser, server.url);
  try {
    const p = await editor.newPage();
    await acceptAsNewPerson(p, editorLink, editorEmail, 'Eddie Editor', 'an editor', 'invite-accept');
    const side = sideNav(p);
    await switcherIn(side).getByText(COMPANY, { exact: true }).waitFor();
    await switcherIn(side).getByText('Editor', { exact: true }).waitFor();
    // An editor makes things here.
    await p.getByRole('button', { name: 'Upload', exact: true }).waitFor();
    await screenshot(p, 'invite-accepted-library');

    // Used: the link now says so, and offers nothing to accept.
    await p.goto(editorLink);
    await p.getByRole('heading', { name: 'This invitation cannot be used', level: 1 }).waitFor();
    await p.getByRole('status').filter({ hasText: 'This invitation has already been accepted.' }).waitFor();
    assert.equal(await p.getByRole('button', { name: 'Accept the invitation' }).count(), 0, 'a used link offers Accept');
  } finally {
    await editor.close();
  }

  // For the owner, the invitation is no longer pending and the editor is a member.
  await page.goto(`/companies/${companyId}`);
  await page.getByRole('listitem', { name: 'Eddie Editor' }).waitFor();
  await page.getByText('No pending invitations.').waitFor();
});

test('at 390 px: a viewer is invited and accepts; they see the library but no Upload, New EyeMail or Delete', async () => {
  await resizeTo(page, PHONE);
  await invite(page, viewerEmail, 'Viewer', 'invite-dialog-viewer');
  await expectPending(page, viewerEmail, 'Viewer');
  await screenshot(page, 'invite-pending-viewer');

  const link = await invitationLink(viewerEmail, 'a viewer');
  const viewer = await newContext(browser, server.url);
  try {
    const p = await viewer.newPage();
    await resizeTo(p, PHONE);
    await acceptAsNewPerson(p, link, viewerEmail, 'Vera Viewer', 'a viewer', 'invite-accept-viewer');
    assert.equal(p.viewportSize()?.width, PHONE.width);
    const card = p.getByRole('article', { name: VIDEO });
    await card.waitFor();
    assert.equal(await p.getByRole('button', { name: /^(Upload|Record)$/ }).count(), 0, 'a viewer sees Upload or Record');
    assert.equal(await p.getByRole('link', { name: 'New EyeMail' }).count(), 0, 'a viewer sees New EyeMail');
    assert.equal(await card.getByRole('button', { name: `Use in EyeMail: ${VIDEO}` }).count(), 0, 'a viewer sees Use in EyeMail');
    await card.getByRole('button', { name: `More actions for ${VIDEO}` }).click();
    const menu = p.getByRole('menu');
    await menu.getByRole('menuitem', { name: /Play/ }).waitFor();
    assert.equal(await menu.getByRole('menuitem', { name: /Delete|Rename/ }).count(), 0, 'a viewer may delete or rename');
    await p.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await p.getByRole('button', { name: 'Open menu' }).click();
    const drawer = p.getByRole('dialog', { name: /Menu/ });
    await switcherIn(drawer).getByText(COMPANY, { exact: true }).waitFor();
    await switcherIn(drawer).getByText('Viewer', { exact: true }).waitFor();
    await p.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await screenshot(p, 'invite-accepted-library-viewer');
    // Create EyeMail's address typed by hand: told why, not a form the server would refuse.
    await p.goto('/create-eyemail');
    await p.getByText("Viewers can't create or change EyeMails").waitFor();
    assert.equal(await p.getByRole('button', { name: 'Create EyeMail' }).count(), 0, 'a viewer gets the form');
    await p.getByRole('link', { name: 'Back to EyeMails' }).waitFor();
    await screenshot(p, 'invite-viewer-create-refused');

    // Signed out, the used link says so too.
    await viewer.clearCookies();
    await p.goto(link);
    await p.getByRole('heading', { name: 'This invitation cannot be used', level: 1 }).waitFor();
    await p.getByRole('status').filter({ hasText: 'This invitation has already been accepted.' }).waitFor();
    assert.equal(await p.getByRole('link', { name: 'Create an account' }).count(), 0);
    await screenshot(p, 'invite-used-link');
  } finally {
    await viewer.close();
  }
});
