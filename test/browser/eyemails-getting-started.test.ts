// The Getting Started flow in the browser on the built app: from home, upload a video, watch it
// process (the real encoding, held until the page has been seen waiting), name it and create;
// home then lists it. And a new page opens at its top, not where the last one was scrolled to.
// Screenshots: getting-started*, home-eyemails.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { allStarted, startServer, type RunningServer } from './support/server.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { expectAtTop, holdEncodeRequests, makeEyeMailFixtures, newUserContext } from './support/eyemails.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let dir: string;

before(async () => {
  // Each is kept as soon as it is up, so that `after` closes it even when another step fails.
  await allStarted([startServer().then((s) => (server = s)), launchBrowser().then((b) => (browser = b)), makeEyeMailFixtures('start', { logo: false }).then((d) => (dir = d))]);
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

test('a new page opens at its top, title in view, not where the last page was scrolled to', async () => {
  // Product Lines' code is loaded once in this visit, so later it shows at once, at full height.
  await page.goto('/product-lines');
  await page.getByRole('heading', { name: 'Product Lines', level: 1 }).waitFor();
  const side = page.getByRole('navigation', { name: 'Side navigation' });
  await side.getByRole('link', { name: 'Support' }).click();
  await page.getByRole('heading', { name: 'Welcome to EyeMail Support' }).waitFor();
  const scrolled = await page.evaluate(() => {
    const w = globalThis as unknown as { scrollTo(x: number, y: number): void; scrollY: number; document: { documentElement: { scrollHeight: number } } };
    w.scrollTo(0, w.document.documentElement.scrollHeight);
    return w.scrollY;
  });
  assert.ok(scrolled > 0, 'the support page is longer than the window');
  await side.getByRole('link', { name: 'Product Lines' }).click();
  await page.waitForURL((u) => u.pathname === '/product-lines');
  await page.getByRole('heading', { name: 'Product Lines', level: 1 }).waitFor();
  await expectAtTop(page, 'Product Lines');
});

test('Getting Started: upload, watch it process, name it and create', async () => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Create your EyeMail' }).click();
  await page.waitForURL((u) => u.pathname === '/create-eyemail');
  // A first visit on this browser opens on the quick start.
  const card = page.getByRole('region', { name: 'Getting Started' });
  await card.getByText("Let's upload a video first").waitFor();
  await screenshot(page, 'getting-started');

  const hold = await holdEncodeRequests(page);
  await card.locator('input[type="file"]').setInputFiles(fixture('clip.mp4'));
  await card.getByText("We're processing your video. Encoding and optimizing for email...").waitFor({ timeout: 30_000 });
  await card.getByLabel('Title').fill('Quick start');
  const create = card.getByRole('button', { name: 'Create EyeMail' });
  await card.getByText('Please wait while we finish processing your video').waitFor();
  assert.equal(await create.isDisabled(), true);
  await screenshot(page, 'getting-started-processing');
  hold.release();
  await card.getByText('Your video is ready for email').waitFor({ timeout: 60_000 });
  await hold.stop();
  const download = card.getByRole('link', { name: 'Download the email video (MP4)' });
  assert.match((await download.getAttribute('href')) ?? '', /^http/);
  assert.equal(await create.isDisabled(), false);
  // The processed video waits on its poster, with its controls, for a visitor who asks for reduced motion.
  const processed = card.getByLabel('Processed video');
  assert.deepEqual(
    await processed.evaluate((el) => {
      const v = el as unknown as { autoplay: boolean; controls: boolean; paused: boolean };
      return [v.autoplay, v.controls, v.paused];
    }),
    [false, true, true],
  );
  await screenshot(page, 'getting-started-ready');
  await create.click();
  await page.waitForURL(/\/eyemails\/[0-9a-f-]{36}$/);
  await page.getByRole('heading', { name: 'Quick start', level: 1 }).waitFor();
  await expectAtTop(page, 'Quick start');

  // Home lists it, with its card.
  await page.goto('/');
  await page.getByRole('region', { name: 'My EyeMails' }).getByRole('article', { name: 'Quick start' }).waitFor();
  await screenshot(page, 'home-eyemails');
});
