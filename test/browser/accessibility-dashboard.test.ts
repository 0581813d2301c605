// Accessibility checked by a third-party engine: axe-core against WCAG 2.1 A and AA on every page
// of the dashboard signed in as a user with data (home, EyeMails, an EyeMail, create and update,
// video library, reports and a report, the JSON feed, profile, settings, integrations, support and
// the pages to come), at desktop and phone widths. No violation of impact critical or serious may
// remain; a failure lists each rule with its count and first element. What the accessibility
// files share (the server, the seeded user, auditRoutes) is support/accessibility.ts.
// Screenshots (the colours at both widths): a11y-home, a11y-eyemails, a11y-detail, a11y-report.
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { TITLE, assertClean, auditRoutes, snippetId, startA11y, stopA11y, user } from './support/accessibility.ts';

before(() => startA11y({ seed: true }));
after(stopA11y);

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
      // The pages to come are three components, no two alike (unlike the legal pages: one is enough there).
      { path: '/product-lines' },
      { path: '/campaigns' },
      { path: '/templates' },
      { path: '/companies' },
    ],
    'user',
  );
  assertClean(failures);
});
