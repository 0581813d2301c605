import { containsNul } from './nul-input.js';

describe('containsNul', () => {
  it('finds U+0000 in strings, keys and nested values', () => {
    expect(containsNul('a\u0000b')).toBe(true);
    expect(containsNul({ title: ['ok', { deep: 'x\u0000' }] })).toBe(true);
    expect(containsNul({ 'k\u0000': 1 })).toBe(true);
  });
  it('accepts everything else, however deep', () => {
    expect(containsNul({ title: 'Spring <b>launch</b> \u00e9\ud83d\ude00', n: 1, b: null, a: [true] })).toBe(false);
    expect(containsNul(undefined)).toBe(false);
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 50_000; i++) deep = { a: deep };
    expect(containsNul(deep)).toBe(true);
  });
});
