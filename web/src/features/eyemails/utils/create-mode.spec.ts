import { describe, expect, it } from '@jest/globals';
import { opensFullForm } from './create-mode';

describe('the create page first face', () => {
  it('is Getting Started unless the full form was chosen before', () => {
    expect(opensFullForm('', null)).toBe(false);
    expect(opensFullForm('', 'start')).toBe(false);
    expect(opensFullForm('', 'full')).toBe(true);
  });
  it('is always Getting Started with ?start', () => {
    expect(opensFullForm('?start', 'full')).toBe(false);
  });
});
