// One tab, two accounts: when a session ends and someone else signs in without the page being
// reloaded, nothing the dashboard fetched for the first account shows for the second.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { allStarted, startServer, type RunningServer } from './support/server.ts';
import { launchBrowser, newContext, settled, uniqueEmail } from './support/browser.ts';
import { xsrf } from './support/api.ts';

const run = promisify(execFile);

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let dir: string;

const VIDEO = 'First account clip.mp4';
const password = 'Switch2026';

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-switch-'));
  const clip = run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=10:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', VIDEO], { cwd: dir });
  // Each is kept as soon as it is up, so that `after` closes it even when another step fails.
  await allStarted([startServer().then((s) => (server = s)), launchBrowser().then((b) => (browser = b)), clip]);
  context = await newContext(browser, server.url);
  page = await context.newPage();
});

after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function signUp(p: Page, name: string, email: string) {
  await p.getByRole('link', { name: 'Sign up', exact: true }).click();
  await p.getByLabel('Full name').fill(name);
  await p.getByLabel(/^Email/).fill(email);
  await p.getByLabel(/^Password/).fill(password);
  await p.getByLabel('Confirm password').fill(password);
  await p.getByRole('button', { name: 'Create account' }).click();
}

test("after a session ends and another account signs in on the same page, the first account's videos never show", async () => {
  await page.goto('/video-library');
  await page.waitForURL((u) => u.pathname === '/signin');
  await signUp(page, 'First Account', uniqueEmail('first'));
  await page.waitForURL((u) => u.pathname === '/video-library');

  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload a video' });
  await dialog.locator('input[type="file"]').setInputFiles(path.join(dir, VIDEO));
  await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
  const card = page.getByRole('article', { name: 'First account clip' });
  await card.waitFor();

  // The session ends behind the page's back; the next call finds it gone and the page asks for
  // a sign-in, in place (no reload).
  const ended = await context.request.post('/api/accounts/signout', { headers: await xsrf(context) });
  assert.ok(ended.ok(), `sign-out answered ${ended.status()}`);
  await page.getByRole('link', { name: 'My EyeMails' }).first().click();
  await page.waitForURL((u) => u.pathname === '/signin');

  // Someone else signs up in the same tab and opens My Videos, whose answer is held back a
  // moment: what shows meanwhile must not be the first account's library.
  await signUp(page, 'Second Account', uniqueEmail('second'));
  await page.waitForURL((u) => u.pathname === '/eyemails');
  let release!: () => void;
  let asked!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const requested = new Promise<void>((r) => (asked = r));
  await page.route('**/api/files?type=video', async (route) => {
    asked();
    await held;
    await route.continue();
  });
  await page.getByRole('link', { name: 'My Videos' }).first().click();
  await page.getByRole('heading', { name: 'My Videos', level: 1 }).waitFor();
  // The page has asked for the library and drawn what it shows while waiting.
  await requested;
  await settled(page);
  assert.equal(await card.count(), 0, "the first account's video is on the second account's page");
  release();
  await page.getByText('No videos found.').waitFor();
  assert.equal(await card.count(), 0);
});
