// What a new user trips over, at desktop (1280x800) and phone (390x844) width: toasts that cover
// the header and the title, the Companies tabs, the export dialog's Download button below the
// screen, the live preview at the bottom of a long form, and the keyboard: a way past the
// navigation, no Tab stops off screen, no field focused out of sight. (A preview that echoes
// invalid input is preview-pane.test.tsx's.) Screenshots: usability-*.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { allStarted, startServer, type RunningServer } from './support/server.ts';
import { DESKTOP, launchBrowser, PHONE, resizeTo, SCREENSHOT_DIR, settled, uniqueEmail } from './support/browser.ts';
import { createEyeMail, readyVideo, signUp } from './support/api.ts';

const run = promisify(execFile);
const password = 'Usable2024';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let dir: string;
let snippetId = '';

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function box(l: Locator): Promise<Box> {
  const b = await l.boundingBox();
  assert.ok(b, 'element has no box (not visible)');
  return b;
}

async function shot(name: string, size: { width: number; height: number }): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await settled(page);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `usability-${name}-${size === PHONE ? 'phone' : 'desktop'}.png`) });
}

// An encoded, active EyeMail made through the API the way the dashboard makes one.
async function makeSnippet(ctx: BrowserContext, clip: string): Promise<string> {
  const videoId = await readyVideo(ctx, clip, { name: 'autumn-sale-members-cut.mp4' });
  return createEyeMail(ctx, { title: 'Autumn sale for members', videoId, videoOverlay: 'none', addVideoOverlay: false, width: 600, landingPageUrl: 'https://shop.example.com/autumn' });
}

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-usability-'));
  const clip = path.join(dir, 'clip.mp4');
  // Each is kept as soon as it is up, so that `after` closes it even when another step fails.
  await allStarted([
    startServer().then((s) => (server = s)),
    launchBrowser().then((b) => (browser = b)),
    run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=15:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', clip]),
  ]);
  context = await browser.newContext({ baseURL: server.url, viewport: DESKTOP, locale: 'en-US', timezoneId: 'UTC', acceptDownloads: true, reducedMotion: 'reduce' });
  context.setDefaultTimeout(15_000);
  await signUp(context, { fullName: 'Uma Usable', email: uniqueEmail('uma'), password });
  snippetId = await makeSnippet(context, clip);
  page = await context.newPage();
});

after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('toasts never cover New EyeMail, the user menu or the page title (desktop and phone)', async () => {
  for (const size of [DESKTOP, PHONE]) {
    await resizeTo(page, size);
    await page.goto('/campaigns');
    const title = page.getByRole('heading', { name: 'My Campaigns', level: 1 });
    await title.waitFor();
    const header = page.getByRole('banner');
    const newEyeMail = header.getByRole('link', { name: 'New EyeMail' });
    const menu = header.getByRole('button', { name: 'Account menu' });
    // Three toasts at once, as a busy page may show.
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Create empty' }).click();
    const toasts = page.locator('.mantine-Notification-root');
    await toasts.nth(2).waitFor();
    await shot('toasts', size);
    for (let i = 0; i < (await toasts.count()); i++) {
      const t = await box(toasts.nth(i));
      for (const [name, l] of [['page title', title], ['New EyeMail', newEyeMail], ['user menu', menu]] as const) {
        assert.equal(overlaps(t, await box(l)), false, `a toast covers ${name} at ${size.width}px`);
      }
    }
    // The next size starts clean from a new page load, not by waiting for these to go (4 s).
  }
  await resizeTo(page, DESKTOP);
});

test('Companies tabs sit on one row with the underline beneath both (phone)', async () => {
  await resizeTo(page, PHONE);
  await page.goto('/companies');
  const owned = page.getByRole('tab', { name: 'Owned Companies' });
  const joined = page.getByRole('tab', { name: "Companies I've Joined" });
  await owned.waitFor();
  const [a, b, list] = [await box(owned), await box(joined), await box(page.getByRole('tablist'))];
  assert.equal(Math.round(a.y), Math.round(b.y), 'tabs on one row');
  assert.equal(Math.round(a.height), Math.round(b.height), 'tabs of one height');
  // The active tab's underline and the list's bottom line are the same line.
  assert.ok(Math.abs(a.y + a.height - (list.y + list.height)) <= 1, `tab bottom ${a.y + a.height}, list bottom ${list.y + list.height}`);
  assert.ok(b.x + b.width <= PHONE.width, 'the second tab fits the screen');
  await shot('companies', PHONE);
  await resizeTo(page, DESKTOP);
});

