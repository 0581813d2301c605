// The Integrations page and the feed link, in Chromium: an API token is made (shown once), used
// (its last use shows), revoked; a webhook endpoint is added (its secret shown once), sent a
// test event that reaches a real receiver, and its delivery log shows the try; the feed page
// makes an absolute feed link that opens the report without a session, and "Reset link" ends
// the old one. Screenshots: integrations-*.png, feed-link-*.png.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext } from 'playwright-core';
import { allStarted, startServer, type RunningServer } from './support/server.ts';
import { launchBrowser, newContext, screenshot, uniqueEmail } from './support/browser.ts';
import { createEyeMail, readyVideo, signUp } from './support/api.ts';
import { makeClip } from './support/media.ts';

let server: RunningServer;
let browser: Browser;
let owner: BrowserContext;
let dir: string;
let snippetId: string;
let receiver: http.Server;
let receiverUrl: string;
type Delivery = { headers: http.IncomingHttpHeaders; body: string };
const received: Delivery[] = [];
// Resolved by the receiver's next delivery (failing after 15 s without one).
let delivered: (d: Delivery) => void = () => undefined;
const nextDelivery = () =>
  new Promise<Delivery>((resolve, reject) => {
    const late = setTimeout(() => reject(new Error('No delivery reached the receiver within 15 s')), 15_000);
    delivered = (d) => {
      clearTimeout(late);
      resolve(d);
    };
  });

async function publish(): Promise<void> {
  const clip = await makeClip(dir);
  await signUp(owner, { fullName: 'Ida Integrate', email: uniqueEmail('integrations'), password: 'Connect2026' });
  const videoId = await readyVideo(owner, clip);
  snippetId = await createEyeMail(owner, { title: 'Autumn webinar', videoId });
}

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-integrations-'));
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      delivered({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/eyemail`;
  // The receiver runs on this machine: private targets allowed, as for a self-hosted receiver.
  // Each is kept as soon as it is up, so that `after` closes it even when another step fails.
  await allStarted([startServer({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } }).then((s) => (server = s)), launchBrowser().then((b) => (browser = b))]);
  owner = await newContext(browser, server.url);
  await owner.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await publish();
});

after(async () => {
  await owner?.close();
  await browser?.close();
  await server?.stop();
  await new Promise<void>((r) => (receiver ? receiver.close(() => r()) : r()));
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('an API token is shown once, reads the reports, shows its last use, and is revoked', async () => {
  const page = await owner.newPage();
  await page.goto('/');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Integrations' }).click();
  await page.getByRole('heading', { name: 'API tokens' }).waitFor();
  await page.getByLabel('Token name').fill('Power BI');
  await page.getByRole('button', { name: 'Create token' }).click();
  const shown = page.getByTestId('shown-once');
  await shown.waitFor();
  const token = (await shown.textContent())!.trim();
  assert.match(token, /^eym_[A-Za-z0-9_-]{43}$/);
  await page.getByRole('table', { name: 'Your API tokens' }).getByText('Never used').waitFor();
  await screenshot(page, 'integrations-token-made');

  const anonymous = await browser.newContext({ baseURL: server.url });
  const feed = await anonymous.request.get(`/api/reports/${snippetId}/feed/json`, { headers: { Authorization: `Bearer ${token}` } });
  assert.equal(feed.status(), 200);
  assert.equal((await feed.json()).body.snippet.title, 'Autumn webinar');
  assert.equal((await anonymous.request.get('/api/users/profile', { headers: { Authorization: `Bearer ${token}` } })).status(), 403);

  await page.getByRole('button', { name: 'I have copied it' }).click();
  await page.reload();
  await page.getByRole('table', { name: 'Your API tokens' }).getByText('Used just now').waitFor();
  await page.getByRole('button', { name: 'Revoke Power BI' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await page.getByText('You have no API tokens yet.').waitFor();
  assert.equal((await anonymous.request.get(`/api/reports/${snippetId}/feed/json`, { headers: { Authorization: `Bearer ${token}` } })).status(), 401);
  await anonymous.close();
  await page.close();
});

test('a webhook endpoint is added, sent a test event, and its delivery log shows the try', async () => {
  const page = await owner.newPage();
  await page.goto('/integrations');
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add endpoint' });
  await dialog.getByLabel('Endpoint URL').fill(receiverUrl);
  await dialog.getByLabel('Description').fill('Our CRM');
  await screenshot(page, 'integrations-endpoint-form', { phoneFullPage: false });
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  const secret = (await page.getByTestId('shown-once').textContent())!.trim();
  assert.match(secret, /^whsec_/);
  const card = page.getByTestId('webhook-endpoint');
  await card.getByText(receiverUrl).waitFor();
  await card.getByRole('button', { name: `Actions for ${receiverUrl}` }).click();
  const delivery = nextDelivery();
  await page.getByRole('menuitem', { name: 'Send test event' }).click();
  await delivery;
  assert.equal(received.length, 1);
  assert.equal(JSON.parse(received[0].body).type, 'webhook.test');
  assert.match(String(received[0].headers['webhook-signature']), /^v1,/);
  await card.getByRole('button', { name: `Actions for ${receiverUrl}` }).click();
  await page.getByRole('menuitem', { name: 'Delivery log' }).click();
  const log = page.getByRole('dialog', { name: 'Delivery log' });
  await log.getByText('Delivered').waitFor();
  await log.getByText(/^200 in /).waitFor();
  await log.getByText('{"received":true}').waitFor();
  await screenshot(page, 'integrations-delivery-log', { phoneFullPage: false });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await screenshot(page, 'integrations-page');
  await page.close();
});

test('the feed page makes an absolute feed link that works without a session, and a reset ends the old one', async () => {
  const page = await owner.newPage();
  await page.goto(`/feeds/${snippetId}/json`);
  await page.getByRole('button', { name: 'Create feed link' }).click();
  const csv = page.getByRole('textbox', { name: 'CSV link' });
  await csv.waitFor();
  const first = await csv.inputValue();
  assert.ok(first.startsWith(`${server.url}/api/reports/${snippetId}/download?key=`), first);
  await page.getByRole('button', { name: 'Copy the CSV link' }).click();
  assert.equal(await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText: () => Promise<string> } } }).navigator.clipboard.readText()), first);
  await screenshot(page, 'feed-link');

  const tool = await browser.newContext();
  const res = await tool.request.get(first);
  assert.equal(res.status(), 200);
  assert.match(res.headers()['content-type'], /text\/csv/);

  await page.getByRole('button', { name: 'Reset link' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reset link' }).click();
  // The CSV box shows the new address once the reset is answered.
  await page.waitForFunction(
    (old) => (globalThis as unknown as { document: { querySelector(s: string): { value: string } | null } }).document.querySelector('input[readonly]')?.value !== old,
    first,
  );
  const second = await csv.inputValue();
  assert.notEqual(second, first);
  assert.equal((await tool.request.get(first)).status(), 401);
  assert.equal((await tool.request.get(second)).status(), 200);
  await tool.close();
  await page.close();
});
