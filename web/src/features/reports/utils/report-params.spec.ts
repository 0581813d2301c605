import { describe, expect, it } from '@jest/globals';
import { ALL_COUNTRIES, DEFAULT_VIEW, EMPTY_FILTER, countriesPicked, countriesShown, filterQuery, isFilterActive, queryString, readReportView, writeReportView, type ReportView } from './report-params';

const full: ReportView = {
  filter: { dateFrom: '2026-01-01', dateTill: '2026-01-31', countries: ['US', 'GB'], receiver: 'ann@example.com', devices: ['smartphone'], platforms: ['ios', 'android'], clients: ['apple-mail'] },
  includeMachine: true,
  page: 3,
  weekEnding: '2026-01-14',
};

describe('report view <-> URL search params', () => {
  it('round-trips every part of the view through the URL', () => {
    const params = writeReportView(full);
    expect(params.toString()).toBe(
      'dateFrom=2026-01-01&dateTill=2026-01-31&country=US%2CGB&receiver=ann%40example.com&devicescsv=smartphone&platformscsv=ios%2Candroid&clientscsv=apple-mail&includeMachine=true&weekEnding=2026-01-14&page=3',
    );
    expect(readReportView(new URLSearchParams(params.toString()))).toEqual(full);
  });

  it('writes nothing for the default view, and reads an empty URL as the default', () => {
    expect(writeReportView(DEFAULT_VIEW).toString()).toBe('');
    expect(readReportView(new URLSearchParams(''))).toEqual(DEFAULT_VIEW);
  });

  it('drops what a hand-edited URL gets wrong instead of sending it', () => {
    const v = readReportView(new URLSearchParams('dateFrom=2026-02-30&dateTill=yesterday&country=US,usa,gb,,US&devicescsv=Tablet,<b>&page=-2&weekEnding=2026-13-01&includeMachine=yes'));
    expect(v.filter.dateFrom).toBeNull();
    expect(v.filter.dateTill).toBeNull();
    expect(v.filter.countries).toEqual(['US', 'GB']);
    expect(v.filter.devices).toEqual(['tablet']);
    expect(v.page).toBe(1);
    expect(v.weekEnding).toBeNull();
    expect(v.includeMachine).toBe(false);
  });

  it('puts a reversed date range the right way round', () => {
    const v = readReportView(new URLSearchParams('dateFrom=2026-03-10&dateTill=2026-03-01'));
    expect([v.filter.dateFrom, v.filter.dateTill]).toEqual(['2026-03-01', '2026-03-10']);
  });

  it('trims the receiver and treats a blank one as no filter', () => {
    expect(readReportView(new URLSearchParams('receiver=%20bob%40x.com%20')).filter.receiver).toBe('bob@x.com');
    expect(filterQuery({ ...EMPTY_FILTER, receiver: '   ' }, false)).toEqual({});
    expect(isFilterActive({ ...EMPTY_FILTER, receiver: '   ' })).toBe(false);
    expect(isFilterActive({ ...EMPTY_FILTER, clients: ['gmail'] })).toBe(true);
  });

  it('builds the API query with the csv names the server takes', () => {
    expect(filterQuery(full.filter, false)).toEqual({
      dateFrom: '2026-01-01',
      dateTill: '2026-01-31',
      country: 'US,GB',
      receiver: 'ann@example.com',
      devicescsv: 'smartphone',
      platformscsv: 'ios,android',
      clientscsv: 'apple-mail',
    });
    expect(queryString(filterQuery(EMPTY_FILTER, true))).toBe('?includeMachine=true');
    expect(queryString({})).toBe('');
  });
});

describe('the Country multi-select with All', () => {
  it('shows All when no country is picked', () => {
    expect(countriesShown([])).toEqual([ALL_COUNTRIES]);
    expect(countriesShown(['US'])).toEqual(['US']);
  });

  it('picking a country replaces All; picking All clears the countries', () => {
    expect(countriesPicked([ALL_COUNTRIES], [ALL_COUNTRIES, 'US'])).toEqual(['US']);
    expect(countriesPicked(['US'], ['US', 'GB'])).toEqual(['US', 'GB']);
    expect(countriesPicked(['US', 'GB'], ['US', 'GB', ALL_COUNTRIES])).toEqual([]);
    expect(countriesPicked(['US'], [])).toEqual([]);
  });
});
