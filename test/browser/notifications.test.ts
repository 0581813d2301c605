// The notification bell and settings, in Chromium: a named recipient's open (a real tracking hit)
// shows on the header's bell with its unread count, opening the bell lists it and marks it read,
// and the keyboard reaches and closes it; the badge follows the server's live stream (the pushed
// count seen in the browser's network events) without a reload; the Settings page saves the account
// default and one EyeMail's own choice; the EyeMail form (create and edit) offers the account
// default or the EyeMail's own events, none included, and its page shows the choice.
// Screenshots: notifications-*.png at both widths.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { allStarted, startServer, type RunningServer } from './support/server.ts';
import { launchBrowser, newContext, screenshot, uniqueEmail } from './support/browser.ts';
import { api as call, createEyeMail, readyVideo, signUp } from './support/api.ts';
import { makeClip } from './support/media.ts';
const OUTLOOK = 'Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17029; Pro)';

let server: RunningServer;
let browser: Browser;
let owner: BrowserContext;
let dir: string;
let snippetId: string;
let clip: string;

const api = (method: 'get' | 'put', url: string) => call(owner, method, url);

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-notifications-'));
  // Each is kept as soon as it is up, so that `after` closes it even when another step fails.
  await allStarted([startServer().then((s) => (server = s)), launchBrowser().then((b) => (browser = b))]);
  owner = await newContext(browser, server.url);
  clip = await makeClip(dir);
  await signUp(owner, { fullName: 'Nina Notify', email: uniqueEmail('notifications'), password: 'Notify2026x' });
  snippetId = await createEyeMail(owner, { title: 'Autumn webinar', videoId: await readyVideo(owner, clip) });
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

  // Live (the stream), or within one poll (10 s) without it; without reloading.
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

test('the badge follows the server’s live stream without a reload', async () => {
  const page = await owner.newPage();
  // What the stream pushes, as the browser's network panel shows it.
  const cdp = await owner.newCDPSession(page);
  await cdp.send('Network.enable');
  const pushed: string[] = [];
  let connected: () => void = () => undefined;
  const atConnect = new Promise<void>((resolve) => (connected = resolve));
  cdp.on('Network.eventSourceMessageReceived', (e) => {
    if (e.eventName !== 'unread') return;
    pushed.push(e.data);
    connected();
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
  // The stream is open once its count at connect has arrived (all read by the test before).
  await atConnect;
  assert.deepEqual(pushed, ['0']);

  const anonymous = await browser.newContext({ baseURL: server.url, userAgent: OUTLOOK });
  assert.equal((await anonymous.request.get(`/t/o/${snippetId}.gif?v=${encodeURIComponent('bea@example.com')}`)).status(), 200);
  await anonymous.close();

  await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 30_000 });
  assert.deepEqual(pushed, ['0', '1'], 'the new count came through the stream');
  await screenshot(page, 'notifications-bell-live', { phoneFullPage: false });
  // The list was fetched again when the count changed.
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await page.getByRole('dialog').filter({ hasText: 'Latest notifications' }).getByText('bea@example.com opened Autumn webinar').waitFor();
  await page.close();
});

test('Settings saves the account default and one EyeMail’s own choice', async () => {
  const page = await owner.newPage();
  await page.goto('/settings');
  await page.getByRole('heading', { name: 'Notifications' }).waitFor();
  const card = page.getByRole('region', { name: 'Notifications' });
  await card.getByRole('group', { name: 'Mail me for (every EyeMail)' }).getByRole('checkbox', { name: 'Clicks' }).uncheck();
  await card.getByRole('button', { name: 'Save default' }).click();
  await page.getByText('Default notification settings saved.').waitFor();
  assert.deepEqual((await api('get', '/api/notifications/settings')).events, ['open', 'play', 'half', 'end']);

  await card.getByLabel('One EyeMail').click();
  await page.getByRole('option', { name: 'Autumn webinar' }).click();
  await card.getByRole('switch', { name: 'Same as the default' }).uncheck();
  const own = card.getByRole('group', { name: 'Mail me for (this EyeMail)' });
  await own.getByRole('checkbox', { name: 'Opens' }).uncheck();
  await own.getByRole('checkbox', { name: 'Plays' }).uncheck();
  await own.getByRole('checkbox', { name: 'Watched to the end' }).uncheck();
  await screenshot(page, 'notifications-settings');
  // (its own message: the default's may still be on screen)
  await card.getByRole('button', { name: 'Save for this EyeMail' }).click();
  await page.getByText('Notification settings saved for this EyeMail.').waitFor();
  assert.deepEqual(await api('get', `/api/notifications/settings/${snippetId}`), { inherit: false, events: ['half'], accountEvents: ['open', 'play', 'half', 'end'] });

  await page.reload();
  await page.getByRole('heading', { name: 'Notifications' }).waitFor();
  assert.equal(await page.getByRole('region', { name: 'Notifications' }).getByRole('group', { name: 'Mail me for (every EyeMail)' }).getByRole('checkbox', { name: 'Clicks' }).isChecked(), false);
  await page.close();
});

