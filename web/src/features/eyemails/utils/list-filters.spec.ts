import { describe, expect, it } from '@jest/globals';
import { apiFilters, filtersFromSearch, searchFromFilters } from './list-filters';

describe('My EyeMails filters in the address', () => {
  it('reads the query and the status, anything else meaning All', () => {
    expect(filtersFromSearch('?query=%20spring%20&status=active')).toEqual({ query: 'spring', status: 'active' });
    expect(filtersFromSearch('?status=INACTIVE')).toEqual({ query: '', status: 'inactive' });
    expect(filtersFromSearch('?status=false')).toEqual({ query: '', status: 'inactive' });
    expect(filtersFromSearch('?status=bogus')).toEqual({ query: '', status: 'all' });
    expect(filtersFromSearch('')).toEqual({ query: '', status: 'all' });
  });

  it('writes only what filters', () => {
    expect(searchFromFilters({ query: 'spring sale', status: 'inactive' })).toBe('?query=spring+sale&status=inactive');
    expect(searchFromFilters({ query: '  ', status: 'all' })).toBe('');
    expect(filtersFromSearch(searchFromFilters({ query: 'a&b=c', status: 'active' }))).toEqual({ query: 'a&b=c', status: 'active' });
  });

  it('asks the API with status true or false, none for All', () => {
    expect(apiFilters({ query: 'x', status: 'active' })).toEqual({ query: 'x', status: 'true' });
    expect(apiFilters({ query: '', status: 'inactive' })).toEqual({ query: undefined, status: 'false' });
    expect(apiFilters({ query: '', status: 'all' })).toEqual({ query: undefined, status: undefined });
  });
});
