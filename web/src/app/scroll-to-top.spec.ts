import { describe, expect, it } from '@jest/globals';
import { opensAtTop } from './scroll-to-top';

describe('a new page opens at its top', () => {
  it('after a link or a redirect to another page', () => {
    expect(opensAtTop('/create-eyemail', '/eyemails/5f0c', 'PUSH')).toBe(true);
    expect(opensAtTop('/eyemails', '/eyemails/5f0c', 'REPLACE')).toBe(true);
  });

  it('not when only the query changes, nor on Back and Forward, nor on the first page', () => {
    expect(opensAtTop('/reports/5f0c', '/reports/5f0c', 'PUSH')).toBe(false);
    expect(opensAtTop('/eyemails/5f0c', '/eyemails', 'POP')).toBe(false);
    expect(opensAtTop(null, '/eyemails', 'PUSH')).toBe(false);
  });
});
