// The terms of service and the privacy statement are one component, LegalDocument, each with its
// own text: so test/browser/accessibility-signed-out.test.ts audits only one of the two pages. A
// page that stops being a LegalDocument fails here, and is then to be audited on its own.
import { describe, expect, it } from '@jest/globals';
import { PRIVACY } from '@/features/legal/privacy-content';
import { TERMS } from '@/features/legal/terms-content';
import { LegalDocument } from './legal-document';
import { PrivacyPage } from './privacy-page';
import { TermsPage } from './terms-page';

describe('legal pages', () => {
  it('the terms and the privacy statement are each a LegalDocument of their own text', () => {
    for (const [page, doc] of [
      [TermsPage, TERMS],
      [PrivacyPage, PRIVACY],
    ] as const) {
      const element = page();
      expect(element.type).toBe(LegalDocument);
      expect(element.props).toEqual({ doc });
    }
  });
});
