// Script in every text a user can write, rendered on the dashboard's pages as the user sees them
// (home, list, detail, edit form, report, video library, support, profile, settings): none of it
// may run (every payload would call window.X or alert), and the text is shown as typed. The public
// pages, the exported email and the admin's pages are security-xss-public-admin.test.ts's; what
// they share (the hostile texts, the seeded user) is support/security-xss.ts.
// Screenshots: xss-home, xss-list, xss-detail, xss-edit, xss-report, xss-videos, xss-support,
// xss-profile, xss-settings.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { NAME, TITLE, URL_HOSTILE, dialogs, snippetId, startXss, stopXss, user, visit } from './support/security-xss.ts';

before(startXss);
after(stopXss);

test('the dashboard pages show the hostile text as text and run none of it', async () => {
  const page = await user.newPage();
  const home = await visit(page, '/', 'xss-home');
  assert.ok(home.includes(NAME.split(/\s+/)[0]), 'home greets by the name as typed');
  const list = await visit(page, '/eyemails', 'xss-list');
  assert.ok(list.includes(TITLE), 'the list shows the title as typed');
  const detail = await visit(page, `/eyemails/${snippetId}`, 'xss-detail');
  assert.ok(detail.includes(TITLE), 'the detail page shows the title as typed');
  // The landing page and the video link rows each show the address (as the server normalised it:
  // quotes and brackets percent-encoded), as a link to it.
  await page.getByRole('button', { name: 'Copy Video link' }).waitFor();
  assert.equal(await page.getByRole('link', { name: new URL(URL_HOSTILE).href, exact: true }).count(), 2);
  await visit(page, `/update-eyemail/${snippetId}`, 'xss-edit');
  assert.equal(await page.getByRole('textbox', { name: /^Name/ }).first().inputValue(), TITLE, 'the edit form holds the title as typed');
  await visit(page, `/reports/${snippetId}`, 'xss-report');
  await visit(page, '/video-library', 'xss-videos');
  await visit(page, '/support', 'xss-support');
  await visit(page, '/profile', 'xss-profile');
  assert.equal(await page.getByLabel(/^First name/i).inputValue(), NAME, 'the profile holds the name as typed');
  await visit(page, '/settings', 'xss-settings');
  await page.close();
});

test('no dialog opened anywhere', () => {
  assert.deepEqual(dialogs, []);
});
