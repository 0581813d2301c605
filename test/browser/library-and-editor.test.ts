// My Videos' card actions and the EyeMail forms' care for unsaved work, in the browser: Play,
// Rename, "Used by" with links to the EyeMails, Delete of a used video explained, "Use in
// EyeMail" opening Create EyeMail with the video chosen; the create and update forms asking
// before they are left (in-app links and a reload), the create draft restored after a reload or a
// detour ("Continue where you left off", Discard), and the title recipients see apart from the
// name. (The submit bar naming a button not yet added is create-eyemail-page.test.tsx's.)
// Screenshots: library-card-*, library-rename-*, create-draft-*, create-leave-*, editor-public-title-*.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { allStarted, startServer, type RunningServer } from './support/server.ts';
import { DESKTOP, expectTitle, launchBrowser, screenshot, uniqueEmail } from './support/browser.ts';
import { createEyeMail, EYEMAIL_DEFAULTS, readyVideo, signUp } from './support/api.ts';
import { makeClip } from './support/media.ts';
import { describeViolations, isBlocking, runAxe } from './support/axe.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let dir: string;
let videoId = '';
let snippetId = '';

const NAME = 'Launch clip';
const EYEMAIL = 'Spring <sale>';

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-library-'));
  await allStarted([startServer().then((s) => (server = s)), launchBrowser().then((b) => (browser = b))]);
  // bypassCSP: axe is injected as a script, which the app's CSP rightly refuses.
  context = await browser.newContext({ baseURL: server.url, viewport: DESKTOP, locale: 'en-US', timezoneId: 'UTC', reducedMotion: 'reduce', bypassCSP: true });
  context.setDefaultTimeout(15_000);
  await signUp(context, { fullName: 'Grace Hopper', email: uniqueEmail('grace') });
  const clip = await makeClip(dir, { seconds: 2, name: `${NAME}.mp4` });
  videoId = await readyVideo(context, clip, { name: `${NAME}.mp4` });
  snippetId = await createEyeMail(context, { ...EYEMAIL_DEFAULTS, title: EYEMAIL, videoId });
  page = await context.newPage();
});

after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

// No critical or serious accessibility finding in what the page shows now (an open dialog or popover).
async function expectAccessible(where: string): Promise<void> {
  const blocking = (await runAxe(page)).filter(isBlocking);
  assert.equal(blocking.length, 0, `${where}:\n${describeViolations(blocking)}`);
}

const moreActions = (name: string) => page.getByRole('article', { name }).getByRole('button', { name: `More actions for ${name}` });

test('a library card names the EyeMails using the video and links to them', async () => {
  await page.goto('/video-library');
  const card = page.getByRole('article', { name: NAME });
  await card.getByText('Used by 1 EyeMail').waitFor();
  await screenshot(page, 'library-card');
  await card.getByRole('button', { name: `Used by 1 EyeMail: ${NAME}` }).click();
  await page.getByRole('link', { name: EYEMAIL }).waitFor();
  await expectAccessible('the used-by list');
  // The name is text, not markup.
  await page.getByRole('link', { name: EYEMAIL }).click();
  await page.waitForURL((u) => u.pathname === `/eyemails/${snippetId}`);
  await page.getByRole('heading', { name: EYEMAIL }).first().waitFor();
});

test('Play opens the video and Escape closes it; Delete of a used video says why it cannot', async () => {
  await page.goto('/video-library');
  await moreActions(NAME).click();
  await page.getByRole('menuitem', { name: 'Play' }).click();
  const player = page.getByRole('dialog', { name: NAME }).locator('video');
  await player.waitFor();
  await page.keyboard.press('Escape');
  await player.waitFor({ state: 'detached' });

  await moreActions(NAME).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alert!' });
  await dialog.getByText(`This video is used by an EyeMail (“${EYEMAIL}”) and cannot be deleted.`, { exact: false }).waitFor();
  assert.equal(await dialog.getByRole('button', { name: 'Delete' }).count(), 0);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('article', { name: NAME }).waitFor();
});

// The dialog's rules (a blank name refused, the name sent trimmed, the server's refusal) are its
// component test (rename-video-modal.test.tsx).
test('Rename saves the name and the card shows it', async () => {
  await moreActions(NAME).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename video' });
  const field = dialog.getByRole('textbox', { name: 'Name' });
  await field.waitFor();
  await screenshot(page, 'library-rename', { phoneFullPage: false });
  await expectAccessible('the rename dialog');
  await field.fill('  Launch <teaser>  ');
  await field.press('Enter');
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('article', { name: 'Launch <teaser>' }).waitFor();
  assert.equal(await page.getByRole('article', { name: NAME }).count(), 0);
});

