// Resumable video uploads in the browser (tus): an upload whose connection drops mid-way goes on
// from the bytes the server holds and finishes; after a reload the upload area offers to resume
// the unfinished file, and picking it again sends only the rest.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { allStarted, startServer, type RunningServer } from './support/server.ts';
import { launchBrowser, newContext, uniqueEmail } from './support/browser.ts';
import { signUp, xsrf } from './support/api.ts';

const run = promisify(execFile);

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let dir: string;

const FIRST = 'Product tour.mp4';
const SECOND = 'Team intro.mp4';

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-tus-'));
  const clip = (name: string, colour: string) =>
    run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=30:duration=3`, '-f', 'lavfi', '-i', `sine=frequency=${colour}:duration=3`,
      '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '3M', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', name], { cwd: dir });
  // Each is kept as soon as it is up, so that `after` closes it even when another step fails.
  await allStarted([startServer().then((s) => (server = s)), launchBrowser().then((b) => (browser = b)), clip(FIRST, '440'), clip(SECOND, '660')]);
  context = await newContext(browser, server.url);
  await signUp(context, { fullName: 'Grace Hopper', email: uniqueEmail('grace') });
  page = await context.newPage();
});

after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

// Stands in for a connection that drops mid-way: the first PATCH's first half reaches the server
// (sent from the test with the page's session), then the page's request fails as a reset.
async function cutFirstPatch(route: Route, then: 'reset' | 'hang'): Promise<number> {
  const req = route.request();
  const body = req.postDataBuffer()!;
  const half = Math.floor(body.length / 2);
  const res = await context.request.fetch(req.url(), {
    method: 'PATCH',
    headers: { ...(await xsrf(context)), 'Tus-Resumable': '1.0.0', 'Upload-Offset': req.headers()['upload-offset'], 'Content-Type': 'application/offset+octet-stream' },
    data: body.subarray(0, half),
  });
  assert.equal(res.status(), 204, await res.text());
  if (then === 'reset') await route.abort('connectionreset');
  return half;
}

async function openUpload(): Promise<void> {
  await page.goto('/video-library');
  await page.getByRole('heading', { name: 'My Videos', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.getByRole('dialog', { name: 'Upload a video' }).waitFor();
}

test('an upload whose connection drops mid-way resumes from where the server stopped and finishes', async () => {
  const patches: { offset: number; bytes: number }[] = [];
  let cut = 0;
  // The first PATCH is held until the test has seen the upload's progress bar, so the upload
  // cannot be over before it is looked for.
  let barSeen = () => {};
  const seen = new Promise<void>((resolve) => (barSeen = resolve));
  await page.route('**/api/files/uploads/*', async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    patches.push({ offset: Number(route.request().headers()['upload-offset']), bytes: route.request().postDataBuffer()?.length ?? 0 });
    if (patches.length === 1) {
      await seen;
      cut = await cutFirstPatch(route, 'reset');
    } else await route.continue();
  });
  await openUpload();
  const dialog = page.getByRole('dialog', { name: 'Upload a video' });
  await dialog.locator('input[type="file"]').setInputFiles(path.join(dir, FIRST));
  // At 0% the bar is its empty track, visible all the same.
  await dialog.getByRole('progressbar', { name: `Uploading ${FIRST}` }).waitFor();
  barSeen();
  await page.getByText('Your video is in the library.').waitFor({ timeout: 30_000 });
  await page.getByRole('article', { name: 'Product tour' }).waitFor();
  await page.unroute('**/api/files/uploads/*');

  const size = fs.statSync(path.join(dir, FIRST)).size;
  assert.equal(patches.length, 2, JSON.stringify(patches));
  assert.deepEqual(patches[0], { offset: 0, bytes: size });
  // The second PATCH sent only what the server did not have.
  assert.deepEqual(patches[1], { offset: cut, bytes: size - cut });
});

test('after a reload the upload area offers the unfinished file, and picking it again sends only the rest', async () => {
  let cut = 0;
  const halfSent = new Promise<void>((resolve) => {
    void page.route('**/api/files/uploads/*', async (route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      cut = await cutFirstPatch(route, 'hang');
      resolve();
    });
  });
  await openUpload();
  const dialog = page.getByRole('dialog', { name: 'Upload a video' });
  await dialog.locator('input[type="file"]').setInputFiles(path.join(dir, SECOND));
  await halfSent;
  await page.unroute('**/api/files/uploads/*');
  await page.reload();

  await page.getByRole('heading', { name: 'My Videos', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const offer = dialog.getByRole('region', { name: 'Unfinished upload' });
  const size = fs.statSync(path.join(dir, SECOND)).size;
  await offer.getByText(new RegExp(`^Resume ${SECOND.replace('.', '\\.')} \\(${Math.floor((cut / size) * 100)}\\s%\\)$`)).waitFor();
  await offer.getByText('Choose the same file again and the upload goes on from where it stopped.', { exact: false }).waitFor();

  const patches: number[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && r.url().includes('/api/files/uploads/')) patches.push(Number(r.headers()['upload-offset']));
  });
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), offer.getByRole('button', { name: `Choose ${SECOND}` }).click()]);
  await chooser.setFiles(path.join(dir, SECOND));
  await page.getByText('Your video is in the library.').waitFor({ timeout: 30_000 });
  await page.getByRole('article', { name: 'Team intro' }).waitFor();
  assert.deepEqual(patches, [cut]);

  // Finished: the browser forgot it, so nothing is offered any more.
  const remembered = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('tus::')).length);
  assert.equal(remembered, 0);
});
