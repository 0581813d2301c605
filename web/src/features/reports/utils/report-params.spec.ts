import { describe, expect, it } from '@jest/globals';
import { ALL_COUNTRIES, DEFAULT_VIEW, EMPTY_FILTER, readTime, timeWindowNote, countriesPicked, countriesShown, filterQuery, isFilterActive, queryString, readReportView, writeReportView, type ReportView } from './report-params';

const full: ReportView = {
  filter: { dateFrom: '2026-01-01', dateTill: '2026-01-31', timeFrom: '08:30', timeTill: '17:00', countries: ['US', 'GB'], receiver: 'ann@example.com', devices: ['smartphone'], platforms: ['ios', 'android'], clients: ['apple-mail'] },
  includeMachine: true,
  page: 3,
  weekEnding: '2026-01-14',
};

describe('report view <-> URL search params', () => {
  it('round-trips every part of the view through the URL', () => {
    const params = writeReportView(full);
    expect(params.toString()).toBe(
      'dateFrom=2026-01-01&dateTill=2026-01-31&timeFrom=08%3A30&timeTill=17%3A00&country=US%2CGB&receiver=ann%40example.com&devicescsv=smartphone&platformscsv=ios%2Candroid&clientscsv=apple-mail&includeMachine=true&weekEnding=2026-01-14&page=3',
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

  it('reads only real HH:mm times, and keeps a window across midnight as the API reads it', () => {
    const bad = readReportView(new URLSearchParams('timeFrom=24:00&timeTill=9:5'));
    expect([bad.filter.timeFrom, bad.filter.timeTill]).toEqual([null, null]);
    expect(filterQuery(bad.filter, false)).toEqual({});
    expect(['23:59', '00:00', ' 07:05 ', '7:05', '12:60', '', null, undefined, '<b>'].map(readTime)).toEqual(['23:59', '00:00', '07:05', null, null, null, null, null, null]);
    const night = readReportView(new URLSearchParams('timeFrom=22:00&timeTill=02:00'));
    expect(filterQuery(night.filter, false)).toEqual({ timeFrom: '22:00', timeTill: '02:00' });
    expect(readReportView(new URLSearchParams('timeTill=09:00')).filter).toEqual({ ...EMPTY_FILTER, timeTill: '09:00' });
    expect(isFilterActive({ ...EMPTY_FILTER, timeFrom: '09:00' })).toBe(true);
  });

  it('reads a time window whose From is after its Till as one across midnight, and says so', () => {
    expect(timeWindowNote({ timeFrom: '22:00', timeTill: '02:00' })).toBe('Across midnight: from 22:00 until 02:00 the next day');
    expect(timeWindowNote({ timeFrom: '08:31', timeTill: '08:30' })).toContain('Across midnight');
    expect(timeWindowNote({ timeFrom: '08:30', timeTill: '08:30' })).toBeNull();
    expect(timeWindowNote({ timeFrom: '08:30', timeTill: '17:00' })).toBeNull();
    expect(timeWindowNote({ timeFrom: '17:00', timeTill: null })).toBeNull();
    expect(timeWindowNote({ timeFrom: null, timeTill: '08:30' })).toBeNull();
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
      timeFrom: '08:30',
      timeTill: '17:00',
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
