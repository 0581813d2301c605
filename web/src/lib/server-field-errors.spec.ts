import { describe, expect, it } from '@jest/globals';
import { serverFieldErrors } from './server-field-errors';

describe('serverFieldErrors', () => {
  const fields = { videoId: 'video', countryId: 'country', country: 'country' } as const;

  it('puts each named server field on its form field and drops the others', () => {
    expect(serverFieldErrors({ videoId: 'Video is required.', other: 'x' }, fields)).toEqual({ video: 'Video is required.' });
  });

  it('gives two server names of one form field to that field', () => {
    expect(serverFieldErrors({ countryId: 'Invalid country' }, fields)).toEqual({ country: 'Invalid country' });
  });

  it('is empty without errors, and ignores names an object inherits', () => {
    expect(serverFieldErrors(null, fields)).toEqual({});
    expect(serverFieldErrors({ constructor: 'x', toString: 'y' }, fields)).toEqual({});
  });
});
