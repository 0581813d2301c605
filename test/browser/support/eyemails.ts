// What the EyeMail browser files share (eyemails-create, eyemails-manage, eyemails-getting-started):
// their test media, a signed-in account, holding the encode requests so the page is watched while
// the server really encodes, the progress the server reported and the progress bar showed, and
// whether a page opened at its top.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page, Request, Route } from 'playwright-core';
import { DESKTOP, uniqueEmail } from './browser.ts';
import { signUp } from './api.ts';

const run = promisify(execFile);

export const EYEMAIL_PASSWORD = 'Analytical1843';

// A 2 s clip with sound (640x360) and a logo, in a new temporary folder; returns the folder.
export async function makeEyeMailFixtures(prefix: string, { logo = true } = {}): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `eyemail-${prefix}-`));
  const ff = (...args: string[]) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { cwd: dir });
  await Promise.all([
    ff('-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=2', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', 'clip.mp4'),
    logo ? ff('-f', 'lavfi', '-i', 'color=c=0x5b3df5:size=240x80', '-frames:v', '1', 'logo.png') : null,
  ]);
  return dir;
}

// A context signed in as a new account of this tier (downloads accepted, reduced motion).
export async function newUserContext(browser: Browser, baseURL: string, tier: 'standard' | 'enterprise', name: string): Promise<BrowserContext> {
  const ctx = await browser.newContext({ baseURL, viewport: DESKTOP, locale: 'en-US', timezoneId: 'UTC', acceptDownloads: true, reducedMotion: 'reduce' });
  ctx.setDefaultTimeout(15_000);
  await signUp(ctx, { fullName: name, email: uniqueEmail(tier), password: EYEMAIL_PASSWORD, tier });
  return ctx;
}

// Holds every "encode this video" request (POST videos/{id}) until released: the encoding then
// really runs on the server while the page is watched, however fast this machine encodes.
export async function holdEncodeRequests(p: Page): Promise<{ release: () => void; requests: Request[]; stop: () => Promise<void> }> {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const requests: Request[] = [];
  const matcher = (url: URL) => /^\/api\/videos\/[^/]+$/.test(url.pathname);
  const handler = async (route: Route) => {
    if (route.request().method() !== 'POST') return route.continue();
    requests.push(route.request());
    await gate;
    await route.continue();
  };
  await p.route(matcher, handler);
  return { release: open, requests, stop: () => p.unroute(matcher, handler) };
}

// Every encoding progress the server reported to the page.
export function recordServerProgress(p: Page): number[] {
  const seen: number[] = [];
  p.on('response', async (res) => {
    if (!/^\/api\/videos\/(encodings\/)?[^/]+$/.test(new URL(res.url()).pathname)) return;
    try {
      const body = (await res.json()).body;
      if (body && typeof body.progress === 'number') seen.push(body.state === 'completed' ? 100 : Math.floor(body.progress));
    } catch {
      // not JSON
    }
  });
  return seen;
}

// Reads a progress bar's value until `until` resolves.
export async function watchBar(p: Page, name: string, until: Promise<unknown>): Promise<number[]> {
  const values: number[] = [];
  let done = false;
  void until.finally(() => (done = true));
  const bar = p.getByRole('progressbar', { name });
  while (!done) {
    const raw = await bar.getAttribute('aria-valuenow', { timeout: 200 }).catch(() => null);
    if (raw !== null && values.at(-1) !== Number(raw)) values.push(Number(raw));
    await new Promise((r) => setTimeout(r, 40));
  }
  return values;
}

// The page is scrolled to its top and the title (h1) is inside the viewport.
export async function expectAtTop(p: Page, title: string): Promise<void> {
  const box = (await p.getByRole('heading', { name: title, level: 1 }).boundingBox())!;
  const { scrollY, height } = await p.evaluate(() => {
    const w = globalThis as unknown as { scrollY: number; innerHeight: number };
    return { scrollY: w.scrollY, height: w.innerHeight };
  });
  assert.equal(scrollY, 0, 'the page opens at its top');
  assert.ok(box.y >= 0 && box.y + box.height <= height, `the title is out of view: ${JSON.stringify(box)}`);
}
