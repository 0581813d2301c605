// Accessibility checked by a third-party engine: axe-core against WCAG 2.1 A and AA on every page
// of the dashboard, at desktop and phone widths, signed out, signed in as a user with data and as
// the admin, with the main dialogs and menus open; then the public web view, the email preview and
// the exported email HTML itself. No violation of impact critical or serious may remain; a failure
// lists each rule with its count and first element, so it explains itself.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { allStarted, ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type RunningServer } from './support/server.ts';
import { DESKTOP, PHONE, launchBrowser, screenshot, uniqueEmail } from './support/browser.ts';
import { describeViolations, isBlocking, runAxe, type AxeViolation } from './support/axe.ts';
import { EYEMAIL_DEFAULTS, createEyeMail, readyVideo, signUp } from './support/api.ts';

const run = promisify(execFile);
const PASSWORD = 'Hopper1906';
const TITLE = 'Spring launch';
const SIZES = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

let server: RunningServer;
let browser: Browser;
let dir: string;
let user: BrowserContext;
let snippetId: string;
// Every violation seen (any impact), for the summary printed at the end.
const seen: { where: string; violations: AxeViolation[] }[] = [];

// axe is injected as a script: the app's CSP (rightly) refuses it unless bypassed for the test.
async function newContext(): Promise<BrowserContext> {
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

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-a11y-'));
  const clip = run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', 'clip.mp4'], { cwd: dir });
  // Each is kept as soon as it is up, so that `after` closes it even when another step fails.
  await allStarted([startServer().then((s) => (server = s)), launchBrowser().then((b) => (browser = b)), clip]);
  await seedUser();
});