test("export on a phone: 'Download File (.html)' is on screen without scrolling and downloads", async () => {
  await resizeTo(page, PHONE);
  await page.goto(`/eyemails/${snippetId}`);
  await page.getByRole('toolbar', { name: 'EyeMail actions' }).getByRole('button', { name: 'Download' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download or Copy HTML' });
  const download = dialog.getByRole('button', { name: 'Download File (.html)' });
  await download.waitFor();
  // Enabled once the HTML has been generated.
  await dialog.getByRole('button', { name: 'Download File (.html)', disabled: false }).waitFor();
  await settled(page);
  const b = await box(download);
  // The whole label shows, not clipped.
  const clipped = await download.evaluate((el) => {
    const label = (el as unknown as { querySelector: (s: string) => { scrollWidth: number; clientWidth: number } }).querySelector('.mantine-Button-label');
    return label.scrollWidth > label.clientWidth + 1;
  });
  assert.equal(clipped, false, 'the Download File (.html) label is clipped');
  assert.ok(b.y >= 0 && b.y + b.height <= PHONE.height, `Download File is at y=${b.y}..${b.y + b.height} of ${PHONE.height}`);
  const preview = await box(dialog.getByRole('link', { name: 'Preview' }));
  assert.ok(preview.y + preview.height <= PHONE.height, 'Preview is on screen too');
  await shot('export', PHONE);
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  assert.match(file.suggestedFilename(), /\.html$/);
  await dialog.getByRole('button', { name: /close/i }).first().click().catch(() => page.keyboard.press('Escape'));
  await resizeTo(page, DESKTOP);
});

async function checkPreviewSwitch(pathname: string, name: string): Promise<void> {
  await resizeTo(page, PHONE);
  await page.goto(pathname);
  const show = page.getByRole('radiogroup', { name: 'Show' });
  await show.waitFor();
  const previewPane = page.getByRole('region', { name: 'Preview' });
  const title = page.getByRole('textbox', { name: 'Name' });
  assert.equal(await previewPane.isVisible(), false, 'the form comes first');
  await page.mouse.wheel(0, 1500);
  await settled(page);
  // The switch stays in reach while the form scrolls.
  const sw = await box(show);
  assert.ok(sw.y >= 0 && sw.y < 200, `switch at y=${sw.y}`);
  await shot(`${name}-scrolled`, PHONE);
  await show.getByText('Preview').click();
  await previewPane.waitFor();
  const p = await box(previewPane);
  assert.ok(p.y < PHONE.height && p.y >= 0, `preview starts at y=${p.y}`);
  assert.equal(await title.isVisible(), false, 'the form is hidden while previewing');
  await shot(`${name}-preview`, PHONE);
  await show.getByText('Details').click();
  await previewPane.waitFor({ state: 'hidden' });
  await shot(`${name}-details`, PHONE);
  // Desktop shows both side by side, no switch.
  await resizeTo(page, DESKTOP);
  await previewPane.waitFor();
  assert.equal(await show.count(), 0);
}

test('create and edit on a phone: a Details / Preview switch instead of a preview ~3000 px down', async () => {
  // 'More options' opens the full form, and this browser keeps opening it.
  await page.goto('/create-eyemail');
  await page.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('region', { name: 'Preview' }).waitFor();
  await checkPreviewSwitch('/create-eyemail', 'create');
  await checkPreviewSwitch(`/update-eyemail/${snippetId}`, 'edit');
});

// That the preview says where a click goes only for a valid landing page, never echoing invalid
// input, is the form's component test (web/src/features/eyemails/components/preview-pane.test.tsx).

// Where the keyboard focus is, and whether anything fixed on screen covers it: the header, the
// phone's Details / Preview switch or the wide screen's sticky submit bar.
type FocusSpot = { label: string; top: number; bottom: number; left: number; right: number; inMain: boolean; coveredBy: string | null };

function focusSpot(p: Page): Promise<FocusSpot> {
  return p.evaluate(() => {
    type R = { top: number; bottom: number; left: number; right: number; height: number };
    type E = {
      tagName: string;
      innerText?: string;
      getAttribute: (n: string) => string | null;
      getBoundingClientRect: () => R;
      closest: (s: string) => E | null;
      contains: (e: E) => boolean;
    };
    const d = (globalThis as unknown as { document: { activeElement: E; querySelector: (s: string) => E | null } }).document;
    const el = d.activeElement;
    const r = el.getBoundingClientRect();
    const label = `${el.tagName} ${el.getAttribute('aria-label') ?? el.getAttribute('name') ?? (el.innerText ?? '').slice(0, 30)}`.trim();
    const obstacles: [string, E | null][] = [
      ['the header', d.querySelector('header')],
      ['the Details / Preview switch', d.querySelector('[role="radiogroup"][aria-label="Show"]')],
      ['the submit bar', d.querySelector('form button[type="submit"]')?.closest('.mantine-Card-root') ?? null],
    ];
    let coveredBy: string | null = null;
    for (const [name, o] of obstacles) {
      if (!o || o.contains(el)) continue;
      const b = o.getBoundingClientRect();
      if (b.height === 0) continue;
      if (r.top < b.bottom - 1 && r.bottom > b.top + 1) coveredBy = name;
    }
    return { label, top: r.top, bottom: r.bottom, left: r.left, right: r.right, inMain: !!el.closest('main'), coveredBy };
  });
}

test('keyboard: Skip to content comes first; on a phone no Tab stop hides in the closed side navigation', async () => {
  await resizeTo(page, DESKTOP);
  await page.goto('/companies');
  await page.getByRole('heading', { name: 'My Companies', level: 1 }).waitFor();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  assert.equal(await skip.evaluate((el) => el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement), true, 'the first Tab stop is Skip to content');
  const s = await box(skip);
  assert.ok(s.y >= 0 && s.x >= 0, 'and it shows when focused');
  await shot('skip-link', DESKTOP);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  const first = await focusSpot(page);
  assert.equal(first.inMain, true, `after skipping, Tab goes into the page, not the navigation (${first.label})`);

  // A phone: the side navigation is a closed drawer; every Tab stop must be something on screen.
  await resizeTo(page, PHONE);
  await page.goto('/companies');
  await page.getByRole('heading', { name: 'My Companies', level: 1 }).waitFor();
  await page.keyboard.press('Tab'); // Skip to content
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    const f = await focusSpot(page);
    assert.ok(f.right > 0 && f.left < PHONE.width && f.bottom > 0, `Tab stop ${i + 1} (${f.label}) is off screen at x=${f.left}..${f.right}`);
  }
  await resizeTo(page, DESKTOP);
});

async function tabThroughForm(size: { width: number; height: number }, pathname: string, name: string): Promise<void> {
  await resizeTo(page, size);
  await page.goto(pathname);
  await page.getByRole('textbox', { name: 'Name' }).waitFor();
  await page.getByRole('textbox', { name: 'Name' }).focus();
  let seen = 0;
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press(key);
      await settled(page);
      const f = await focusSpot(page);
      if (!f.inMain) break;
      seen++;
      if (f.coveredBy) await shot(`${name}-focus-covered`, size);
      assert.equal(f.coveredBy, null, `${f.label} is focused under ${f.coveredBy} at ${size.width}px (y=${Math.round(f.top)}..${Math.round(f.bottom)})`);
    }
  }
  assert.ok(seen > 20, `only ${seen} fields reached`);
  await resizeTo(page, DESKTOP);
}

