// Accessibility checked by a third-party engine: axe-core against WCAG 2.1 A and AA, at desktop and
// phone widths, on the admin's pages (dashboard, users, videos: the users list shows the seeded
// user), with the main dialogs and menus open (export, confirm delete, upload, the account menu)
// for a user with data, and on the public pages: the web view, the email preview and the exported
// email HTML itself. No violation of impact critical or serious may remain; a failure lists each
// rule with its count and first element. What the accessibility files share (the server, the
// seeded user, audit, auditRoutes) is support/accessibility.ts.
// Screenshots (the colours at both widths): a11y-admin-users, a11y-export-modal,
// a11y-upload-modal, a11y-exported-email.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { resizeTo, screenshot } from './support/browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/server.ts';
import { SIZES, TITLE, assertClean, audit, auditRoutes, newContext, snippetId, startA11y, stopA11y, user } from './support/accessibility.ts';

before(() => startA11y({ seed: true }));
after(stopA11y);

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
    await resizeTo(page, size);
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
    await resizeTo(page, size);
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
