// The recorder in the browser, with Chromium's fake camera and microphone (a test pattern and a
// beep; its flags only for this file's browser): record about 5 s with a pause, trim the start by
// keyboard, save, wait for the email encoding, then create the EyeMail, which is active (published)
// and plays the cut. Then the messages people get when the camera is refused or missing.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { allStarted, startServer, type RunningServer } from './support/server.ts';
import { newContext, SCREENSHOT_DIR, uniqueEmail } from './support/browser.ts';
import { api, signUp } from './support/api.ts';

const BASE_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const FAKE_DEVICES = '--use-fake-device-for-media-stream';
const FAKE_PROMPT = '--use-fake-ui-for-media-stream';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let dir: string;

const launch = (extra: string[]) => chromium.launch({ executablePath: '/usr/bin/chromium', args: [...BASE_ARGS, ...extra] });

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-recorder-'));
  // Each is kept as soon as it is up, so that `after` closes it even when another step fails.
  await allStarted([startServer().then((s) => (server = s)), launch([FAKE_DEVICES, FAKE_PROMPT]).then((b) => (browser = b))]);
  context = await newContext(browser, server.url);
  await signUp(context, { fullName: 'Rita Corder', email: uniqueEmail('rita') });
  page = await context.newPage();
});

after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

// The badge over the picture, e.g. "Rec 0:04 / 5:00".
async function waitForClock(p: Page, atLeastSecs: number): Promise<void> {
  await p.getByText(new RegExp(`^(Rec|Paused) 0:0[${atLeastSecs}-9] / 5:00$`)).waitFor({ timeout: 20_000 });
}

