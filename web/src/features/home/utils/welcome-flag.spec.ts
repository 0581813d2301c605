import { describe, expect, it } from '@jest/globals';
import { hasWelcomeFlag, withoutWelcomeFlag } from './welcome-flag';

describe('welcome flag', () => {
  it('is present as ?new, with or without a value', () => {
    expect(hasWelcomeFlag('?new')).toBe(true);
    expect(hasWelcomeFlag('?a=1&new=1')).toBe(true);
    expect(hasWelcomeFlag('?newer=1')).toBe(false);
    expect(hasWelcomeFlag('')).toBe(false);
  });
  it('is removed without touching other parameters', () => {
    expect(withoutWelcomeFlag('?new')).toBe('');
    expect(withoutWelcomeFlag('?a=1&new&b=2')).toBe('?a=1&b=2');
  });
});
