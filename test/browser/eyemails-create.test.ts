// Creating and editing an EyeMail in the browser, end to end on the built app: create one from a
// real upload (the 'Please wait!' modal showing the server's own encoding progress), with a live
// preview, then edit it (a title change saves at once, a mute icon change encodes again). The
// form's messages, sections and the submit bar's words, and an Express account's simpler form, are
// create-eyemail-page.test.tsx's; exporting, the list and deleting are eyemails-manage.test.ts's.
// Screenshots: eyemails-empty, create-*, detail, edit.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { allStarted, startServer, type RunningServer } from './support/server.ts';
import { DESKTOP, expectTitle, launchBrowser, screenshot } from './support/browser.ts';
import { expectAtTop, holdEncodeRequests, makeEyeMailFixtures, newUserContext, recordServerProgress, watchBar } from './support/eyemails.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let dir: string;
let snippetId = '';

const TITLE = 'Spring launch';
const NEW_TITLE = 'Spring launch (final)';

before(async () => {
  // Each is kept as soon as it is up, so that `after` closes it even when another step fails.
  await allStarted([startServer().then((s) => (server = s)), launchBrowser().then((b) => (browser = b)), makeEyeMailFixtures('create').then((d) => (dir = d))]);
  context = await newUserContext(browser, server.url, 'standard', 'Ada Lovelace');
  page = await context.newPage();
});

after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const fixture = (name: string) => path.join(dir, name);

test('My EyeMails starts empty', async () => {
  await page.goto('/eyemails');
  await expectTitle(page, 'My EyeMails | EyeMails | EyeMail');
  await page.getByRole('heading', { name: 'My EyeMails', level: 1 }).waitFor();
  await page.getByText('No EyeMails found.').waitFor();
  await screenshot(page, 'eyemails-empty');
});

