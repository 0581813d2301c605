// The notification bell and settings, in Chromium: a named recipient's open (a real tracking hit)
// shows on the header's bell with its unread count within one poll, opening the bell lists it and
// marks it read, and the keyboard reaches and closes it; the Settings page saves the account
// default and one EyeMail's own choice. Screenshots: notifications-*.png at both widths.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, BrowserContext } from 'playwright-core';
import { startServer, type RunningServer } from './support/server.ts';
import { launchBrowser, newContext, screenshot, uniqueEmail } from './support/browser.ts';

const run = promisify(execFile);
const OUTLOOK = 'Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17029; Pro)';

let server: RunningServer;
let browser: Browser;
let owner: BrowserContext;
let dir: string;
let snippetId: string;

async function api(method: 'get' | 'post' | 'put', url: string, opts: Record<string, unknown> = {}) {
  const token = (await owner.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await owner.request[method](url, { ...opts, headers: { 'X-XSRF-TOKEN': decodeURIComponent(token) } });
  const body = await res.json();
  if (!res.ok()) throw new Error(`${method.toUpperCase()} ${url}: ${res.status()} ${JSON.stringify(body)}`);
  return body.body;
}

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-notifications-'));
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  owner = await newContext(browser, server.url);
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', 'clip.mp4'], { cwd: dir });
  await owner.request.get('/api/health');
  await api('post', '/api/accounts/signup', { data: { fullName: 'Nina Notify', email: uniqueEmail('notifications'), password: 'Notify2026x', confirmPassword: 'Notify2026x', tier: 'standard' } });
  const video = await api('post', '/api/files?type=video', { multipart: { file: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(path.join(dir, 'clip.mp4')) } } });
  let encoding = await api('post', `/api/videos/${video.fileId}?overlay=none&width=600`);
  for (let i = 0; encoding.state !== 'completed' && i < 600; i++) {
    assert.notEqual(encoding.state, 'failed');
    await new Promise((r) => setTimeout(r, 200));
    encoding = await api('get', `/api/videos/encodings/${encoding.encodingId}`);
  }
  snippetId = (await api('post', '/api/snippets', { data: { title: 'Autumn webinar', videoId: video.fileId } })).snippet;
});

after(async () => {
  await owner?.close();
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('the bell shows a named recipient’s open live, lists it, marks it read, and works from the keyboard', async () => {
  const page = await owner.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

  const anonymous = await browser.newContext({ baseURL: server.url, userAgent: OUTLOOK });
  assert.equal((await anonymous.request.get(`/t/o/${snippetId}.gif?v=${encodeURIComponent('ada@example.com')}`)).status(), 200);
  // A bot's open never shows.
  await anonymous.request.get(`/t/o/${snippetId}.gif?v=${encodeURIComponent('bot@example.com')}`, { headers: { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' } });
  await anonymous.close();

  // Within one poll (10 s), without reloading.
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
  await bell.waitFor({ timeout: 30_000 });
  await screenshot(page, 'notifications-bell-unread', { phoneFullPage: false });

  await bell.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog').filter({ hasText: 'Latest notifications' });
  await dialog.getByText('ada@example.com opened Autumn webinar').waitFor();
  assert.equal(await dialog.getByText(/bot@example\.com/).count(), 0);
  await screenshot(page, 'notifications-bell-open', { phoneFullPage: false });
  await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
  // Closed from the keyboard too.
  await dialog.getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'hidden' });
  await page.close();
});

test('Settings saves the account default and one EyeMail’s own choice', async () => {
  const page = await owner.newPage();
  await page.goto('/settings');
  await page.getByRole('heading', { name: 'Notifications' }).waitFor();
  const card = page.getByRole('region', { name: 'Notifications' });
  await card.getByRole('group', { name: 'Mail me for (every EyeMail)' }).getByRole('checkbox', { name: 'Clicks' }).uncheck();
  await card.getByRole('button', { name: 'Save default' }).click();
  await page.getByText('Notification settings saved.').first().waitFor();
  assert.deepEqual((await api('get', '/api/notifications/settings')).events, ['open', 'play', 'half']);

  await card.getByLabel('One EyeMail').click();
  await page.getByRole('option', { name: 'Autumn webinar' }).click();
  await card.getByRole('switch', { name: 'Same as the default' }).uncheck();
  const own = card.getByRole('group', { name: 'Mail me for (this EyeMail)' });
  await own.getByRole('checkbox', { name: 'Opens' }).uncheck();
  await own.getByRole('checkbox', { name: 'Plays' }).uncheck();
  await screenshot(page, 'notifications-settings');
  await card.getByRole('button', { name: 'Save for this EyeMail' }).click();
  await page.getByText('Notification settings saved.').first().waitFor();
  assert.deepEqual(await api('get', `/api/notifications/settings/${snippetId}`), { inherit: false, events: ['half'], accountEvents: ['open', 'play', 'half'] });

  await page.reload();
  await page.getByRole('heading', { name: 'Notifications' }).waitFor();
  assert.equal(await page.getByRole('region', { name: 'Notifications' }).getByRole('group', { name: 'Mail me for (every EyeMail)' }).getByRole('checkbox', { name: 'Clicks' }).isChecked(), false);
  await page.close();
});
