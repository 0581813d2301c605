import { parseListFilters, parseStatusFilter } from './snippet-list-query.js';

describe('list filters', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['true', true],
    ['TRUE', true],
    [' false ', false],
    [['true', 'false'], true],
  ])('status %p filters by %p', (raw, value) => {
    expect(parseStatusFilter(raw)).toEqual({ value, error: null });
  });

  it.each([['yes'], ['1'], ['all'], [{}]])('status %p is refused', (raw) => {
    expect(parseStatusFilter(raw).error).toBe('Status must be true or false.');
    expect(parseListFilters({ status: raw })).toEqual({ value: null, errors: { status: 'Status must be true or false.' } });
  });

  it('trims the search text and treats blank as no search', () => {
    expect(parseListFilters({ query: '  Spring ' }).value).toEqual({ query: 'Spring', status: null });
    expect(parseListFilters({ query: '   ', status: 'false' }).value).toEqual({ query: null, status: false });
    expect(parseListFilters({}).value).toEqual({ query: null, status: null });
    expect(parseListFilters({ query: 'x'.repeat(500) }).value!.query).toHaveLength(240);
  });
});