test('create: every field, a live preview, and the real encoding progress in the Please wait! modal', async () => {
  await page.goto('/create-eyemail');
  await expectTitle(page, 'Create EyeMail | EyeMails | EyeMail');
  await page.getByRole('heading', { name: 'Create EyeMail', level: 1 }).waitFor();
  // A first visit opens on Getting Started; 'More options' shows every field (and is remembered).
  await page.getByRole('region', { name: 'Getting Started' }).getByRole('button', { name: 'More options' }).click();
  const submit = page.getByRole('button', { name: 'Create EyeMail' });
  // Its sections, the greyed button and the bar's messages: create-eyemail-page.test.tsx.
  const preview = page.getByRole('region', { name: 'Preview' });
  await preview.getByText('Your video appears here').waitFor();
  await screenshot(page, 'create-empty');

  await page.getByLabel('Name').fill(TITLE);
  await page.getByLabel('Show a mute icon on the video').check();
  // The preview shows the black mute icon at once.
  await preview.locator('[data-overlay="black"]').waitFor();

  // What a wrong URL or width is told: create-eyemail-page.test.tsx.
  await page.getByLabel('Landing page URL').fill('https://shop.example.com/spring');
  await page.getByLabel('Video width').fill('640');

  const hold = await holdEncodeRequests(page);
  const serverProgress = recordServerProgress(page);
  await page.getByRole('group', { name: 'Video', exact: true }).locator('input[type="file"]').setInputFiles(fixture('clip.mp4'));
  await page.getByRole('button', { name: 'Remove video' }).waitFor({ timeout: 30_000 });
  // Encoding starts by itself once the upload is in; the page follows it inline.
  const encodingBar = page.getByRole('progressbar', { name: 'Encoding progress' });
  await encodingBar.waitFor({ state: 'attached' });
  // It fills without moving stripes for a visitor who asks for reduced motion.
  assert.equal(await encodingBar.evaluate((el) => (el as unknown as { getAnimations(o: { subtree: boolean }): unknown[] }).getAnimations({ subtree: true }).length), 0);

  await page.getByRole('group', { name: 'Logo', exact: true }).locator('input[type="file"]').setInputFiles(fixture('logo.png'));
  await page.getByRole('img', { name: 'Logo preview' }).waitFor();
  await preview.getByRole('img', { name: 'Logo' }).waitFor();
  await page.getByRole('radiogroup', { name: 'Logo alignment' }).getByText('Center', { exact: true }).click();
  assert.equal(await page.getByRole('radio', { name: 'Center' }).isChecked(), true);

  // A call-to-action button (what Add waits for and a wrong URL's message: cta-editor.test.tsx);
  // https:// is added on save.
  await page.getByRole('button', { name: 'Add button' }).click();
  const add = page.getByRole('button', { name: 'Add', exact: true });
  await page.getByLabel('Button text').fill('Shop now');
  await page.getByLabel('Button URL').fill('shop.example.com/sale');
  await page.getByLabel('Background color').fill('#e8590c');
  await add.click();
  await page.getByRole('group', { name: 'Button 1: Shop now' }).getByText('https://shop.example.com/sale').waitFor();
  await preview.getByText('Shop now').waitFor();
  await screenshot(page, 'create-filled');

  assert.equal(await submit.isDisabled(), false);
  await submit.click();
  const dialog = page.getByRole('dialog', { name: 'Please wait!' });
  await dialog.getByText('Please hold on while we finish processing your video, this will only take about a minute.').waitFor();
  await screenshot(page, 'create-please-wait', { phoneFullPage: false });
  const arrived = page.waitForURL(/\/eyemails\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  const watching = watchBar(page, 'Processing progress', arrived);
  hold.release();
  await arrived;
  const shown = await watching;
  await hold.stop();

  assert.ok(hold.requests.some((r) => /overlay=black/.test(r.url()) && /width=640/.test(r.url())), hold.requests.map((r) => r.url()).join());
  assert.ok(shown.length >= 1, 'the modal showed progress');
  assert.deepEqual([...shown].sort((a, b) => a - b), shown, `never going back: ${shown}`);
  // Real progress: every value the modal showed is one the server reported (or 0 while queued,
  // 100 while the EyeMail is saved), never a timer's.
  for (const v of shown) assert.ok(v === 0 || v === 100 || serverProgress.includes(v), `shown ${v}, server said ${serverProgress}`);

  snippetId = page.url().split('/').pop()!;
  await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
  // The Create button sat at the bottom of a long form; the detail page opens at its top.
  await expectAtTop(page, TITLE);
  await page.getByText('Active', { exact: true }).first().waitFor();
  const video = page.locator('video');
  await video.waitFor();
  assert.match((await video.getAttribute('src')) ?? '', /^http/);
  // This visitor's system asks for reduced motion (the test contexts do): the video waits, on its
  // poster, with its controls, for them to press play. Without that setting it plays by itself
  // (below).
  const flags = await video.evaluate((el) => {
    const v = el as unknown as { muted: boolean; autoplay: boolean; controls: boolean; paused: boolean; poster: string };
    return [v.muted, v.autoplay, v.controls, v.paused, Boolean(v.poster)];
  });
  assert.deepEqual(flags, [true, false, true, true, true], 'muted, not playing by itself, with controls and a poster');
  await page.getByRole('button', { name: 'Turn sound on' }).waitFor();
  const cta = page.getByRole('link', { name: 'Shop now' });
  assert.equal(await cta.getAttribute('href'), 'https://shop.example.com/sale');
  await page.getByText('Landing page URL').waitFor();
  await page.getByRole('link', { name: 'https://shop.example.com/spring' }).waitFor();
  await page.getByRole('link', { name: new RegExp(`/eyemail/${snippetId}$`) }).waitFor();
  await screenshot(page, 'detail');

  // A visitor without the reduced-motion setting: the video plays by itself, muted.
  const moving = await browser.newContext({ baseURL: server.url, viewport: DESKTOP, reducedMotion: 'no-preference', storageState: await context.storageState() });
  try {
    const other = await moving.newPage();
    await other.goto(`/eyemails/${snippetId}`);
    const playing = other.locator('video');
    await playing.waitFor();
    // Playing, or already played to its end (the clip lasts 2 s: a busy machine may look late).
    await other.waitForFunction((el) => {
      const v = el as unknown as { paused: boolean; currentTime: number; ended: boolean; muted: boolean };
      return v.muted && ((!v.paused && v.currentTime > 0) || v.ended);
    }, await playing.elementHandle(), { timeout: 15_000 });
  } finally {
    await moving.close();
  }
});

test('edit: a new title saves without encoding; another mute icon encodes again with progress', async () => {
  assert.ok(snippetId, 'needs the EyeMail created above');
  await page.getByRole('link', { name: 'Modify' }).click();
  await page.waitForURL(`**/update-eyemail/${snippetId}`);
  await expectTitle(page, 'Update EyeMail | EyeMails | EyeMail');
  const name = page.getByLabel('Name');
  await name.waitFor();
  assert.equal(await name.inputValue(), TITLE);
  assert.equal(await page.getByLabel('Video width').inputValue(), '640 px');
  await page.getByRole('group', { name: 'GIF' }).waitFor();
  await page.getByRole('group', { name: 'Button 1: Shop now' }).waitFor();
  await screenshot(page, 'edit');

  const encodes: string[] = [];
  const onRequest = (r: Request) => {
    if (r.method() === 'POST' && /\/api\/videos\//.test(r.url())) encodes.push(r.url());
  };
  page.on('request', onRequest);
  await name.fill('');
  const update = page.getByRole('button', { name: 'Update EyeMail' });
  assert.equal(await update.isDisabled(), true, 'no title, no update');
  await name.fill(NEW_TITLE);
  await update.click();
  await page.waitForURL(`**/eyemails/${snippetId}`);
  await page.getByRole('heading', { name: NEW_TITLE, level: 1 }).waitFor();
  page.off('request', onRequest);
  assert.deepEqual(encodes, [], 'a title change needs no encoding');
  const before = await page.locator('video').getAttribute('src');

  await page.getByRole('link', { name: 'Modify' }).click();
  await page.getByLabel('Name').waitFor();
  const hold = await holdEncodeRequests(page);
  await page.getByRole('radiogroup', { name: 'Mute icon colour' }).getByText('White', { exact: true }).click();
  await page.getByRole('button', { name: 'Update EyeMail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Please wait!' });
  await dialog.waitFor();
  await dialog.getByRole('progressbar', { name: 'Processing progress' }).waitFor();
  const arrived = page.waitForURL(`**/eyemails/${snippetId}`, { timeout: 60_000 });
  const watching = watchBar(page, 'Processing progress', arrived);
  hold.release();
  await arrived;
  const shown = await watching;
  await hold.stop();
  assert.ok(hold.requests.some((r) => /overlay=white/.test(r.url())), 'encoded with the white icon');
  assert.deepEqual([...shown].sort((a, b) => a - b), shown);
  await page.getByRole('heading', { name: NEW_TITLE, level: 1 }).waitFor();
  const afterSrc = await page.locator('video').getAttribute('src');
  assert.notEqual(afterSrc, before, 'the EyeMail plays the new encoding');
  await page.locator('[data-overlay="white"]').waitFor();
});