test('keyboard: a field reached with Tab or Shift+Tab is never under the header, the switch or the submit bar', async () => {
  await tabThroughForm(DESKTOP, `/update-eyemail/${snippetId}`, 'edit');
  await tabThroughForm(PHONE, `/update-eyemail/${snippetId}`, 'edit');
});

// Whether an element shows all of its text (no ellipsis, no clipped line).
function showsAllText(l: Locator): Promise<boolean> {
  return l.evaluate((el) => {
    const e = el as unknown as { scrollWidth: number; clientWidth: number; scrollHeight: number; clientHeight: number };
    return e.scrollWidth <= e.clientWidth + 1 && e.scrollHeight <= e.clientHeight + 1;
  });
}

test('phone: card titles show in full and the EyeMail actions sit in even columns, Download first', async () => {
  await resizeTo(page, PHONE);
  await page.goto('/eyemails');
  const card = page.getByRole('article', { name: 'Autumn sale for members' });
  await card.waitFor();
  assert.equal(await showsAllText(card.getByRole('link', { name: 'Autumn sale for members', exact: true })), true, 'the EyeMail card title is cut off');
  await shot('eyemail-cards', PHONE);
  await page.goto('/video-library');
  const video = page.getByRole('article', { name: 'autumn-sale-members-cut' });
  await video.waitFor();
  assert.equal(await showsAllText(video.getByText('autumn-sale-members-cut', { exact: true })), true, 'the video card title is cut off');
  await shot('video-cards', PHONE);

  await page.goto(`/eyemails/${snippetId}`);
  const bar = page.getByRole('toolbar', { name: 'EyeMail actions' });
  const download = await box(bar.getByRole('button', { name: 'Download' }));
  const barBox = await box(bar);
  const others = await Promise.all(['Modify', 'Preview', 'Deactivate', 'Delete'].map((n) => box(bar.getByRole(n === 'Modify' || n === 'Preview' ? 'link' : 'button', { name: n, exact: true }))));
  assert.ok(Math.abs(download.width - barBox.width) <= 1, `Download spans the row (${download.width} of ${barBox.width})`);
  assert.ok(others.every((o) => o.y > download.y), 'Download comes first');
  for (const o of others) assert.ok(Math.abs(o.width - others[0].width) <= 1, `actions of one width: ${others.map((x) => Math.round(x.width))}`);
  await shot('detail-actions', PHONE);

  await resizeTo(page, DESKTOP);
});

