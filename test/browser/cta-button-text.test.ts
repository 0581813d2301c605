// The call-to-action button's text box on the EyeMail form stops at the spec's 16 characters
// (spec 01: button text max 16) and counts them as one types, instead of taking more and then
// refusing them. Screenshot: cta-button-text.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { allStarted, startServer, type RunningServer } from './support/server.ts';
import { launchBrowser, newContext, screenshot, uniqueEmail } from './support/browser.ts';
import { signUp } from './support/api.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

before(async () => {
  await allStarted([startServer().then((s) => (server = s)), launchBrowser().then((b) => (browser = b))]);
  context = await newContext(browser, server.url);
  await signUp(context, { fullName: 'Hedy Lamarr', email: uniqueEmail('hedy') });
  page = await context.newPage();
});

after(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

test('typing 20 characters into the button text leaves 16, and the counter reads 16/16', async () => {
  await page.goto('/create-eyemail');
  await page.getByRole('region', { name: 'Getting Started' }).getByRole('button', { name: 'More options' }).click();
  await page.getByRole('button', { name: 'Add button' }).click();
  const text = page.getByLabel('Button text');
  const editor = page.getByRole('group', { name: 'New button' });
  await text.pressSequentially('Shop the spring sale');
  // 20 keys typed: the box took 16 and says so; nothing to refuse afterwards.
  assert.equal(await text.inputValue(), 'Shop the spring ');
  await editor.getByText('16/16').waitFor();
  await text.fill('Shop now');
  await editor.getByText('8/16').waitFor();
  await text.pressSequentially(' – today!!');
  assert.equal(await text.inputValue(), 'Shop now – today');
  assert.equal(await editor.getByText('Button text must not exceed 16 characters in length').count(), 0);
  await screenshot(page, 'cta-button-text');
});
