// The app reached by another address than its public one: the browser opens 127.0.0.1 while
// PUBLIC_BASE_URL (where stored media URLs point) says localhost. The page's
// Content-Security-Policy must let pictures and videos from the public address load; an origin
// it does not name stays blocked.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { allStarted, startServer, type RunningServer } from './support/server.ts';
import { launchBrowser, newContext } from './support/browser.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

before(async () => {
  // Each is kept as soon as it is up, so that `after` closes it even when another step fails.
  await allStarted([startServer({ publicHost: 'localhost' }).then((s) => (server = s)), launchBrowser().then((b) => (browser = b))]);
  context = await newContext(browser, server.url);
  page = await context.newPage();
});

after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

test('pictures and videos on the public address load on a page opened by another address', async () => {
  const port = new URL(server.url).port;
  const publicOrigin = `http://localhost:${port}`;
  assert.equal(new URL(server.url).hostname, '127.0.0.1');
  await page.goto('/signin');
  await page.getByRole('button', { name: /sign in/i }).first().waitFor();

  const outcome = await page.evaluate(
    async ({ publicOrigin, foreignOrigin }) => {
      const doc = (globalThis as unknown as { document: any }).document;
      const violations: string[] = [];
      doc.addEventListener('securitypolicyviolation', (e: { blockedURI: string; effectiveDirective: string }) => violations.push(`${e.effectiveDirective} ${e.blockedURI}`));
      const box = doc.createElement('div');
      box.style.cssText = 'position:fixed;left:16px;bottom:16px;display:flex;gap:12px;background:#fff;padding:12px;border:2px solid #7950f2;z-index:9999';
      doc.body.appendChild(box);
      const load = (el: any, ok: string, bad: string) =>
        new Promise<boolean>((resolve) => {
          el.addEventListener(ok, () => resolve(true), { once: true });
          el.addEventListener(bad, () => resolve(false), { once: true });
          setTimeout(() => resolve(false), 8000);
        });
      const img = doc.createElement('img');
      img.width = 160;
      const imgLoaded = load(img, 'load', 'error');
      img.src = `${publicOrigin}/static/viewer/poster.svg`;
      const video = doc.createElement('video');
      video.width = 240;
      video.muted = true;
      video.preload = 'auto';
      const videoLoaded = load(video, 'loadeddata', 'error');
      video.src = `${publicOrigin}/static/welcome.mp4`;
      const foreign = doc.createElement('img');
      const foreignLoaded = load(foreign, 'load', 'error');
      foreign.src = `${foreignOrigin}/static/viewer/poster.svg`;
      box.append(img, video, foreign);
      const result = { img: await imgLoaded, video: await videoLoaded, foreign: await foreignLoaded, width: img.naturalWidth, videoWidth: video.videoWidth };
      return { ...result, violations };
    },
    { publicOrigin, foreignOrigin: `http://media-elsewhere.invalid:${port}` },
  );
  assert.equal(outcome.img, true, `the picture from ${publicOrigin} did not load: ${outcome.violations.join(', ')}`);
  assert.ok(outcome.width > 0);
  assert.equal(outcome.video, true, `the video from ${publicOrigin} did not load: ${outcome.violations.join(', ')}`);
  assert.ok(outcome.videoWidth > 0);
  assert.equal(outcome.violations.some((v) => v.includes('localhost')), false);
  // the policy is in force: an origin it does not name is refused by the browser itself
  assert.equal(outcome.foreign, false);
  assert.ok(outcome.violations.some((v) => v.startsWith('img-src') && v.includes('media-elsewhere.invalid')), outcome.violations.join(', '));
});