test('records with the fake camera, pauses, trims, saves, encodes and publishes an EyeMail', async () => {
  await page.goto('/create-eyemail');
  await page.getByRole('heading', { name: 'Create EyeMail', level: 1 }).waitFor();
  await page.getByRole('region', { name: 'Getting Started' }).getByRole('button', { name: 'More options' }).click();
  await page.getByLabel('Name').fill('Recorded hello');
  await page.getByRole('group', { name: 'Video', exact: true }).getByRole('button', { name: 'record one' }).click();

  const dialog = page.getByRole('dialog', { name: 'Record a video' });
  await dialog.waitFor();
  const start = dialog.getByRole('button', { name: 'Start recording' });
  // the camera is on by itself; the microphone's level moves with the fake beep
  await dialog.getByLabel('Camera preview').waitFor();
  await dialog.getByRole('radio', { name: 'Screen + camera' }).waitFor({ state: 'attached' });
  await dialog.getByLabel('Microphone', { exact: true }).waitFor();
  // enabled once the camera is on (a trial click waits for that, and clicks nothing)
  await start.click({ trial: true });
  await page.getByRole('progressbar', { name: 'Microphone level' }).waitFor();

  // keyboard: the start button is reachable and starts the 3-2-1
  await start.focus();
  await page.keyboard.press('Enter');
  await dialog.getByRole('status', { name: /Recording starts in [123]/ }).waitFor();
  const pause = dialog.getByRole('button', { name: 'Pause' });
  await pause.waitFor({ timeout: 10_000 });
  await waitForClock(page, 2);
  await pause.click();
  await dialog.getByText(/^Paused 0:0\d \/ 5:00$/).waitFor();
  await dialog.getByRole('button', { name: 'Resume' }).click();
  await waitForClock(page, 5);
  await dialog.getByRole('button', { name: 'Stop' }).click();

  // review: the recording plays in the page; the trim start moves by keyboard, 0.1 s a press
  const review = dialog.getByLabel('Your recording');
  await review.waitFor();
  // Its player knows the length (MediaRecorder's WebM says none: Infinity, no total, a wrong seek
  // bar); the page waits for the player's own durationchange, for 10 s at most.
  type Player = { duration: number; addEventListener(type: string, listener: () => void): void };
  const playerSecs = await review.evaluate((el) => {
    const v = el as unknown as Player;
    return Number.isFinite(v.duration)
      ? v.duration
      : new Promise<number>((resolve) => {
          v.addEventListener('durationchange', () => Number.isFinite(v.duration) && resolve(v.duration));
          setTimeout(() => resolve(v.duration), 10_000);
        });
  });
  assert.ok(Number.isFinite(playerSecs) && playerSecs > 4 && playerSecs < 8, `the review player's length: ${playerSecs}`);
  const from = dialog.getByRole('slider', { name: 'Trim start' });
  await from.focus();
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
  await dialog.getByText(/^Trim: keep 0:01–0:0\d \(\d\.\d s of \d\.\d s\)$/).waitFor();
  assert.equal(await from.getAttribute('aria-valuenow'), '1');
  const end = Number(await dialog.getByRole('slider', { name: 'Trim end' }).getAttribute('aria-valuenow'));
  // The review offers the file's own length (on a loaded machine the camera's frames can come late
  // and the file be shorter than the page's clock, which reached 5 s before Stop).
  assert.ok(end >= 4.5 && end < 8, `recorded about 5 s, got ${end}`);

  await dialog.getByRole('button', { name: 'Save video' }).click();
  await dialog.waitFor({ state: 'detached', timeout: 180_000 });
  const field = page.getByRole('group', { name: 'Video', exact: true });
  await field.getByText(/^Recording \d+ \w+ \d{4} \d\d\.\d\d\.\d\d$/).waitFor();
  await field.getByText('Ready for email').waitFor({ timeout: 180_000 });

  await page.getByRole('button', { name: 'Create EyeMail' }).click();
  await page.waitForURL(/\/eyemails\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  await page.getByRole('heading', { name: 'Recorded hello', level: 1 }).waitFor();
  await page.getByText('Active', { exact: true }).first().waitFor();

  // the EyeMail plays the cut: about (end - 1) seconds, not the whole recording
  const id = page.url().split('/').pop()!;
  const snippet = await api<{ videoUrl: string }>(context, 'get', `/api/snippets/${id}`);
  const res = await context.request.get(snippet.videoUrl);
  assert.equal(res.status(), 200);
  const mp4 = path.join(dir, 'cut.mp4');
  fs.writeFileSync(mp4, await res.body());
  const secs = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', mp4], { encoding: 'utf8' }));
  assert.ok(Math.abs(secs - (end - 1)) < 0.35, `the EyeMail's video lasts ${secs} s, the cut ${end - 1} s`);
});

test('My Videos: Record opens the recorder; every control has a name', async () => {
  await page.goto('/video-library');
  await page.getByRole('heading', { name: 'My Videos', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Record', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a video' });
  await dialog.getByLabel('Camera preview').waitFor();
  const unnamed = await dialog.locator('button, input:not([type="hidden"]), [role="slider"], [role="radio"]').evaluateAll((els) =>
    els.filter((e) => !(e.getAttribute('aria-label') || e.getAttribute('aria-labelledby') || e.textContent?.trim() || (e.id && e.ownerDocument.querySelector(`label[for="${e.id}"]`)))).map((e) => e.outerHTML.slice(0, 80)),
  );
  assert.deepEqual(unnamed, []);
  await dialog.getByRole('button', { name: 'Close recorder' }).click();
  await dialog.waitFor({ state: 'detached' });
});

test('a recording closed without "Save video" leaves nothing behind', async () => {
  const ctx = await newContext(browser, server.url);
  try {
    await signUp(ctx, { fullName: 'Dana Skip', email: uniqueEmail('dana') });
    const p = await ctx.newPage();
    await p.goto('/video-library');
    await p.getByText('No videos found.').waitFor();
    await p.getByRole('button', { name: 'Record', exact: true }).click();
    const dialog = p.getByRole('dialog', { name: 'Record a video' });
    await dialog.getByRole('button', { name: 'Start recording' }).click();
    await waitForClock(p, 2);
    await dialog.getByRole('button', { name: 'Stop' }).click();
    await dialog.getByLabel('Your recording').waitFor();
    // every byte is on the server: the recording is a stored video by now (or the recorder says
    // why not: then the test fails with its words, not with a wait that ran out)
    const alert = dialog.getByRole('alert');
    await Promise.race([
      dialog.getByRole('progressbar', { name: 'Upload progress' }).waitFor({ state: 'detached', timeout: 60_000 }),
      alert.waitFor({ timeout: 61_000 }).then(
        async () => assert.fail(`the recorder said: ${await alert.innerText()}`),
        () => undefined,
      ),
    ]).catch(async (e: unknown) => {
      await p.screenshot({ path: path.join(SCREENSHOT_DIR, 'recorder-discard-failed.png') }).catch(() => undefined);
      throw e;
    });
    const discarded = p.waitForResponse((r) => r.request().method() === 'DELETE' && new URL(r.url()).pathname.startsWith('/api/files/'));
    await dialog.getByRole('button', { name: 'Close recorder' }).click();
    await dialog.waitFor({ state: 'detached' });
    const answer = await discarded;
    assert.equal(answer.status(), 200, `${new URL(answer.url()).pathname}: ${answer.status()} ${await answer.text()}`);
    await p.reload();
    await p.getByText('No videos found.').waitFor();
    assert.deepEqual(await api(ctx, 'get', '/api/files?type=video'), []);
  } finally {
    await ctx.close();
  }
});

async function recorderMessage(b: Browser, expected: RegExp): Promise<void> {
  const ctx = await newContext(b, server.url);
  try {
    await signUp(ctx, { fullName: 'Nora Cam', email: uniqueEmail('nora') });
    const p = await ctx.newPage();
    await p.goto('/video-library');
    await p.getByRole('button', { name: 'Record', exact: true }).click();
    const dialog = p.getByRole('dialog', { name: 'Record a video' });
    await dialog.getByRole('alert').getByText(expected).waitFor();
    assert.equal(await dialog.getByRole('button', { name: 'Start recording' }).isDisabled(), true);
    await dialog.getByRole('button', { name: 'Try again' }).waitFor();
  } finally {
    await ctx.close();
  }
}

test('a refused camera says how to allow it', async () => {
  // fake devices, but no automatic yes: headless Chromium refuses the permission prompt
  const refusing = await launch([FAKE_DEVICES]);
  try {
    await recorderMessage(refusing, /^EyeMail is not allowed to use your camera\. Allow it in your browser's site settings/);
  } finally {
    await refusing.close();
  }
});

test('no camera at all says so', async () => {
  // this machine has no camera; the prompt would be answered yes
  const bare = await launch([FAKE_PROMPT]);
  try {
    await recorderMessage(bare, /^No camera was found\. Connect a camera, or record your screen instead\.$/);
  } finally {
    await bare.close();
  }
});

