import { describe, expect, it } from '@jest/globals';
import { formatDocumentTitle } from './document-title';

describe('formatDocumentTitle', () => {
  it('joins page title, module and site title', () => {
    expect(formatDocumentTitle('Settings', 'Account')).toBe('Settings | Account | EyeMail');
  });
  it('leaves out missing or repeated parts', () => {
    expect(formatDocumentTitle('Page Not Found', '')).toBe('Page Not Found | EyeMail');
    expect(formatDocumentTitle(undefined, null)).toBe('EyeMail');
    expect(formatDocumentTitle('Reports', 'Reports')).toBe('Reports | EyeMail');
  });
});
