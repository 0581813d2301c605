import { decodedSegment, splitUrl } from './early-route.js';

describe('the URL reading of the routes answered ahead of Express', () => {
  it('splits the path from the query at the first "?"', () => {
    expect(splitUrl('/live/abc?v=a%40b.com&x=?')).toEqual({ path: '/live/abc', search: 'v=a%40b.com&x=?' });
    expect(splitUrl('/t/o/abc.gif')).toEqual({ path: '/t/o/abc.gif', search: '' });
    expect(splitUrl('/t/o/abc.gif?')).toEqual({ path: '/t/o/abc.gif', search: '' });
  });

  it('decodes a segment as Express decodes a parameter, and leaves a broken escape as sent', () => {
    expect(decodedSegment('a%2Fb')).toBe('a/b');
    expect(decodedSegment('plain')).toBe('plain');
    expect(decodedSegment('%E0%A4%A')).toBe('%E0%A4%A');
  });
});
