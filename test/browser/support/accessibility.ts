// What the accessibility browser files share (accessibility-signed-out, accessibility-dashboard,
// accessibility-admin-dialogs): a server, one Chromium, contexts that let axe in (bypassCSP), a
// user with data (a video, an EyeMail with a landing page and a button, engagements on it) for
// the files that need one, running axe on a page (audit) or on a list of pages at desktop and
// phone widths in the running dashboard (auditRoutes), and the tally of everything axe found,
// printed when the file ends.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { allStarted, startServer, type RunningServer } from './server.ts';
import { DESKTOP, launchBrowser, PHONE, resizeTo, screenshot, uniqueEmail } from './browser.ts';
import { describeViolations, isBlocking, runAxe, type AxeViolation } from './axe.ts';
import { EYEMAIL_DEFAULTS, createEyeMail, readyVideo, signUp } from './api.ts';

const run = promisify(execFile);
const PASSWORD = 'Hopper1906';
export const TITLE = 'Spring launch';
export const SIZES = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

export let server: RunningServer;
let browser: Browser;
let dir: string;
// The user with data (startA11y({ seed: true }) only).
export let user: BrowserContext;
export let snippetId: string;
// Every violation seen (any impact), for the summary printed at the end.
const seen: { where: string; violations: AxeViolation[] }[] = [];

// axe is injected as a script: the app's CSP (rightly) refuses it unless bypassed for the test.
export async function newContext(): Promise<BrowserContext> {
  const c = await browser.newContext({ baseURL: server.url, viewport: DESKTOP, locale: 'en-US', timezoneId: 'UTC', bypassCSP: true });
  c.setDefaultTimeout(20_000);
  await c.request.get('/api/health');
  return c;
}

// A user with data: a video, an EyeMail with a landing page and a button, and engagements on it.
async function seedUser(): Promise<void> {
  user = await newContext();
  await signUp(user, { fullName: 'Grace Hopper', email: uniqueEmail('a11y'), password: PASSWORD });
  const videoId = await readyVideo(user, path.join(dir, 'clip.mp4'), { overlay: 'black' });
  snippetId = await createEyeMail(user, {
    ...EYEMAIL_DEFAULTS,
    title: TITLE,
    videoId,
    videoOverlay: 'black',
    addVideoOverlay: true,
    landingPageUrl: 'https://shop.example.com/spring',
    ctaButtonsJSON: JSON.stringify([{ title: 'Shop now', url: 'https://shop.example.com/sale', backgroundColor: '#5b3df5', fontColor: '#ffffff', btnSize: 'medium', fontSize: 'medium', radius: 6, bold: true }]),
  });
  for (const receiver of ['ann@example.com', 'bob@example.com']) {
    const res = await fetch(`${server.url}/t/o/${snippetId}.gif?v=${receiver}`, { headers: { 'User-Agent': 'Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.17029; Pro)' } });
    await res.arrayBuffer();
  }
  const click = await fetch(`${server.url}/t/c/${snippetId}?v=ann@example.com`, { redirect: 'manual', headers: { 'User-Agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0.0.0 Safari/537.36' } });
  await click.arrayBuffer();
}

// The server and the browser; with `seed`, a test clip and the user with data too.
export async function startA11y({ seed }: { seed: boolean }): Promise<void> {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-a11y-'));
  const clip = seed
    ? run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', 'clip.mp4'], { cwd: dir })
    : null;
  // Each is kept as soon as it is up, so that stopA11y closes it even when another step fails.
  await allStarted([startServer().then((s) => (server = s)), launchBrowser().then((b) => (browser = b)), ...(clip ? [clip] : [])]);
  if (seed) await seedUser();
}

export async function stopA11y(): Promise<void> {
  // The tally by rule and impact (elements), to see at a glance what the engine found.
  const tally = new Map<string, number>();
  for (const { violations } of seen) for (const v of violations) tally.set(`${v.id} (${v.impact})`, (tally.get(`${v.id} (${v.impact})`) ?? 0) + v.nodes.length);
  const lines = [...tally].sort((a, b) => b[1] - a[1]).map(([k, n]) => `  ${k}: ${n}`);
  console.log(`axe: ${seen.length} checks, ${[...tally.values()].reduce((a, b) => a + b, 0)} failing elements\n${lines.join('\n')}`);
  await user?.close();
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}

// Runs axe on what the page shows now; returns the blocking (critical or serious) findings.
export async function audit(page: Page, where: string): Promise<string[]> {
  const found = await runAxe(page);
  seen.push({ where, violations: found });
  const blocking = found.filter(isBlocking);
  return blocking.length ? [`${where}:\n${describeViolations(blocking)}`] : [];
}

export function assertClean(failures: string[]): void {
  assert.equal(failures.length, 0, `critical or serious accessibility violations:\n${failures.join('\n\n')}`);
}

// A page has rendered once its heading shows and no loader or skeleton is left.
export async function settled(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.locator('.mantine-Loader, .mantine-Skeleton').first().waitFor({ state: 'detached' });
}

// `shot`: a screenshot name, to look at the page's colours at both widths.
export type Visit = { path: string; ready?: (page: Page) => Promise<void>; shot?: string };

// Opens `to` in the running dashboard, as its own links do (no reload: axe, injected once, stays),
// and waits for the new page's heading: a heading that was not on the page before, or one whose
// text changed (a page of the same kind reusing the element).
async function openInApp(page: Page, to: string): Promise<void> {
  await page.evaluate((path) => {
    const g = globalThis as unknown as {
      document: { querySelectorAll(s: string): Iterable<{ setAttribute(n: string, v: string): void; textContent: string | null }> };
      history: { pushState(s: unknown, t: string, u: string): void };
      dispatchEvent(e: unknown): void;
      PopStateEvent: new (type: string) => unknown;
    };
    for (const h of g.document.querySelectorAll('h1')) h.setAttribute('data-before', h.textContent ?? '');
    g.history.pushState(null, '', path);
    g.dispatchEvent(new g.PopStateEvent('popstate'));
  }, to);
  await page.waitForURL((url) => url.pathname + url.search === to);
  await page.waitForFunction(() => {
    const g = globalThis as unknown as { document: { querySelectorAll(s: string): Iterable<{ getAttribute(n: string): string | null; textContent: string | null }> } };
    return [...g.document.querySelectorAll('h1')].some((h) => h.getAttribute('data-before') === null || h.getAttribute('data-before') !== h.textContent);
  });
}

// Each width starts with a real page load; the other pages are then opened in the running app.
export async function auditRoutes(ctx: BrowserContext, visits: Visit[], label: string): Promise<string[]> {
  const page = await ctx.newPage();
  const failures: string[] = [];
  for (const [width, size] of SIZES) {
    await resizeTo(page, size);
    for (const [i, visit] of visits.entries()) {
      if (i === 0) await page.goto(visit.path);
      else await openInApp(page, visit.path);
      await settled(page);
      await visit.ready?.(page);
      failures.push(...(await audit(page, `${label} ${visit.path} at ${width}`)));
      if (visit.shot && width === 'desktop') await screenshot(page, visit.shot);
    }
  }
  await page.close();
  return failures;
}