test('Use in EyeMail opens Create EyeMail with the video chosen; leaving asks, the draft comes back', async () => {
  await page.getByRole('article', { name: 'Launch <teaser>' }).getByRole('button', { name: 'Use in EyeMail: Launch <teaser>' }).click();
  await page.waitForURL((u) => u.pathname === '/create-eyemail' && !u.searchParams.has('video'));
  await page.getByRole('textbox', { name: 'Title' }).waitFor();
  const title = page.getByRole('textbox', { name: 'Title' });
  await title.fill('Summer teaser');

  // An in-app link asks first: Stay keeps the page and what was typed.
  await page.getByRole('link', { name: 'My Videos' }).first().click();
  const ask = page.getByRole('dialog', { name: 'Leave this page?' });
  await ask.getByText('This EyeMail is not created yet.', { exact: false }).waitFor();
  await screenshot(page, 'create-leave', { phoneFullPage: false });
  await expectAccessible('the leave dialog');
  await ask.getByRole('button', { name: 'Stay' }).click();
  await ask.waitFor({ state: 'hidden' });
  assert.equal(new URL(page.url()).pathname, '/create-eyemail');
  assert.equal(await title.inputValue(), 'Summer teaser');

  // Leave goes; coming back offers the draft.
  await page.getByRole('link', { name: 'My Videos' }).first().click();
  await ask.getByRole('button', { name: 'Leave' }).click();
  await page.waitForURL((u) => u.pathname === '/video-library');
  await page.goto('/create-eyemail');
  await page.getByText('Continue where you left off').waitFor();
  assert.equal(await page.getByRole('textbox', { name: 'Title' }).inputValue(), 'Summer teaser');
  await screenshot(page, 'create-draft');
  await expectAccessible('the restored draft');

  // A reload asks the browser's own question, and the draft survives it.
  page.once('dialog', (d) => {
    assert.equal(d.type(), 'beforeunload');
    void d.accept();
  });
  await page.getByRole('textbox', { name: 'Title' }).fill('Summer teaser v2');
  await page.reload();
  await page.getByText('Continue where you left off').waitFor();
  assert.equal(await page.getByRole('textbox', { name: 'Title' }).inputValue(), 'Summer teaser v2');

  // Discard empties the form and forgets the draft.
  await page.getByRole('button', { name: 'Discard and start over' }).click();
  await page.getByText("Let's upload a video first").waitFor();
  assert.equal(await page.getByText('Continue where you left off').count(), 0);
  await page.reload();
  await page.getByText("Let's upload a video first").waitFor();
  assert.equal(await page.getByText('Continue where you left off').count(), 0);
});

// That the submit bar names a button not yet added is the form's component test
// (web/src/features/eyemails/components/create-eyemail-page.test.tsx).

test('the update form asks before leaving with unsaved changes, and not after saving', async () => {
  await page.goto(`/update-eyemail/${snippetId}`);
  const name = page.getByRole('textbox', { name: 'Name' });
  await name.waitFor();
  await name.fill('Spring sale (internal)');
  await page.getByRole('link', { name: 'Cancel' }).click();
  const ask = page.getByRole('dialog', { name: 'Leave this page?' });
  await ask.getByText('Your changes to this EyeMail are not saved.', { exact: false }).waitFor();
  await ask.getByRole('button', { name: 'Stay' }).click();
  // The name stays internal; recipients see the public title, which a saved EyeMail keeps.
  const publicTitle = page.getByRole('textbox', { name: 'Title recipients see' });
  assert.equal(await publicTitle.inputValue(), EYEMAIL);
  await publicTitle.fill('Our spring offers');
  await publicTitle.scrollIntoViewIfNeeded();
  await screenshot(page, 'editor-public-title', { phoneFullPage: false });
  await page.getByRole('button', { name: 'Update EyeMail' }).click();
  await page.waitForURL((u) => u.pathname === `/eyemails/${snippetId}`);
  assert.equal(await ask.count(), 0);

  await page.goto(`/eyemail/${snippetId}`);
  await expectTitle(page, 'Our spring offers | EyeMail');
  assert.equal(await page.getByText('internal').count(), 0);
});
