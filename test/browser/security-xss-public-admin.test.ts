// Script in every text a user can write, rendered where others see it: the public viewer (/live,
// /livePreview, /eyemail), /emailpreview, the exported email HTML (opened with no CSP at all, as
// a mail client would) and the admin's pages (dashboard, the user list, a user's videos). None of
// it may run (every payload would call window.X or alert), and the text is shown as typed. The
// user's own dashboard pages are security-xss-dashboard.test.ts's; what they share (the hostile
// texts, the seeded user) is support/security-xss.ts.
// Screenshots: xss-live, xss-live-preview, xss-emailpreview, xss-webview, xss-export,
// xss-admin-dashboard, xss-admin-users, xss-admin-videos.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from './support/browser.ts';
import { api } from './support/api.ts';
import { BUTTON, HEADER, NAME, PREHEADER, TITLE, admin, dialogs, email, hoverAll, payload, ran, recipient, snippetId, startXss, stopXss, user, visit } from './support/security-xss.ts';

before(startXss);
after(stopXss);

test('the public pages show the hostile text as text and run none of it', async () => {
  const page = await recipient.newPage();
  for (const [url, shot] of [
    [`/live/${snippetId}`, 'xss-live'],
    [`/livePreview/${snippetId}`, 'xss-live-preview'],
    [`/emailpreview/${snippetId}`, 'xss-emailpreview'],
    [`/eyemail/${snippetId}?v=${encodeURIComponent(payload('receiver'))}`, 'xss-webview'],
  ]) {
    await visit(page, url, shot);
  }
  // The viewer names the EyeMail as typed.
  await page.goto(`/live/${snippetId}`);
  assert.equal(await page.title(), `${TITLE} | EyeMail`);
  await page.close();
});

test('the exported email, opened without any CSP as a mail client would, runs nothing and shows the text as typed', async () => {
  const q = new URLSearchParams({ emailPlatform: 'mailchimp', includeHeader: 'true', headerText: HEADER, preheader: PREHEADER, includeUnsubscribeLink: 'true' });
  const exported = await api(user, 'get', `/api/snippets/${snippetId}/html?${q}`);
  const page = await recipient.newPage();
  await page.goto('about:blank');
  await page.setContent(exported.html, { waitUntil: 'load' });
  await hoverAll(page, 'a, img, video');
  assert.deepEqual(await ran(page), [], 'nothing ran in the export');
  assert.equal(await page.locator('script').count(), 0);
  const text = await page.locator('body').innerText();
  assert.ok(text.includes(HEADER), 'the header shows as typed');
  assert.ok(text.includes(BUTTON), 'the button shows as typed');
  const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  assert.ok(hrefs.every((h) => /^(https?:|\*\||mailto:|#|\{)/i.test(h) || h === ''), `only web links: ${hrefs.join(' ')}`);
  await screenshot(page, 'xss-export');
  await page.close();
});

test('the admin pages show the hostile names as text and run none of it', async () => {
  const page = await admin.newPage();
  await visit(page, '/admin-dashboard', 'xss-admin-dashboard');
  const users = await visit(page, '/admin-manage-user', 'xss-admin-users');
  assert.ok(users.includes(NAME) || users.includes(NAME.slice(0, 12)), 'the user list shows the name as typed');
  await visit(page, `/admin-video?email=${Buffer.from(email).toString('base64')}`, 'xss-admin-videos');
  await page.close();
});

test('no dialog opened anywhere', () => {
  assert.deepEqual(dialogs, []);
});
