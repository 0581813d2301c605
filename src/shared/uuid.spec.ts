import { isUuid } from './uuid.js';

describe('isUuid', () => {
  const id = '6c9f2f4e-8c1a-4c59-9a53-1b1f0e7f3a10';

  it('recognises ids', () => {
    expect(isUuid(id)).toBe(true);
    expect(isUuid(id.toUpperCase())).toBe(true);
    expect(isUuid('not-a-uuid')).toBe(false);
    expect(isUuid(`${id}' or 1=1`)).toBe(false);
    expect(isUuid(undefined)).toBe(false);
  });
});
