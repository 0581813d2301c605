// Where clicks go, in Chromium: the web view shows the landing page as a button under the video
// and a click on it reaches the landing page through the click tracker (recorded as a click to
// the landing page); the export dialog's copy box holds the HTML block (with its styles) by
// default and the whole email when chosen, each with the platform's paste hint; the report's
// per-viewer table says where each click went. (What the live preview says about it is
// preview-pane.test.tsx's.) Screenshots: links-*.png.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { allStarted, startServer, type RunningServer } from './support/server.ts';
import { DESKTOP, launchBrowser, screenshot, uniqueEmail } from './support/browser.ts';
import { api, createEyeMail, readyVideo, signUp } from './support/api.ts';

const run = promisify(execFile);
const LANDING = 'https://shop.example.com/spring';
const RECIPIENT = 'ann@example.com';

let server: RunningServer;
let browser: Browser;
let owner: BrowserContext;
let recipient: BrowserContext;
let dir: string;
let withLanding: string;
let withoutLanding: string;

// Signs up, uploads and encodes a 2 s clip, and publishes two EyeMails (with and without a
// landing page), all through the API as the dashboard would.
async function publish(): Promise<void> {
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=2', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', 'clip.mp4'], { cwd: dir });
  await signUp(owner, { fullName: 'Grace Hopper', email: uniqueEmail('links'), password: 'Compiler1952' });
  const videoId = await readyVideo(owner, path.join(dir, 'clip.mp4'));
  const payload = {
    title: 'Spring launch',
    videoId,
    landingPageUrl: LANDING,
    ctaButtonsJSON: JSON.stringify([{ title: 'Book a seat', url: 'https://shop.example.com/book', backgroundColor: '#e8590c', radius: 6 }]),
  };
  withLanding = await createEyeMail(owner, payload);
  withoutLanding = await createEyeMail(owner, { ...payload, title: 'No landing page', landingPageUrl: '' });
}

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-links-'));
  // Each is kept as soon as it is up, so that `after` closes it even when another step fails.
  await allStarted([startServer().then((s) => (server = s)), launchBrowser().then((b) => (browser = b))]);
  owner = await browser.newContext({ baseURL: server.url, viewport: DESKTOP, locale: 'en-US', timezoneId: 'UTC' });
  owner.setDefaultTimeout(20_000);
  await owner.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  // Recipients are not signed in: a context of their own. The landing page is someone else's
  // site: this browser answers it itself, so the test needs no network.
  recipient = await browser.newContext({ baseURL: server.url, viewport: DESKTOP, locale: 'en-US', timezoneId: 'UTC' });
  recipient.setDefaultTimeout(20_000);
  await recipient.route('https://shop.example.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!DOCTYPE html><title>Spring sale</title><h1>Welcome to the spring sale</h1>' }),
  );
  await publish();
});

