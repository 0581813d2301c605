// What the security-xss browser files share (security-xss-dashboard, security-xss-public-admin):
// the hostile texts (each payload would call window.X or alert if it ran), a server with a user
// whose name, EyeMail (title, links, buttons, file names) and support message hold them, the
// admin, contexts that record any payload that runs and any dialog, and visiting a page to check
// that nothing ran.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { allStarted, ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './server.ts';
import { DESKTOP, launchBrowser, screenshot, uniqueEmail } from './browser.ts';
import { api, readyVideo, upload } from './api.ts';

const run = promisify(execFile);

// Each payload names the field it was typed into, so a run says where it came from.
export const payload = (tag: string) => `"'><svg/onload=X('${tag}')><img src=x onerror=X('${tag}')>`;
export const NAME = `${payload('name')}`.slice(0, 60);
export const LAST = `<script>X('last')</script>`;
export const TITLE = `${payload('title')}</title><script>X('title2')</script>{{constructor.constructor('X(1)')()}}`;
export const HEADER = `</a></td>${payload('header')}`;
export const PREHEADER = `<!--${payload('pre')}-->`;
// Buttons hold 16 characters at most.
export const BUTTON = `<svg/onload=X()>`;
export const URL_HOSTILE = `https://shop.example.com/?q="><svg/onload=X('url')>&x='onmouseover='X(2)`;
export const SUPPORT = `${payload('support')}</textarea><script>X('support2')</script>`;

let server: RunningServer;
let browser: Browser;
export let user: BrowserContext;
export let admin: BrowserContext;
export let recipient: BrowserContext;
let dir: string;
export let snippetId: string;
export let email: string;
export const dialogs: string[] = [];

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

export async function ran(page: Page): Promise<string[]> {
  return page.evaluate(() => (globalThis as unknown as { __ran: string[] }).__ran);
}

// Points the mouse at everything of `selector` the page shows, in case a handler waits for that:
// each element gets the events a mouse arriving over it fires (mouseover, which React turns into
// its onMouseEnter, mouseenter and mousemove), even one something covers, all in one call in the
// page rather than a mouse move per element; then two frames, for what they open (a tooltip) to
// render. Hidden elements are left out: no one can point at them.
export async function hoverAll(page: Page, selector: string): Promise<void> {
  await page
    .locator(selector)
    .filter({ visible: true })
    .evaluateAll(async (els) => {
      type El = { getBoundingClientRect(): { left: number; top: number; width: number; height: number }; dispatchEvent(e: unknown): boolean };
      const g = globalThis as unknown as { MouseEvent: new (type: string, init: object) => unknown; requestAnimationFrame: (cb: () => void) => void };
      for (const el of els as unknown as El[]) {
        const r = el.getBoundingClientRect();
        const at = { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2, view: globalThis };
        el.dispatchEvent(new g.MouseEvent('mouseover', { ...at, bubbles: true, cancelable: true }));
        el.dispatchEvent(new g.MouseEvent('mouseenter', { ...at, bubbles: false }));
        el.dispatchEvent(new g.MouseEvent('mousemove', { ...at, bubbles: true, cancelable: true }));
      }
      await new Promise<void>((resolve) => g.requestAnimationFrame(() => g.requestAnimationFrame(() => resolve())));
    });
}

// Opens a page, lets it settle, and checks nothing ran; returns its visible text.
export async function visit(page: Page, url: string, shot: string): Promise<string> {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await hoverAll(page, 'a, button, img, video');
  assert.deepEqual(await ran(page), [], `nothing ran on ${url}`);
  await screenshot(page, shot);
  return page.locator('body').innerText();
}

export async function startXss(): Promise<void> {
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
}

export async function stopXss(): Promise<void> {
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}
