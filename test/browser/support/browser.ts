// Chromium through playwright-core, launched exactly as this machine needs it, plus a screenshot
// helper that captures a page at desktop and phone widths.
import fs from 'node:fs';
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
  const context = await browser.newContext({ baseURL, viewport: DESKTOP, locale: 'en-US', timezoneId: 'UTC' });
  context.setDefaultTimeout(15_000);
  return context;
}

// Saves <name>-desktop.png (the 1280x800 viewport) and <name>-phone.png (390x844, the whole
// page unless `phoneFullPage` is false, e.g. under a dialog), then restores the desktop size.
export async function screenshot(page: Page, name: string, opts: { phoneFullPage?: boolean } = {}): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const [label, size] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    await page.setViewportSize(size);
    // Let layout settle after the resize (media queries, transitions).
    await page.evaluate(() => {
      const raf = (globalThis as unknown as { requestAnimationFrame: (cb: () => void) => void }).requestAnimationFrame;
      return new Promise<void>((r) => raf(() => raf(() => r())));
    });
    await page.waitForTimeout(250);
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
