// EyeMails in the browser, end to end on the built app: create one from a real upload (the
// 'Please wait!' modal showing the server's own encoding progress), edit it (a title change saves
// at once, a mute icon change encodes again), export it for two platforms (copy and download),
// watch it play in the public viewer, deactivate and delete it; the list's filters live in the
// address; the Getting Started flow; an Express account's simpler form. Screenshots: eyemails-*,
// create-*, edit-*, export-*, detail-*, getting-started-*.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page, Request, Route } from 'playwright-core';
import { allStarted, startServer, type RunningServer } from './support/server.ts';
import { DESKTOP, expectTitle, launchBrowser, screenshot, settled, uniqueEmail } from './support/browser.ts';
import { signUp } from './support/api.ts';

const run = promisify(execFile);

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let dir: string;
let snippetId = '';

const TITLE = 'Spring launch';
const NEW_TITLE = 'Spring launch (final)';
const password = 'Analytical1843';

async function makeFixtures(into: string): Promise<void> {
  const ff = (...args: string[]) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { cwd: into });
  await Promise.all([
    ff('-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=2', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', 'clip.mp4'),
    ff('-f', 'lavfi', '-i', 'color=c=0x5b3df5:size=240x80', '-frames:v', '1', 'logo.png'),
  ]);
}

async function newUserContext(tier: 'standard' | 'enterprise', name: string): Promise<BrowserContext> {
  const ctx = await browser.newContext({ baseURL: server.url, viewport: DESKTOP, locale: 'en-US', timezoneId: 'UTC', acceptDownloads: true, reducedMotion: 'reduce' });
  ctx.setDefaultTimeout(15_000);
  await signUp(ctx, { fullName: name, email: uniqueEmail(tier), password, tier });
  return ctx;
}

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eyemail-eyemails-'));
  // Each is kept as soon as it is up, so that `after` closes it even when another step fails.
  await allStarted([startServer().then((s) => (server = s)), launchBrowser().then((b) => (browser = b)), makeFixtures(dir)]);
  context = await newUserContext('standard', 'Ada Lovelace');
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  page = await context.newPage();
});

after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const fixture = (name: string) => path.join(dir, name);

