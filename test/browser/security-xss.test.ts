// Script in every text a user can write, rendered where people see it: the public viewer (/live,
// /livePreview, /eyemail), /emailpreview, the exported email HTML (opened with no CSP at all, as
// a mail client would) and the dashboard pages (list, detail, edit form, reports, support, profile,
// home, and the admin's user list). Every payload would call window.X or alert if it ran: none
// may, and the text is shown as typed. Screenshots: xss-*.png.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { allStarted, ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './support/server.ts';
import { DESKTOP, launchBrowser, screenshot, uniqueEmail } from './support/browser.ts';
import { api, readyVideo, upload } from './support/api.ts';

const run = promisify(execFile);

// Each payload names the field it was typed into, so a run says where it came from.
const payload = (tag: string) => `"'><svg/onload=X('${tag}')><img src=x onerror=X('${tag}')>`;
const NAME = `${payload('name')}`.slice(0, 60);
const LAST = `<script>X('last')</script>`;
const TITLE = `${payload('title')}</title><script>X('title2')</script>{{constructor.constructor('X(1)')()}}`;
const HEADER = `</a></td>${payload('header')}`;
const PREHEADER = `<!--${payload('pre')}-->`;
// Buttons hold 16 characters at most.
const BUTTON = `<svg/onload=X()>`;
const URL_HOSTILE = `https://shop.example.com/?q="><svg/onload=X('url')>&x='onmouseover='X(2)`;
const SUPPORT = `${payload('support')}</textarea><script>X('support2')</script>`;

let server: RunningServer;
let browser: Browser;
let user: BrowserContext;
let admin: BrowserContext;
let recipient: BrowserContext;
let dir: string;
let snippetId: string;
let email: string;
const dialogs: string[] = [];

// Recorders for the payloads, installed before any page script runs.
async function watch(ctx: BrowserContext): Promise<void> {
  await ctx.addInitScript(() => {
    const w = globalThis as unknown as { __ran: string[]; X: (t?: unknown) => void; alert: unknown; confirm: unknown; prompt: unknown };
    w.__ran = [];
    w.X = (t) => w.__ran.push(String(t));
    w.alert = w.confirm = w.prompt = (m: unknown) => w.__ran.push(`dialog ${String(m)}`);
  });
}

async function newCtx(): Promise<BrowserContext> {
  const ctx = await browser.newContext({ baseURL: server.url, viewport: DESKTOP, locale: 'en-US', timezoneId: 'UTC', reducedMotion: 'reduce' });
  ctx.setDefaultTimeout(15_000);
  await watch(ctx);
  ctx.on('page', (p) => p.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss())));
  return ctx;
}

async function ran(page: Page): Promise<string[]> {
  return page.evaluate(() => (globalThis as unknown as { __ran: string[] }).__ran);
}

// Moves the mouse over what the page shows (the first 30), in case a handler waits for that.
// Hidden elements are left out: no one can point at them (each would only wait out a timeout).
// `force`: over the element even when something covers it, as the mouse would be.
async function hoverAll(page: Page, selector: string): Promise<void> {
  for (const el of (await page.locator(selector).filter({ visible: true }).all()).slice(0, 30)) await el.hover({ force: true, timeout: 1000 }).catch(() => undefined);
}

// Opens a page, lets it settle, and checks nothing ran; returns its visible text.
async function visit(page: Page, url: string, shot: string): Promise<string> {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await hoverAll(page, 'a, button, img, video');
  assert.deepEqual(await ran(page), [], `nothing ran on ${url}`);
  await screenshot(page, shot);
  return page.locator('body').innerText();
}

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-xss-'));
  // Each is kept as soon as it is up, so that `after` closes it even when another step fails.
  await allStarted([startServer().then((s) => (server = s)), launchBrowser().then((b) => (browser = b))]);
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', 'clip.mp4'], { cwd: dir });
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0x1c7ed6:size=200x200', '-frames:v', '1', 'icon.png'], { cwd: dir });
  user = await newCtx();
  admin = await newCtx();
  recipient = await newCtx();
  await user.request.get('/api/health');
  email = uniqueEmail('xss');
  await api(user, 'post', '/api/accounts/signup', { data: { fullName: `${NAME} Lee`, email, password: 'Secret123', confirmPassword: 'Secret123', tier: 'standard' } });
  await api(user, 'put', '/api/users/profile', { data: { firstName: NAME, lastName: LAST, email, country: null, timezone: null } });
  // Hostile file names too.
  const videoId = await readyVideo(user, path.join(dir, 'clip.mp4'), { name: `${payload('file')}.mp4` });
  const iconId = await upload(user, 'videoIcon', path.join(dir, 'icon.png'), { name: `${payload('file')}.png` });
  snippetId = (
    await api(user, 'post', '/api/snippets', {
      data: {
        title: TITLE,
        videoId,
        landingPageUrl: URL_HOSTILE,
        videoURLData: URL_HOSTILE,
        videoLogoImgId: iconId,
        ctaButtonsJSON: JSON.stringify([
          { title: BUTTON, url: URL_HOSTILE, backgroundColor: '#e8590c', radius: 6 },
          { title: `'"><b>x</b>`, url: 'https://shop.example.com/b', backgroundColor: '#1c7ed6', radius: 6 },
        ]),
      },
    })
  ).snippet;
  await api(user, 'post', '/api/support', { data: { type: 'Bug / Issues', message: SUPPORT, snippetId } });
  await admin.request.get('/api/health');
  await api(admin, 'post', '/api/accounts/signin', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
});