test('an inactive EyeMail says why Download is off, in words a phone shows (not only a hover tooltip)', async () => {
  await resizeTo(page, PHONE);
  await page.goto(`/eyemails/${snippetId}`);
  const bar = page.getByRole('toolbar', { name: 'EyeMail actions' });
  const hint = page.getByText('Download is off while this EyeMail is inactive: activate it to export its HTML.');
  await bar.getByRole('button', { name: 'Deactivate' }).click();
  await page.getByRole('dialog', { name: 'Alert!' }).getByRole('button', { name: 'Deactivate' }).click();
  const done = page.getByRole('dialog', { name: 'Deactivated!' });
  await done.getByRole('button', { name: 'OK' }).click();
  await done.waitFor({ state: 'hidden' });
  const download = bar.getByRole('button', { name: 'Download' });
  assert.equal(await download.isDisabled(), true);
  await hint.waitFor();
  const h = await box(hint);
  assert.ok(h.y + h.height <= PHONE.height, 'the reason shows without scrolling');
  // Screen readers hear it with the button.
  assert.equal(await download.getAttribute('aria-describedby'), await hint.getAttribute('id'));
  await shot('inactive', PHONE);
  // Active again: the line goes.
  await bar.getByRole('button', { name: 'Activate', exact: true }).click();
  await page.getByRole('dialog', { name: 'Alert!' }).getByRole('button', { name: 'Activate' }).click();
  const on = page.getByRole('dialog', { name: /Activated/ });
  await on.getByRole('button', { name: 'OK' }).click();
  await hint.waitFor({ state: 'detached' });
  assert.equal(await download.isDisabled(), false);
  await resizeTo(page, DESKTOP);
});
