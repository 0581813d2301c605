// Accessibility checked by a third-party engine: axe-core against WCAG 2.1 A and AA, at desktop and
// phone widths, on the pages seen signed out (sign in, sign up, company sign-up, the password and
// verification pages, a legal page, 404); and a focused text field's 2 px ring. No violation of
// impact critical or serious may remain; a failure lists each rule with its count and first
// element, so it explains itself. The signed-in user's pages are accessibility-dashboard.test.ts's,
// the admin's pages, the dialogs and the public pages accessibility-admin-dialogs.test.ts's; what
// they share is support/accessibility.ts.
// Screenshots (the colours at both widths): a11y-signup, a11y-focused-input.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from './support/browser.ts';
import { assertClean, auditRoutes, newContext, startA11y, stopA11y } from './support/accessibility.ts';

before(() => startA11y({ seed: false }));
after(stopA11y);

test('signed out: sign in, sign up, password pages, a legal page, 404', async () => {
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
      // The terms of service are the same LegalDocument with other text (legal-pages.test.tsx).
      { path: '/privacy-policy' },
      { path: '/no-such-page' },
    ],
    'signed out',
  );
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