test('the EyeMail form keeps the account default or its own events, none included, and its page says which', async () => {
  const page = await owner.newPage();
  // What the form sends: the choice travels with the EyeMail's own save (one request, one
  // transaction), never as a second request after it.
  const sent: { method: string; path: string; body: Record<string, unknown> | null }[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (r.method() !== 'GET' && (pathname === '/api/snippets' || pathname.startsWith('/api/notifications/settings'))) sent.push({ method: r.method(), path: pathname, body: r.postDataJSON() as Record<string, unknown> | null });
  });
  await page.goto('/create-eyemail');
  await page.getByRole('region', { name: 'Getting Started' }).getByRole('button', { name: 'More options' }).click();
  const section = page.getByRole('region', { name: 'Notifications' });
  const useDefault = section.getByRole('radio', { name: 'Use my account default' });
  await useDefault.waitFor();
  assert.equal(await useDefault.isChecked(), true, 'a new EyeMail follows the default');
  // The default (saved by the previous test) is spelled out beside it.
  await section.getByText('Opens, Plays, Watched at least half, Watched to the end', { exact: true }).waitFor();
  assert.equal(await section.getByRole('group', { name: 'Mail me for' }).count(), 0);

  await page.getByLabel('Name').fill('Winter sale');
  await page.getByRole('group', { name: 'Video', exact: true }).locator('input[type="file"]').setInputFiles(clip);
  await page.getByRole('button', { name: 'Remove video' }).waitFor({ timeout: 30_000 });
  await section.getByRole('radio', { name: 'Choose for this EyeMail' }).check();
  const own = section.getByRole('group', { name: 'Mail me for' });
  // Starts from the default's events, changed here to plays and clicks.
  assert.equal(await own.getByRole('checkbox', { name: 'Opens' }).isChecked(), true);
  await own.getByRole('checkbox', { name: 'Opens' }).uncheck();
  await own.getByRole('checkbox', { name: 'Watched at least half' }).uncheck();
  await own.getByRole('checkbox', { name: 'Watched to the end' }).uncheck();
  await own.getByRole('checkbox', { name: 'Clicks' }).check();
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, 'notifications-eyemail-form');
  await page.getByRole('button', { name: 'Create EyeMail' }).click();
  await page.waitForURL(/\/eyemails\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  const created = page.url().split('/').pop()!;
  const row = page.getByTestId('notify-choice');
  await page.getByText('Plays, Clicks', { exact: true }).waitFor();
  assert.equal(await row.textContent(), 'Plays, Clicks');
  assert.deepEqual(await api('get', `/api/notifications/settings/${created}`), { inherit: false, events: ['play', 'click'], accountEvents: ['open', 'play', 'half', 'end'] });
  assert.deepEqual(
    sent.map((r) => [r.method, r.path, r.body?.notify]),
    [['POST', '/api/snippets', { events: ['play', 'click'] }]],
  );
  await screenshot(page, 'notifications-eyemail-detail');

  // Edit: none at all, said plainly before saving.
  await page.getByRole('link', { name: 'Modify' }).click();
  await page.getByRole('heading', { name: 'Update EyeMail' }).waitFor();
  assert.equal(await section.getByRole('radio', { name: 'Choose for this EyeMail' }).isChecked(), true);
  await own.getByRole('checkbox', { name: 'Plays' }).uncheck();
  await own.getByRole('checkbox', { name: 'Clicks' }).uncheck();
  await section.getByText('None chosen: this EyeMail sends you no mails.').waitFor();
  await page.getByRole('button', { name: 'Update EyeMail' }).click();
  await page.waitForURL(`**/eyemails/${created}`);
  await page.getByText('No mails', { exact: true }).waitFor();
  assert.deepEqual((await api('get', `/api/notifications/settings/${created}`)).events, []);
  assert.deepEqual(sent.slice(1).map((r) => [r.method, r.path, r.body?.notify]), [['PUT', '/api/snippets', { events: [] }]]);

  // And back to the account default.
  await page.getByRole('link', { name: 'Modify' }).click();
  await useDefault.check();
  await page.getByRole('button', { name: 'Update EyeMail' }).click();
  await page.waitForURL(`**/eyemails/${created}`);
  await page.getByText('Opens, Plays, Watched at least half, Watched to the end (account default)', { exact: true }).waitFor();
  assert.equal((await api('get', `/api/notifications/settings/${created}`)).inherit, true);
  assert.deepEqual(sent.slice(2).map((r) => [r.method, r.path, r.body?.notify]), [['PUT', '/api/snippets', { inherit: true }]]);
  await page.close();
});