after(async () => {
  // The tally by rule and impact (elements), to see at a glance what the engine found.
  const tally = new Map<string, number>();
  for (const { violations } of seen) for (const v of violations) tally.set(`${v.id} (${v.impact})`, (tally.get(`${v.id} (${v.impact})`) ?? 0) + v.nodes.length);
  const lines = [...tally].sort((a, b) => b[1] - a[1]).map(([k, n]) => `  ${k}: ${n}`);
  console.log(`axe: ${seen.length} checks, ${[...tally.values()].reduce((a, b) => a + b, 0)} failing elements\n${lines.join('\n')}`);
  await user?.close();
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

// Runs axe on what the page shows now; returns the blocking (critical or serious) findings.
async function audit(page: Page, where: string): Promise<string[]> {
  const found = await runAxe(page);
  seen.push({ where, violations: found });
  const blocking = found.filter(isBlocking);
  return blocking.length ? [`${where}:\n${describeViolations(blocking)}`] : [];
}

function assertClean(failures: string[]): void {
  assert.equal(failures.length, 0, `critical or serious accessibility violations:\n${failures.join('\n\n')}`);
}

// A page has rendered once its heading shows and no loader or skeleton is left.
async function settled(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.locator('.mantine-Loader, .mantine-Skeleton').first().waitFor({ state: 'detached' });
}

// `shot`: a screenshot name, to look at the page's colours at both widths.
type Visit = { path: string; ready?: (page: Page) => Promise<void>; shot?: string };

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
async function auditRoutes(ctx: BrowserContext, visits: Visit[], label: string): Promise<string[]> {
  const page = await ctx.newPage();
  const failures: string[] = [];
  for (const [width, size] of SIZES) {
    await page.setViewportSize(size);
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

test('signed out: sign in, sign up, password pages, legal pages, 404', async () => {
  const ctx = await newContext();
  const failures = await auditRoutes(
    ctx,
    [
      { path: '/signin', ready: (p) => p.getByRole('button', { name: 'Sign in' }).waitFor() },
      { path: '/signup', shot: 'a11y-signup' },
      { path: '/companysignup/acme' },
      { path: '/forgotpassword' },
      { path: '/resetpassword?token=expired' },
      { path: '/emailverification?token=expired' },
      { path: '/terms-of-service' },
      { path: '/privacy-policy' },
      { path: '/no-such-page' },
    ],
    'signed out',
  );
  await ctx.close();
  assertClean(failures);
});

test('signed in with data: every dashboard page', async () => {
  const tile = (p: Page) => p.getByTestId('tile-totalViews').getByTestId('tile-value').filter({ hasText: '2' }).waitFor();
  const failures = await auditRoutes(
    user,
    [
      { path: '/', shot: 'a11y-home' },
      { path: '/eyemails', ready: (p) => p.getByText(TITLE).first().waitFor(), shot: 'a11y-eyemails' },
      { path: `/eyemails/${snippetId}`, ready: (p) => p.getByRole('heading', { name: TITLE, level: 1 }).waitFor(), shot: 'a11y-detail' },
      { path: '/create-eyemail', ready: (p) => p.getByRole('region', { name: 'Getting Started' }).waitFor() },
      { path: `/update-eyemail/${snippetId}`, ready: (p) => p.getByRole('heading', { name: 'Update EyeMail', level: 1 }).waitFor() },
      { path: '/video-library', ready: (p) => p.locator('video, img').first().waitFor() },
      { path: '/reports', ready: (p) => p.getByRole('combobox', { name: 'EyeMail' }).waitFor() },
      { path: `/reports/${snippetId}`, ready: tile, shot: 'a11y-report' },
      { path: `/feeds/${snippetId}/json`, ready: (p) => p.getByText('"receiver"').first().waitFor() },
      { path: '/profile', ready: (p) => p.getByLabel(/^Email/).first().waitFor() },
      { path: '/settings' },
      { path: '/integrations', ready: (p) => p.getByText('You have no API tokens yet.').waitFor() },
      { path: '/support', ready: (p) => p.getByRole('button', { name: 'How long should my video be?' }).waitFor() },
      { path: '/product-lines' },
      { path: '/campaigns' },
      { path: '/templates' },
      { path: '/companies' },
    ],
    'user',
  );
  assertClean(failures);
});

test('admin: dashboard, users, videos', async () => {
  const ctx = await newContext();
  const page = await ctx.newPage();
  await page.goto('/signin');
  await page.getByLabel(/^Email/).fill(ADMIN_EMAIL);
  await page.getByLabel(/^Password/).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/admin-dashboard');
  await page.close();
  const failures = await auditRoutes(
    ctx,
    [
      { path: '/admin-dashboard', ready: (p) => p.getByRole('main').getByRole('link', { name: /Users/ }).waitFor() },
      // The table on wider screens, a list on phones: either way, the first user shown.
      {
        path: '/admin-manage-user',
        ready: (p) => p.locator('table[aria-busy="false"] tbody tr, [data-testid="user-list"][aria-busy="false"] > *').filter({ visible: true }).first().waitFor(),
        shot: 'a11y-admin-users',
      },
      { path: '/admin-video' },
    ],
    'admin',
  );
  await ctx.close();
  assertClean(failures);
});

test('with the dialogs and menus open: export, confirm delete, upload, account menu', async () => {
  const page = await user.newPage();
  const failures: string[] = [];
  for (const [width, size] of SIZES) {
    await page.setViewportSize(size);
    await page.goto(`/eyemails/${snippetId}`);
    await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Download' }).click();
    const exportDialog = page.getByRole('dialog', { name: 'Download or Copy HTML' });
    await exportDialog.getByRole('combobox', { name: 'Email platform' }).waitFor();
    await page.waitForFunction((el) => ((el as unknown as { value: string }).value ?? '').includes('<table'), await exportDialog.getByLabel('Video HTML').elementHandle());
    failures.push(...(await audit(page, `export modal at ${width}`)));
    if (width === 'desktop') await screenshot(page, 'a11y-export-modal', { phoneFullPage: false });
    await page.keyboard.press('Escape');
    await exportDialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByRole('button', { name: /Delete|Yes/ }).first().waitFor();
    failures.push(...(await audit(page, `confirm delete at ${width}`)));
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menu').waitFor();
    failures.push(...(await audit(page, `account menu at ${width}`)));
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'hidden' });

    await page.goto('/video-library');
    await page.getByRole('heading', { name: 'My Videos', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Upload' }).first().click();
    const upload = page.getByRole('dialog', { name: 'Upload a video' });
    await upload.waitFor();
    // The drop area is the control the keyboard reaches: named by what it says.
    const drop = upload.getByRole('group', { name: 'Drag a video here or click to choose' });
    assert.equal(await drop.getAttribute('tabindex'), '0');
    failures.push(...(await audit(page, `upload modal at ${width}`)));
    if (width === 'desktop') await screenshot(page, 'a11y-upload-modal', { phoneFullPage: false });
    await page.keyboard.press('Escape');
    await upload.waitFor({ state: 'hidden' });
  }
  await page.close();
  assertClean(failures);
});

test('public pages: the web view, the email preview and the exported email HTML', async () => {
  const ctx = await newContext();
  const page = await ctx.newPage();
  const res = await user.request.get(`/api/snippets/${snippetId}/html?emailPlatform=other&includeHeader=true&headerText=${encodeURIComponent('Watch with sound on')}&includeUnsubscribeLink=true`);
  assert.equal(res.status(), 200, await res.text());
  const exported = (await res.json()).body.html as string;
  const failures: string[] = [];
  for (const [width, size] of SIZES) {
    await page.setViewportSize(size);
    await page.goto(`/eyemail/${snippetId}?v=ann@example.com`);
    await page.getByRole('link', { name: 'Shop now' }).waitFor();
    failures.push(...(await audit(page, `web view at ${width}`)));

    await page.goto(`/emailpreview/${snippetId}?emailHeader=${encodeURIComponent('Watch with sound on')}&speakerIcon=true&unsub=true&p=other`);
    await page.getByRole('link', { name: 'Shop now' }).waitFor();
    failures.push(...(await audit(page, `email preview at ${width}`)));

    await page.goto('/api/health');
    await page.setContent(exported);
    await page.getByRole('link', { name: 'Shop now' }).waitFor();
    failures.push(...(await audit(page, `exported email at ${width}`)));
  }
  await screenshot(page, 'a11y-exported-email');
  await ctx.close();
  assertClean(failures);
});

test('a focused text field shows a 2 px ring, not only a 1 px border colour change', async () => {
  const ctx = await newContext();
  const page = await ctx.newPage();
  await page.goto('/signin');
  const email = page.getByLabel(/^Email/);
  await email.waitFor();
  const ring = () =>
    email.evaluate((el) => {
      const cs = (globalThis as unknown as { getComputedStyle(e: unknown): { outlineStyle: string; outlineWidth: string; outlineColor: string } }).getComputedStyle(el);
      return { style: cs.outlineStyle, width: parseFloat(cs.outlineWidth), color: cs.outlineColor };
    });
  const resting = await ring();
  await page.keyboard.press('Tab');
  await email.focus();
  const focused = await ring();
  assert.equal(resting.style, 'none', `no ring at rest: ${JSON.stringify(resting)}`);
  assert.equal(focused.style, 'solid', `a ring on focus: ${JSON.stringify(focused)}`);
  assert.ok(focused.width >= 2, `the ring is at least 2 px: ${JSON.stringify(focused)}`);
  assert.equal(focused.color, 'rgb(91, 61, 245)', 'in the brand colour');
  await screenshot(page, 'a11y-focused-input', { phoneFullPage: false });
  await ctx.close();
});