// Holds every "encode this video" request (POST videos/{id}) until released: the encoding then
// really runs on the server while the page is watched, however fast this machine encodes.
async function holdEncodeRequests(p: Page): Promise<{ release: () => void; requests: Request[]; stop: () => Promise<void> }> {
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
function recordServerProgress(p: Page): number[] {
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
async function watchBar(p: Page, name: string, until: Promise<unknown>): Promise<number[]> {
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
async function expectAtTop(p: Page, title: string): Promise<void> {
  const box = (await p.getByRole('heading', { name: title, level: 1 }).boundingBox())!;
  const { scrollY, height } = await p.evaluate(() => {
    const w = globalThis as unknown as { scrollY: number; innerHeight: number };
    return { scrollY: w.scrollY, height: w.innerHeight };
  });
  assert.equal(scrollY, 0, 'the page opens at its top');
  assert.ok(box.y >= 0 && box.y + box.height <= height, `the title is out of view: ${JSON.stringify(box)}`);
}

test('My EyeMails starts empty', async () => {
  await page.goto('/eyemails');
  await expectTitle(page, 'My EyeMails | EyeMails | EyeMail');
  await page.getByRole('heading', { name: 'My EyeMails', level: 1 }).waitFor();
  await page.getByText('No EyeMails found.').waitFor();
  await screenshot(page, 'eyemails-empty');
});

test('create: every field, a live preview, and the real encoding progress in the Please wait! modal', async () => {
  await page.goto('/create-eyemail');
  await expectTitle(page, 'Create EyeMail | EyeMails | EyeMail');
  await page.getByRole('heading', { name: 'Create EyeMail', level: 1 }).waitFor();
  // A first visit opens on Getting Started; 'More options' shows every field (and is remembered).
  await page.getByRole('region', { name: 'Getting Started' }).getByRole('button', { name: 'More options' }).click();
  const submit = page.getByRole('button', { name: 'Create EyeMail' });
  assert.equal(await submit.isDisabled(), true, 'greyed without a video and a name');
  for (const section of ['Video', 'Logo and creative', 'Links', 'Call-to-action buttons']) await page.getByRole('region', { name: section, exact: true }).waitFor();
  const preview = page.getByRole('region', { name: 'Preview' });
  await preview.getByText('Your video appears here').waitFor();
  await screenshot(page, 'create-empty');

  await page.getByLabel('Name').fill(TITLE);
  await page.getByLabel('Show a mute icon on the video').check();
  // The preview shows the black mute icon at once.
  await preview.locator('[data-overlay="black"]').waitFor();

  // Bad input is refused with the shared messages.
  await page.getByLabel('Landing page URL').fill('javascript:alert(1)');
  await page.getByText('Not a valid URL', { exact: true }).waitFor();
  await page.getByLabel('Landing page URL').fill('https://shop.example.com/spring');
  await page.getByLabel('Video width').fill('900');
  await page.getByText('Video width can be up to 800px.').waitFor();
  await page.getByLabel('Video width').fill('640');

  const hold = await holdEncodeRequests(page);
  const serverProgress = recordServerProgress(page);
  await page.getByRole('group', { name: 'Video', exact: true }).locator('input[type="file"]').setInputFiles(fixture('clip.mp4'));
  await page.getByRole('button', { name: 'Remove video' }).waitFor({ timeout: 30_000 });
  // Encoding starts by itself once the upload is in; the page follows it inline.
  const encodingBar = page.getByRole('progressbar', { name: 'Encoding progress' });
  await encodingBar.waitFor({ state: 'attached' });
  // It fills without moving stripes for a visitor who asks for reduced motion.
  assert.equal(await encodingBar.evaluate((el) => (el as unknown as { getAnimations(o: { subtree: boolean }): unknown[] }).getAnimations({ subtree: true }).length), 0);

  await page.getByRole('group', { name: 'Logo', exact: true }).locator('input[type="file"]').setInputFiles(fixture('logo.png'));
  await page.getByRole('img', { name: 'Logo preview' }).waitFor();
  await preview.getByRole('img', { name: 'Logo' }).waitFor();
  await page.getByRole('radiogroup', { name: 'Logo alignment' }).getByText('Center', { exact: true }).click();
  assert.equal(await page.getByRole('radio', { name: 'Center' }).isChecked(), true);

  // A call-to-action button: Add waits for valid text and URL; https:// is added on save.
  await page.getByRole('button', { name: 'Add button' }).click();
  const add = page.getByRole('button', { name: 'Add', exact: true });
  assert.equal(await add.isDisabled(), true);
  await page.getByLabel('Button text').fill('Shop now');
  await page.getByLabel('Button URL').fill('javascript:alert(1)');
  await page.getByText('Not a valid url.').waitFor();
  assert.equal(await add.isDisabled(), true);
  await page.getByLabel('Button URL').fill('shop.example.com/sale');
  await page.getByLabel('Background color').fill('#e8590c');
  await add.click();
  await page.getByRole('group', { name: 'Button 1: Shop now' }).getByText('https://shop.example.com/sale').waitFor();
  await preview.getByText('Shop now').waitFor();
  await screenshot(page, 'create-filled');

  assert.equal(await submit.isDisabled(), false);
  await submit.click();
  const dialog = page.getByRole('dialog', { name: 'Please wait!' });
  await dialog.getByText('Please hold on while we finish processing your video, this will only take about a minute.').waitFor();
  await screenshot(page, 'create-please-wait', { phoneFullPage: false });
  const arrived = page.waitForURL(/\/eyemails\/[0-9a-f-]{36}$/, { timeout: 60_000 });
  const watching = watchBar(page, 'Processing progress', arrived);
  hold.release();
  await arrived;
  const shown = await watching;
  await hold.stop();

  assert.ok(hold.requests.some((r) => /overlay=black/.test(r.url()) && /width=640/.test(r.url())), hold.requests.map((r) => r.url()).join());
  assert.ok(shown.length >= 1, 'the modal showed progress');
  assert.deepEqual([...shown].sort((a, b) => a - b), shown, `never going back: ${shown}`);
  // Real progress: every value the modal showed is one the server reported (or 0 while queued,
  // 100 while the EyeMail is saved), never a timer's.
  for (const v of shown) assert.ok(v === 0 || v === 100 || serverProgress.includes(v), `shown ${v}, server said ${serverProgress}`);

  snippetId = page.url().split('/').pop()!;
  await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
  // The Create button sat at the bottom of a long form; the detail page opens at its top.
  await expectAtTop(page, TITLE);
  await page.getByText('Active', { exact: true }).first().waitFor();
  const video = page.locator('video');
  await video.waitFor();
  assert.match((await video.getAttribute('src')) ?? '', /^http/);
  // This visitor's system asks for reduced motion (the test contexts do): the video waits, on its
  // poster, with its controls, for them to press play. Without that setting it plays by itself
  // (below).
  const flags = await video.evaluate((el) => {
    const v = el as unknown as { muted: boolean; autoplay: boolean; controls: boolean; paused: boolean; poster: string };
    return [v.muted, v.autoplay, v.controls, v.paused, Boolean(v.poster)];
  });
  assert.deepEqual(flags, [true, false, true, true, true], 'muted, not playing by itself, with controls and a poster');
  await page.getByRole('button', { name: 'Turn sound on' }).waitFor();
  const cta = page.getByRole('link', { name: 'Shop now' });
  assert.equal(await cta.getAttribute('href'), 'https://shop.example.com/sale');
  await page.getByText('Landing page URL').waitFor();
  await page.getByRole('link', { name: 'https://shop.example.com/spring' }).waitFor();
  await page.getByRole('link', { name: new RegExp(`/eyemail/${snippetId}$`) }).waitFor();
  await screenshot(page, 'detail');

  // A visitor without the reduced-motion setting: the video plays by itself, muted.
  const moving = await browser.newContext({ baseURL: server.url, viewport: DESKTOP, reducedMotion: 'no-preference', storageState: await context.storageState() });
  try {
    const other = await moving.newPage();
    await other.goto(`/eyemails/${snippetId}`);
    const playing = other.locator('video');
    await playing.waitFor();
    // Playing, or already played to its end (the clip lasts 2 s: a busy machine may look late).
    await other.waitForFunction((el) => {
      const v = el as unknown as { paused: boolean; currentTime: number; ended: boolean; muted: boolean };
      return v.muted && ((!v.paused && v.currentTime > 0) || v.ended);
    }, await playing.elementHandle(), { timeout: 15_000 });
  } finally {
    await moving.close();
  }
});

test('edit: a new title saves without encoding; another mute icon encodes again with progress', async () => {
  assert.ok(snippetId, 'needs the EyeMail created above');
  await page.getByRole('link', { name: 'Modify' }).click();
  await page.waitForURL(`**/update-eyemail/${snippetId}`);
  await expectTitle(page, 'Update EyeMail | EyeMails | EyeMail');
  const name = page.getByLabel('Name');
  await name.waitFor();
  assert.equal(await name.inputValue(), TITLE);
  assert.equal(await page.getByLabel('Video width').inputValue(), '640 px');
  await page.getByRole('group', { name: 'GIF' }).waitFor();
  await page.getByRole('group', { name: 'Button 1: Shop now' }).waitFor();
  await screenshot(page, 'edit');

  const encodes: string[] = [];
  const onRequest = (r: Request) => {
    if (r.method() === 'POST' && /\/api\/videos\//.test(r.url())) encodes.push(r.url());
  };
  page.on('request', onRequest);
  await name.fill('');
  const update = page.getByRole('button', { name: 'Update EyeMail' });
  assert.equal(await update.isDisabled(), true, 'no title, no update');
  await name.fill(NEW_TITLE);
  await update.click();
  await page.waitForURL(`**/eyemails/${snippetId}`);
  await page.getByRole('heading', { name: NEW_TITLE, level: 1 }).waitFor();
  page.off('request', onRequest);
  assert.deepEqual(encodes, [], 'a title change needs no encoding');
  const before = await page.locator('video').getAttribute('src');

  await page.getByRole('link', { name: 'Modify' }).click();
  await page.getByLabel('Name').waitFor();
  const hold = await holdEncodeRequests(page);
  await page.getByRole('radiogroup', { name: 'Mute icon colour' }).getByText('White', { exact: true }).click();
  await page.getByRole('button', { name: 'Update EyeMail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Please wait!' });
  await dialog.waitFor();
  await dialog.getByRole('progressbar', { name: 'Processing progress' }).waitFor();
  const arrived = page.waitForURL(`**/eyemails/${snippetId}`, { timeout: 60_000 });
  const watching = watchBar(page, 'Processing progress', arrived);
  hold.release();
  await arrived;
  const shown = await watching;
  await hold.stop();
  assert.ok(hold.requests.some((r) => /overlay=white/.test(r.url())), 'encoded with the white icon');
  assert.deepEqual([...shown].sort((a, b) => a - b), shown);
  await page.getByRole('heading', { name: NEW_TITLE, level: 1 }).waitFor();
  const afterSrc = await page.locator('video').getAttribute('src');
  assert.notEqual(afterSrc, before, 'the EyeMail plays the new encoding');
  await page.locator('[data-overlay="white"]').waitFor();
});

test('export: copy for Mailchimp, download for HubSpot, with the options and the preview link', async () => {
  assert.ok(snippetId, 'needs the EyeMail created above');
  const platforms = (await (await context.request.get('/api/global/email-platforms')).json()).body as { code: string; name: string; recipientTag: string }[];
  const tag = (code: string) => platforms.find((p) => p.code === code)!.recipientTag;

  await page.getByRole('button', { name: 'Download' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download or Copy HTML' });
  await dialog.waitFor();
  const box = dialog.getByLabel('Video HTML');
  await page.waitForFunction((el) => ((el as unknown as { value: string }).value ?? '').includes('<table'), await box.elementHandle());
  assert.equal(await box.getAttribute('rows'), '5');
  assert.equal(await box.getAttribute('readonly'), '');

  await dialog.getByRole('combobox', { name: 'Email platform' }).click();
  await page.getByRole('option', { name: 'Mailchimp' }).click();
  await page.waitForFunction(
    ([el, t]) => ((el as unknown as { value: string }).value ?? '').includes(`v=${t}`),
    [await box.elementHandle(), tag('mailchimp')] as const,
  );
  // Mailchimp requires *|UNSUB|* in every campaign: the link is on by default for it.
  assert.equal(await dialog.getByLabel('Include unsubscribe link').isChecked(), true);
  await page.waitForFunction((el) => ((el as unknown as { value: string }).value ?? '').includes('href="*|UNSUB|*"'), await box.elementHandle());
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await page.getByText('Code copied to clipboard.').waitFor();
  await dialog.getByRole('button', { name: 'Copied' }).waitFor();
  const clip = await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText: () => Promise<string> } } }).navigator.clipboard.readText());
  assert.ok(clip.includes(`v=${tag('mailchimp')}`), 'the copied HTML carries the Mailchimp merge tag');
  assert.equal(clip, await box.inputValue());
  await screenshot(page, 'export-modal', { phoneFullPage: false });
  // The label goes back after 3 s.
  await dialog.getByRole('button', { name: 'Copy', exact: true }).waitFor({ timeout: 6_000 });

  await dialog.getByRole('combobox', { name: 'Email platform' }).click();
  await page.getByRole('option', { name: 'HubSpot' }).click();
  // HubSpot adds its own footer: off by default.
  assert.equal(await dialog.getByLabel('Include unsubscribe link').isChecked(), false);
  await dialog.getByLabel('Include unsubscribe link').check();
  const header = dialog.getByLabel('Header text');
  await header.fill('');
  await dialog.getByText('Please enter header text!').waitFor();
  assert.equal(await dialog.getByRole('button', { name: 'Download File (.html)' }).isDisabled(), true);
  await header.fill('Watch with sound on');
  await page.waitForFunction(
    ([el, t]) => {
      const v = (el as unknown as { value: string }).value ?? '';
      return v.includes(`v=${t}`) && v.includes('Watch with sound on');
    },
    [await box.elementHandle(), tag('hubspot')] as const,
  );
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download File (.html)' }).click()]);
  assert.equal(download.suggestedFilename(), `${NEW_TITLE}.html`);
  const file = fs.readFileSync((await download.path())!, 'utf8');
  assert.ok(file.includes(`v=${tag('hubspot')}`), 'the downloaded HTML carries the HubSpot merge tag');
  assert.ok(!file.includes(tag('mailchimp')));
  assert.ok(file.includes('Watch with sound on'));

  const previewHref = new URL((await dialog.getByRole('link', { name: 'Preview' }).getAttribute('href'))!);
  assert.equal(previewHref.pathname, `/emailpreview/${snippetId}`);
  assert.deepEqual(Object.fromEntries(previewHref.searchParams), { emailHeader: 'Watch with sound on', speakerIcon: 'true', unsub: 'true', p: 'hubspot' });
  const preview = await context.request.get(previewHref.toString());
  assert.equal(preview.status(), 200);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
});

test('the public viewer plays the video for a recipient', async () => {
  assert.ok(snippetId, 'needs the EyeMail created above');
  const viewer = await browser.newPage({ baseURL: server.url });
  try {
    await viewer.goto(`/eyemail/${snippetId}?v="someone@example.com"`);
    const video = viewer.locator('video');
    await video.waitFor();
    // Playing, or already played to its end (the clip lasts 2 s: a busy machine may look late).
    await viewer.waitForFunction((el) => {
      const v = el as unknown as { paused: boolean; currentTime: number; ended: boolean };
      return (!v.paused && v.currentTime > 0) || v.ended;
    }, await video.elementHandle(), { timeout: 15_000 });
  } finally {
    await viewer.close();
  }
});

test('deactivating asks first, disables Download and switches the viewer off', async () => {
  assert.ok(snippetId, 'needs the EyeMail created above');
  await page.getByRole('button', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Alert!' });
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  const done = page.getByRole('dialog', { name: 'Deactivated!' });
  await done.waitFor();
  await done.getByRole('button', { name: 'OK' }).click();
  await page.getByText('Inactive', { exact: true }).first().waitFor();
  assert.equal(await page.getByRole('button', { name: 'Download' }).isDisabled(), true);
  // The page's own button (the closing confirm dialog may still hold one labelled the same).
  await page.getByRole('toolbar', { name: 'EyeMail actions' }).getByRole('button', { name: 'Activate', exact: true }).waitFor();

  const viewer = await browser.newPage({ baseURL: server.url });
  try {
    await viewer.goto(`/eyemail/${snippetId}?v="someone@example.com"`);
    await viewer.getByText('No active campaign found.').waitFor();
  } finally {
    await viewer.close();
  }
});

test('the list: search and status filter round-trip through the address', async () => {
  assert.ok(snippetId, 'needs the EyeMail created above');
  await page.goto('/eyemails');
  const card = page.getByRole('article', { name: NEW_TITLE });
  await card.waitFor();
  await card.getByText('Inactive').waitFor();
  assert.equal(await card.getByRole('link', { name: `Preview ${NEW_TITLE}` }).getAttribute('target'), '_blank');
  assert.equal(await card.getByRole('link', { name: `Reports for ${NEW_TITLE}` }).getAttribute('href'), `/reports/${snippetId}`);
  await screenshot(page, 'eyemails-list');

  await page.getByRole('searchbox', { name: 'Search' }).fill('SPRING');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.waitForURL((u) => u.searchParams.get('query') === 'SPRING');
  await card.waitFor();

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Active', exact: true }).click();
  await page.waitForURL((u) => u.searchParams.get('status') === 'active' && u.searchParams.get('query') === 'SPRING');
  await page.getByText('No EyeMails found.').waitFor();

  await page.goto('/eyemails?query=spring&status=inactive');
  await card.waitFor();
  assert.equal(await page.getByRole('searchbox', { name: 'Search' }).inputValue(), 'spring');
  assert.equal(await page.getByRole('combobox', { name: 'Status' }).inputValue(), 'Inactive');

  await page.goto('/eyemails?query=autumn');
  await page.getByText('No EyeMails found.').waitFor();
});

test('delete asks first, then goes to the list and says Deleted!; the id then shows the 404 page', async () => {
  assert.ok(snippetId, 'needs the EyeMail created above');
  await page.goto(`/eyemails/${snippetId}`);
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Alert!' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  // The page leaves the deleted EyeMail for the list first, then says 'Deleted!' over the list.
  await page.waitForURL((u) => u.pathname === '/eyemails');
  const done = page.getByRole('dialog', { name: 'Deleted!' });
  await done.getByText(`EyeMail deleted: “${NEW_TITLE}”`).waitFor();
  await page.getByRole('heading', { name: 'My EyeMails', level: 1 }).waitFor();
  await screenshot(page, 'eyemail-deleted', { phoneFullPage: false });
  await done.getByRole('button', { name: 'OK' }).click();
  await done.waitFor({ state: 'hidden' });
  await page.getByText('Loading EyeMails…').waitFor({ state: 'hidden' });
  assert.equal(await page.getByRole('article', { name: NEW_TITLE }).count(), 0);
  // Back does not return to the deleted EyeMail's page, and a reload does not say it again.
  await page.reload();
  await page.getByRole('heading', { name: 'My EyeMails', level: 1 }).waitFor();
  await page.getByText('Loading EyeMails…').waitFor({ state: 'hidden' });
  await settled(page);
  assert.equal(await page.getByRole('dialog', { name: 'Deleted!' }).count(), 0);

  await page.goto(`/eyemails/${snippetId}`);
  await page.getByRole('heading', { name: 'EyeMail', level: 1 }).waitFor();
  await page.getByText('Oops! EyeMail not found').waitFor();
  await expectTitle(page, 'EyeMail | EyeMails');
  assert.equal(await page.getByRole('link', { name: 'Go to the homepage' }).getAttribute('href'), '/');
  await screenshot(page, 'eyemail-404');
  await page.goto('/update-eyemail/not-a-real-id');
  await page.getByText('Oops! EyeMail not found').waitFor();
});

test('a new page opens at its top, title in view, not where the last page was scrolled to', async () => {
  // Product Lines' code is loaded once in this visit, so later it shows at once, at full height.
  await page.goto('/product-lines');
  await page.getByRole('heading', { name: 'Product Lines', level: 1 }).waitFor();
  const side = page.getByRole('navigation', { name: 'Side navigation' });
  await side.getByRole('link', { name: 'Support' }).click();
  await page.getByRole('heading', { name: 'Welcome to EyeMail Support' }).waitFor();
  const scrolled = await page.evaluate(() => {
    const w = globalThis as unknown as { scrollTo(x: number, y: number): void; scrollY: number; document: { documentElement: { scrollHeight: number } } };
    w.scrollTo(0, w.document.documentElement.scrollHeight);
    return w.scrollY;
  });
  assert.ok(scrolled > 0, 'the support page is longer than the window');
  await side.getByRole('link', { name: 'Product Lines' }).click();
  await page.waitForURL((u) => u.pathname === '/product-lines');
  await page.getByRole('heading', { name: 'Product Lines', level: 1 }).waitFor();
  await expectAtTop(page, 'Product Lines');
});

test('Getting Started: upload, watch it process, name it and create', async () => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Create your EyeMail' }).click();
  await page.waitForURL((u) => u.pathname === '/create-eyemail');
  // The full form was chosen before on this browser; the quick start is one click away.
  await page.getByRole('button', { name: 'Try the quick start' }).click();
  const card = page.getByRole('region', { name: 'Getting Started' });
  await card.getByText("Let's upload a video first").waitFor();
  await screenshot(page, 'getting-started');

  const hold = await holdEncodeRequests(page);
  await card.locator('input[type="file"]').setInputFiles(fixture('clip.mp4'));
  await card.getByText("We're processing your video. Encoding and optimizing for email...").waitFor({ timeout: 30_000 });
  await card.getByLabel('Title').fill('Quick start');
  const create = card.getByRole('button', { name: 'Create EyeMail' });
  await card.getByText('Please wait while we finish processing your video').waitFor();
  assert.equal(await create.isDisabled(), true);
  await screenshot(page, 'getting-started-processing');
  hold.release();
  await card.getByText('Your video is ready for email').waitFor({ timeout: 60_000 });
  await hold.stop();
  const download = card.getByRole('link', { name: 'Download the email video (MP4)' });
  assert.match((await download.getAttribute('href')) ?? '', /^http/);
  assert.equal(await create.isDisabled(), false);
  // The processed video waits on its poster, with its controls, for a visitor who asks for reduced motion.
  const processed = card.getByLabel('Processed video');
  assert.deepEqual(
    await processed.evaluate((el) => {
      const v = el as unknown as { autoplay: boolean; controls: boolean; paused: boolean };
      return [v.autoplay, v.controls, v.paused];
    }),
    [false, true, true],
  );
  await screenshot(page, 'getting-started-ready');
  await create.click();
  await page.waitForURL(/\/eyemails\/[0-9a-f-]{36}$/);
  await page.getByRole('heading', { name: 'Quick start', level: 1 }).waitFor();
  await expectAtTop(page, 'Quick start');

  // Home lists it, with its card.
  await page.goto('/');
  await page.getByRole('region', { name: 'My EyeMails' }).getByRole('article', { name: 'Quick start' }).waitFor();
  await screenshot(page, 'home-eyemails');
});

test('an Express account sees the simpler form', async () => {
  const express = await newUserContext('enterprise', 'Grace Hopper');
  try {
    const p = await express.newPage();
    await p.goto('/create-eyemail');
    await p.getByRole('button', { name: 'More options' }).click();
    await p.getByRole('region', { name: 'Video', exact: true }).waitFor();
    await p.getByRole('region', { name: 'Links', exact: true }).waitFor();
    await p.getByText('Express accounts include the video only: logo, cover image and buttons are Premium features.').waitFor();
    assert.equal(await p.getByRole('region', { name: 'Logo and creative', exact: true }).count(), 0);
    assert.equal(await p.getByRole('region', { name: 'Call-to-action buttons', exact: true }).count(), 0);
    assert.equal(await p.getByRole('group', { name: 'Logo', exact: true }).count(), 0);
    assert.equal(await p.getByRole('button', { name: 'Add button' }).count(), 0);
    await screenshot(p, 'create-express');
  } finally {
    await express.close();
  }
});