after(async () => {
  await owner?.close();
  await recipient?.close();
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('the web view shows the landing page under the video, and clicking it reaches the landing page, tracked', async () => {
  const page = await recipient.newPage();
  await page.goto(`/eyemail/${withLanding}?v=${encodeURIComponent(RECIPIENT)}`);
  const link = page.getByRole('link', { name: 'Visit shop.example.com' });
  await link.waitFor();
  // Under the video, above the buttons.
  const [videoBox, linkBox, buttonBox] = await Promise.all([page.locator('video').boundingBox(), link.boundingBox(), page.getByRole('link', { name: 'Book a seat' }).boundingBox()]);
  assert.ok(videoBox && linkBox && buttonBox);
  assert.ok(linkBox.y >= videoBox.y + videoBox.height, 'the landing page link is under the video');
  assert.ok(linkBox.y + linkBox.height <= buttonBox.y, 'and above the buttons');
  assert.ok(linkBox.height >= 40, `a button-sized target (${linkBox.height} px)`);
  const href = new URL((await link.getAttribute('href'))!);
  assert.equal(href.pathname, `/t/c/${withLanding}`);
  await screenshot(page, 'links-web-view');

  const [landing] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await landing.getByRole('heading', { name: 'Welcome to the spring sale' }).waitFor();
  assert.equal(landing.url(), LANDING);
  await landing.close();

  // The owner's report lists the click, to the landing page, in the per-viewer table.
  const records = (await api(owner, 'get', `/api/reports/${withLanding}?includeMachine=true&receiver=${encodeURIComponent(RECIPIENT)}`)) as {
    activity: string;
    destination: string | null;
  }[];
  assert.deepEqual(
    records.filter((r) => r.activity === 'click').map((r) => r.destination),
    ['landing-page'],
  );
  const report = await owner.newPage();
  await report.goto(`/reports/${withLanding}?includeMachine=true`);
  const table = report.getByTestId('viewer-table');
  await table.getByRole('columnheader', { name: 'Went to' }).waitFor();
  await table.getByRole('row').filter({ hasText: RECIPIENT }).filter({ hasText: 'Landing page' }).first().waitFor();
  await table.scrollIntoViewIfNeeded();
  await screenshot(report, 'links-report');
  await report.close();
  await page.close();
});

test('without a landing page the web view shows no such link: it is where the video goes', async () => {
  const page = await recipient.newPage();
  await page.goto(`/eyemail/${withoutLanding}?v=${encodeURIComponent(RECIPIENT)}`);
  await page.getByRole('link', { name: 'Book a seat' }).waitFor();
  assert.equal(await page.getByRole('link', { name: /^Visit / }).count(), 0);
  await page.close();
});

test('the export dialog copies the HTML block by default and the whole email when chosen, with the platform hint', async () => {
  const page = await owner.newPage();
  await page.goto(`/eyemails/${withLanding}`);
  await page.getByRole('button', { name: 'Download' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download or Copy HTML' });
  await dialog.waitFor();
  const box = dialog.getByLabel('Video HTML');
  const boxValue = () => box.inputValue();

  // The block is the default: its styles, its table, no document around it.
  assert.equal(await dialog.getByRole('radio', { name: 'HTML block' }).isChecked(), true);
  await dialog.getByRole('combobox', { name: 'Email platform' }).click();
  await page.getByRole('option', { name: 'Mailchimp' }).click();
  const hint = dialog.getByTestId('paste-hint');
  await hint.getByText(/add a Code block/).waitFor();
  await waitForBox(page, box, (v) => v.startsWith('<style') && v.includes('v=*|URL:EMAIL|*'));
  const block = await boxValue();
  assert.ok(!/<!DOCTYPE|<html|<body/i.test(block), 'the block has no document around it');
  assert.ok(block.includes(`aria-label="Play video: Spring launch (opens the landing page)"`));
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await page.getByText('Code copied to clipboard.').waitFor();
  const clip = await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText: () => Promise<string> } } }).navigator.clipboard.readText());
  assert.equal(clip, block);
  await screenshot(page, 'links-export-block', { phoneFullPage: false });

  // The whole email, for sending the EyeMail as the entire email.
  await dialog.getByText('Whole email').click();
  await waitForBox(page, box, (v) => v.startsWith('<!DOCTYPE html>'));
  await hint.getByText(/Code your own/).waitFor();
  assert.ok((await boxValue()).includes(block.slice(block.indexOf('<table'), block.indexOf('<table') + 200)), 'the same block inside the document');
  await screenshot(page, 'links-export-document', { phoneFullPage: false });

  // Each platform has its own hint.
  await dialog.getByRole('combobox', { name: 'Email platform' }).click();
  await page.getByRole('option', { name: 'Klaviyo' }).click();
  await hint.getByText(/HTML editor/).waitFor();
  await dialog.getByText('HTML block').click();
  await hint.getByText(/add an HTML block/).waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await page.close();
});

// What the live preview says about where a click on the video goes (the landing page, or the web
// view without one) is the form's component test (web/src/features/eyemails/components/preview-pane.test.tsx).

// Waits (bounded) until the copy box's text passes `check`, read from here.
async function waitForBox(page: Page, box: ReturnType<Page['getByLabel']>, check: (v: string) => boolean, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  let seen = await box.inputValue();
  while (!check(seen)) {
    if (Date.now() > end) throw new Error(`The copy box never held what was expected; it holds: ${seen.slice(0, 200)}`);
    // The next painted frame, not a fixed sleep: the box changes when React renders.
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => r(null)))');
    seen = await box.inputValue();
  }
}
