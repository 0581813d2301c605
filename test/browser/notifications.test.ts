// The notification bell and settings, in Chromium: a named recipient's open (a real tracking hit)
// shows on the header's bell with its unread count, opening the bell lists it and marks it read,
// and the keyboard reaches and closes it; the badge follows the server's live stream (the pushed
// count seen in the browser's network events) without a reload; the Settings page saves the account
// default and one EyeMail's own choice; an EyeMail's own events chosen in its form are saved with it
// (one request) and its page shows them. What the form's section offers and sends is
// notify-choice-field.test.tsx's. Screenshots: notifications-*.png at both widths.
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
let videoId: string;

const api = (method: 'get' | 'put', url: string) => call(owner, method, url);

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-notifications-'));
  // Each is kept as soon as it is up, so that `after` closes it even when another step fails.
  await allStarted([startServer().then((s) => (server = s)), launchBrowser().then((b) => (browser = b))]);
  owner = await newContext(browser, server.url);
  const clip = await makeClip(dir);
  await signUp(owner, { fullName: 'Nina Notify', email: uniqueEmail('notifications'), password: 'Notify2026x' });
  videoId = await readyVideo(owner, clip);
  snippetId = await createEyeMail(owner, { title: 'Autumn webinar', videoId });
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

// What the form's Notifications section offers (the default spelled out, its own events starting
// from it, "None chosen") and that the choice travels with the EyeMail's own save are its component
// test's (web/src/features/eyemails/components/notify-choice-field.test.tsx); here, an EyeMail's
// own events chosen in its form, saved, and its page saying which.
test('an EyeMail’s own events, chosen in its form, are saved with it and its page says which', async () => {
  const id = await createEyeMail(owner, { title: 'Winter sale', videoId });
  const page = await owner.newPage();
  // What the form sends: the choice travels with the EyeMail's own save, never as a second request.
  const sent: { method: string; path: string; body: Record<string, unknown> | null }[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (r.method() !== 'GET' && (pathname === '/api/snippets' || pathname.startsWith('/api/notifications/settings'))) sent.push({ method: r.method(), path: pathname, body: r.postDataJSON() as Record<string, unknown> | null });
  });
  await page.goto(`/update-eyemail/${id}`);
  const section = page.getByRole('region', { name: 'Notifications' });
  await section.getByRole('radio', { name: 'Use my account default', checked: true }).waitFor();
  await section.getByRole('radio', { name: 'Choose for this EyeMail' }).check();
  const own = section.getByRole('group', { name: 'Mail me for' });
  await own.getByRole('checkbox', { name: 'Opens' }).uncheck();
  await own.getByRole('checkbox', { name: 'Watched at least half' }).uncheck();
  await own.getByRole('checkbox', { name: 'Watched to the end' }).uncheck();
  await own.getByRole('checkbox', { name: 'Clicks' }).check();
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, 'notifications-eyemail-form');
  await page.getByRole('button', { name: 'Update EyeMail' }).click();
  await page.waitForURL(`**/eyemails/${id}`);
  await page.getByText('Plays, Clicks', { exact: true }).waitFor();
  assert.equal(await page.getByTestId('notify-choice').textContent(), 'Plays, Clicks');
  assert.deepEqual(await api('get', `/api/notifications/settings/${id}`), { inherit: false, events: ['play', 'click'], accountEvents: ['open', 'play', 'half', 'end'] });
  assert.deepEqual(
    sent.map((r) => [r.method, r.path, r.body?.notify]),
    [['PUT', '/api/snippets', { events: ['play', 'click'] }]],
  );
  await screenshot(page, 'notifications-eyemail-detail');
  await page.close();
});
