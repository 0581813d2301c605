import { containsPattern } from './like-pattern.js';

describe('containsPattern', () => {
  it('matches the text anywhere', () => {
    expect(containsPattern('spring')).toBe('%spring%');
  });

  it('takes %, _ and \\ literally', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});
