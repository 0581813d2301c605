// An EyeMail's life after it is made, in the browser on the built app: export it for two
// platforms (copy and download), watch it play in the public viewer, deactivate it (the viewer
// then refuses it), find it in the list (search and status filter in the address), delete it
// (the 404 page after). The EyeMail is made through the API from a ready video; making one in the
// form is eyemails-create.test.ts's. Screenshots: export-modal, eyemails-list, eyemail-deleted,
// eyemail-404.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { allStarted, startServer, type RunningServer } from './support/server.ts';
import { expectTitle, launchBrowser, screenshot, settled } from './support/browser.ts';
import { EYEMAIL_DEFAULTS, createEyeMail, readyVideo } from './support/api.ts';
import { makeEyeMailFixtures, newUserContext } from './support/eyemails.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let dir: string;
let snippetId = '';

const NEW_TITLE = 'Spring launch (final)';

before(async () => {
  // Each is kept as soon as it is up, so that `after` closes it even when another step fails.
  await allStarted([startServer().then((s) => (server = s)), launchBrowser().then((b) => (browser = b)), makeEyeMailFixtures('manage', { logo: false }).then((d) => (dir = d))]);
  context = await newUserContext(browser, server.url, 'standard', 'Ada Lovelace');
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  // With the white mute icon, as the export's speaker icon option follows it.
  const videoId = await readyVideo(context, path.join(dir, 'clip.mp4'), { overlay: 'white' });
  snippetId = await createEyeMail(context, { ...EYEMAIL_DEFAULTS, title: NEW_TITLE, videoId, addVideoOverlay: true, videoOverlay: 'white', landingPageUrl: 'https://shop.example.com/spring' });
  page = await context.newPage();
});

after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

test('export: copy for Mailchimp, download for HubSpot, with the options and the preview link', async () => {
  await page.goto(`/eyemails/${snippetId}`);
  await page.getByRole('heading', { name: NEW_TITLE, level: 1 }).waitFor();
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

// The filters' own behaviour (the address written and read back, what is asked, Clear filters) is
// the list's component test (eyemails-list-page.test.tsx); here the real list from the server.
test('the list from the server: its card, and the filters of the address applied by the server', async () => {
  await page.goto('/eyemails');
  const card = page.getByRole('article', { name: NEW_TITLE });
  await card.waitFor();
  await card.getByText('Inactive').waitFor();
  await screenshot(page, 'eyemails-list');

  await page.goto('/eyemails?query=spring&status=inactive');
  await card.waitFor();
  assert.equal(await page.getByRole('searchbox', { name: 'Search' }).inputValue(), 'spring');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Active', exact: true }).click();
  await page.waitForURL((u) => u.searchParams.get('status') === 'active' && u.searchParams.get('query') === 'spring');
  await page.getByText('No EyeMails found.').waitFor();
});

test('delete asks first, then goes to the list and says Deleted!; the id then shows the 404 page', async () => {
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
