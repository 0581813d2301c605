// Chromium through playwright-core, launched exactly as this machine needs it, plus a screenshot
// helper that captures a page at desktop and phone widths.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ROOT } from './server.ts';

export const SCREENSHOT_DIR = path.join(ROOT, 'test', '.artifacts', 'screenshots');
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export async function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  // reducedMotion: the visitor's "reduce motion" setting, which the dashboard honours (no
  // sliding or fading panels), so a click never lands on something still moving.
  const context = await browser.newContext({ baseURL, viewport: DESKTOP, locale: 'en-US', timezoneId: 'UTC', reducedMotion: 'reduce' });
  context.setDefaultTimeout(15_000);
  return context;
}

// Browser files run side by side, so a name two files use would have one overwrite the other's
// picture: under `npm test` (which sets EYEMAIL_TEST_RUN) the first file to use a name owns it for
// the run, and another file asking for it fails with a clear message.
function claimScreenshotName(name: string): void {
  const run = process.env.EYEMAIL_TEST_RUN;
  if (!run) return;
  const dir = path.join(os.tmpdir(), `eyemail-screenshots-${run}`);
  fs.mkdirSync(dir, { recursive: true });
  const claim = path.join(dir, encodeURIComponent(name));
  const me = path.relative(ROOT, process.argv[1] ?? '');
  try {
    fs.writeFileSync(claim, me, { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const owner = fs.readFileSync(claim, 'utf8');
    if (owner !== me) throw new Error(`The screenshot name "${name}" is already used by ${owner}: give this one a name of its own`);
  }
}

// Waits until the page has settled: fonts loaded, two frames drawn (layout after a resize),
// every finite animation or transition finished (a dialog fading in, a panel sliding open) and
// the page no longer scrolling.
// Endless ones (a spinner) are not waited for. Bounded, since it only steadies a picture.
export async function settled(page: Page, timeoutMs = 10_000): Promise<void> {
  await page.evaluate(async (ms) => {
    type Anim = { playState: string; finished: Promise<unknown>; effect: { getComputedTiming(): { endTime?: number | string } } | null };
    const g = globalThis as unknown as {
      document: { fonts?: { ready: Promise<unknown> }; getAnimations(): Anim[] };
      requestAnimationFrame: (cb: () => void) => void;
      scrollX: number;
      scrollY: number;
    };
    const frames = () => new Promise<void>((r) => g.requestAnimationFrame(() => g.requestAnimationFrame(() => r())));
    const work = (async () => {
      await g.document.fonts?.ready;
      await frames();
      for (let round = 0; round < 5; round++) {
        const moving = g.document.getAnimations().filter((a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
        if (!moving.length) break;
        await Promise.all(moving.map((a) => a.finished.catch(() => undefined)));
        await frames();
      }
      // A smooth scroll still under way: the page keeps moving until two frames see one place.
      for (let round = 0; round < 60; round++) {
        const at = `${g.scrollX},${g.scrollY}`;
        await frames();
        if (at === `${g.scrollX},${g.scrollY}`) break;
      }
    })();
    await Promise.race([work, new Promise((r) => setTimeout(r, ms))]);
  }, timeoutMs);
}

// Changes the window size and waits until the page has laid itself out again at it: the app
// shell's side menu and padding slide rather than jump, so a box measured straight after a resize
// can still be on its way to where the user sees it.
export async function resizeTo(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await settled(page);
}

// Whether screenshot() saves pictures: yes unless SCREENSHOTS=0, which CI sets (nobody looks at
// its pictures, and they cost a resize, a settle and a capture at each width).
export const TAKE_SCREENSHOTS = process.env.SCREENSHOTS !== '0';

// Saves <name>-desktop.png (the 1280x800 viewport) and <name>-phone.png (390x844, the whole
// page unless `phoneFullPage` is false, e.g. under a dialog), then restores the desktop size.
// Each is taken once the page has settled at that size (see settled()). With SCREENSHOTS=0 it
// only restores the desktop size, so what follows runs at the same width either way.
export async function screenshot(page: Page, name: string, opts: { phoneFullPage?: boolean } = {}): Promise<void> {
  claimScreenshotName(name);
  if (!TAKE_SCREENSHOTS) {
    await resizeTo(page, DESKTOP);
    return;
  }
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const [label, size] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    await page.setViewportSize(size);
    await settled(page);
    const fullPage = label === 'phone' && opts.phoneFullPage !== false;
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${label}.png`), fullPage });
  }
  await page.setViewportSize(DESKTOP);
}

// Unique addresses per run, so nothing depends on what an earlier run left behind.
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

// The document title is set once the page has rendered; wait (bounded) for it rather than read
// it early. Polled from here: the app's CSP rightly forbids evaluating strings in the page.
export async function expectTitle(page: Page, title: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let seen = await page.title();
  while (seen !== title && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    seen = await page.title();
  }
  if (seen !== title) throw new Error(`Expected the title "${title}", got "${seen}"`);
}
