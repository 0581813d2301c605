// The update page says what emails already sent cannot follow: their media and clicks follow the
// EyeMail, their HTML does not. Changing the width or a button's text shows "Emails already sent
// keep …; copy the HTML again for new sends."; a change they do follow (the landing page) shows
// nothing; undoing the change takes the note away. A field in error is named in the bar instead of
// "Everything is ready." Screenshot: update-sent-note.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { allStarted, startServer, type RunningServer } from './support/server.ts';
import { launchBrowser, newContext, screenshot, uniqueEmail } from './support/browser.ts';
import { createEyeMail, readyVideo, signUp } from './support/api.ts';

const run = promisify(execFile);

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let dir: string;
let snippetId: string;

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-sent-note-'));
  await allStarted([startServer().then((s) => (server = s)), launchBrowser().then((b) => (browser = b))]);
  context = await newContext(browser, server.url);
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', 'clip.mp4'], { cwd: dir });
  await signUp(context, { fullName: 'Katherine Johnson', email: uniqueEmail('sentnote') });
  const videoId = await readyVideo(context, path.join(dir, 'clip.mp4'));
  snippetId = await createEyeMail(context, {
    title: 'Autumn offer',
    videoId,
    width: 600,
    landingPageUrl: 'https://shop.example.com/autumn',
    ctaButtonsJSON: JSON.stringify([{ title: 'Shop now', url: 'https://shop.example.com/buy', backgroundColor: '#1971c2', radius: 6 }]),
  });
  page = await context.newPage();
});

after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('the update page names what emails already sent keep, only for changes their HTML cannot follow', async () => {
  await page.goto(`/update-eyemail/${snippetId}`);
  const width = page.getByLabel('Video width');
  await width.waitFor();
  const note = page.getByRole('note', { name: 'Emails already sent' });
  assert.equal(await note.count(), 0, 'nothing changed, no note');

  // The landing page is resolved at click time: sent emails follow it, so no note.
  const landing = page.getByLabel('Landing page URL');
  await landing.fill('https://shop.example.com/autumn-sale');
  await page.getByRole('button', { name: 'Update EyeMail' }).waitFor();
  assert.equal(await note.count(), 0, 'a new landing page reaches sent emails');

  // A width out of bounds: the field says why, and the bar no longer says everything is ready.
  await width.fill('500');
  await page.getByText('Video width must be equal to or greater than 600').waitFor();
  await page.getByRole('status').getByText('Correct the field marked in red to save.').waitFor();

  await width.fill('700');
  await note.getByText('Emails already sent keep their width; copy the HTML again for new sends.').waitFor();
  await screenshot(page, 'update-sent-note');

  await width.fill('600');
  await note.waitFor({ state: 'detached' });
});