after(async () => {
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('the public pages show the hostile text as text and run none of it', async () => {
  const page = await recipient.newPage();
  for (const [url, shot] of [
    [`/live/${snippetId}`, 'xss-live'],
    [`/livePreview/${snippetId}`, 'xss-live-preview'],
    [`/emailpreview/${snippetId}`, 'xss-emailpreview'],
    [`/eyemail/${snippetId}?v=${encodeURIComponent(payload('receiver'))}`, 'xss-webview'],
  ]) {
    await visit(page, url, shot);
  }
  // The viewer names the EyeMail as typed.
  await page.goto(`/live/${snippetId}`);
  assert.equal(await page.title(), `${TITLE} | EyeMail`);
  await page.close();
});

test('the exported email, opened without any CSP as a mail client would, runs nothing and shows the text as typed', async () => {
  const q = new URLSearchParams({ emailPlatform: 'mailchimp', includeHeader: 'true', headerText: HEADER, preheader: PREHEADER, includeUnsubscribeLink: 'true' });
  const exported = await api(user, 'get', `/api/snippets/${snippetId}/html?${q}`);
  const page = await recipient.newPage();
  await page.goto('about:blank');
  await page.setContent(exported.html, { waitUntil: 'load' });
  await hoverAll(page, 'a, img, video');
  assert.deepEqual(await ran(page), [], 'nothing ran in the export');
  assert.equal(await page.locator('script').count(), 0);
  const text = await page.locator('body').innerText();
  assert.ok(text.includes(HEADER), 'the header shows as typed');
  assert.ok(text.includes(BUTTON), 'the button shows as typed');
  const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  assert.ok(hrefs.every((h) => /^(https?:|\*\||mailto:|#|\{)/i.test(h) || h === ''), `only web links: ${hrefs.join(' ')}`);
  await screenshot(page, 'xss-export');
  await page.close();
});

test('the dashboard pages show the hostile text as text and run none of it', async () => {
  const page = await user.newPage();
  const home = await visit(page, '/', 'xss-home');
  assert.ok(home.includes(NAME.split(/\s+/)[0]), 'home greets by the name as typed');
  const list = await visit(page, '/eyemails', 'xss-list');
  assert.ok(list.includes(TITLE), 'the list shows the title as typed');
  const detail = await visit(page, `/eyemails/${snippetId}`, 'xss-detail');
  assert.ok(detail.includes(TITLE), 'the detail page shows the title as typed');
  // The landing page and the video link rows each show the address (as the server normalised it:
  // quotes and brackets percent-encoded), as a link to it.
  await page.getByRole('button', { name: 'Copy Video link' }).waitFor();
  assert.equal(await page.getByRole('link', { name: new URL(URL_HOSTILE).href, exact: true }).count(), 2);
  await visit(page, `/update-eyemail/${snippetId}`, 'xss-edit');
  assert.equal(await page.getByRole('textbox', { name: /^Name/ }).first().inputValue(), TITLE, 'the edit form holds the title as typed');
  await visit(page, `/reports/${snippetId}`, 'xss-report');
  await visit(page, '/video-library', 'xss-videos');
  await visit(page, '/support', 'xss-support');
  await visit(page, '/profile', 'xss-profile');
  assert.equal(await page.getByLabel(/^First name/i).inputValue(), NAME, 'the profile holds the name as typed');
  await visit(page, '/settings', 'xss-settings');
  await page.close();
});

test('the admin pages show the hostile names as text and run none of it', async () => {
  const page = await admin.newPage();
  await visit(page, '/admin-dashboard', 'xss-admin-dashboard');
  const users = await visit(page, '/admin-manage-user', 'xss-admin-users');
  assert.ok(users.includes(NAME) || users.includes(NAME.slice(0, 12)), 'the user list shows the name as typed');
  await visit(page, `/admin-video?email=${Buffer.from(email).toString('base64')}`, 'xss-admin-videos');
  await page.close();
});

test('no dialog opened anywhere', () => {
  assert.deepEqual(dialogs, []);
});
