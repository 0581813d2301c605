import { countersServe, DEFAULT_PAGE_SIZE, FILTER_MESSAGES, filterMap, parseReportQuery, PLATFORM_FAMILIES } from './report-filter.js';

describe('parseReportQuery', () => {
  it('has no filter and the default page when the query is empty', () => {
    const { value } = parseReportQuery({});
    expect(value).toEqual({
      filter: { dateFrom: null, dateTill: null, timeFrom: null, timeTill: null, devices: null, platforms: null, clients: null, countries: null, ipAddress: null, receiver: null, includeMachine: false },
      page: { page: 1, size: DEFAULT_PAGE_SIZE },
      weekEnding: null,
      timeZone: null,
    });
  });

  it('takes the browser\'s time zone as an IANA name, and refuses anything else with its own message', () => {
    expect(parseReportQuery({ tz: 'Pacific/Auckland' }).value?.timeZone).toBe('Pacific/Auckland');
    for (const tz of ['+05:00', 'Mars/Base', 'UTC+5', ['a', 'b'].join('/x/y/z/')]) {
      expect(parseReportQuery({ tz })).toEqual({ value: null, errors: { tz: FILTER_MESSAGES.tz } });
    }
  });

  it('treats blank values as no filter', () => {
    const { value } = parseReportQuery({ dateFrom: ' ', country: '', clientscsv: ',', receiver: '  ', includeMachine: '' });
    expect(value?.filter).toMatchObject({ dateFrom: null, countries: null, clients: null, receiver: null, includeMachine: false });
  });

  it('reads every filter', () => {
    const { value } = parseReportQuery({
      dateFrom: '2026-01-01', dateTill: '2026-01-31', timeFrom: '08:00', timeTill: '17:30', country: 'us, gb,US',
      platformscsv: 'iOS,other', devicescsv: 'unknown', clientscsv: 'gmail', ipAddress: '2001:db8::1', receiver: ' ann ',
      includeMachine: 'true', page: '3', size: '50', weekEnding: '2026-01-14',
    });
    expect(value?.filter).toMatchObject({ dateFrom: '2026-01-01', dateTill: '2026-01-31', timeFrom: '08:00', timeTill: '17:30', countries: ['US', 'GB'], ipAddress: '2001:db8::1', receiver: 'ann', includeMachine: true });
    expect(value?.filter.platforms).toMatchObject({ names: ['ios', 'ipados'], other: true, unknown: false });
    expect(value?.filter.platforms?.known).toEqual(PLATFORM_FAMILIES.flatMap((f) => f.names));
    expect(value?.filter.devices).toMatchObject({ names: [], other: false, unknown: true });
    expect(value?.filter.clients?.names).toEqual(['gmail']);
    expect(value?.page).toEqual({ page: 3, size: 50 });
    expect(value?.weekEnding).toBe('2026-01-14');
  });

  it('takes the first of repeated parameters', () => {
    expect(parseReportQuery({ dateFrom: ['2026-01-01', 'x'] }).value?.filter.dateFrom).toBe('2026-01-01');
  });

  it('gives one message per bad field', () => {
    const { value, errors } = parseReportQuery({ dateFrom: '2026-02-30', timeFrom: '7:00', country: 'U1', ipAddress: '1.2.3', size: '0', page: '-1', includeMachine: 'yes', devicescsv: 'fridge', receiver: { $ne: 1 } });
    expect(value).toBeNull();
    expect(errors).toEqual({
      dateFrom: FILTER_MESSAGES.date('dateFrom'),
      timeFrom: FILTER_MESSAGES.time('timeFrom'),
      country: FILTER_MESSAGES.country,
      ipAddress: FILTER_MESSAGES.ipAddress,
      size: FILTER_MESSAGES.size,
      page: FILTER_MESSAGES.page,
      includeMachine: FILTER_MESSAGES.includeMachine,
      devicescsv: FILTER_MESSAGES.unknownKey('devicescsv', 'fridge'),
      receiver: FILTER_MESSAGES.receiver,
    });
  });

  it('refuses an end date before the start date but allows the same day', () => {
    expect(parseReportQuery({ dateFrom: '2026-01-02', dateTill: '2026-01-01' }).errors).toEqual({ dateTill: FILTER_MESSAGES.dateOrder });
    expect(parseReportQuery({ dateFrom: '2026-01-02', dateTill: '2026-01-02' }).value).not.toBeNull();
  });

  it('allows a time window across midnight and the page size limits', () => {
    expect(parseReportQuery({ timeFrom: '22:00', timeTill: '02:00' }).value?.filter).toMatchObject({ timeFrom: '22:00', timeTill: '02:00' });
    expect(parseReportQuery({ size: '10000' }).value?.page.size).toBe(10000);
    expect(parseReportQuery({ size: '10001' }).errors.size).toBe(FILTER_MESSAGES.size);
  });
});

describe('filterMap', () => {
  it('lists each family with Other and Unknown last', () => {
    const map = filterMap(PLATFORM_FAMILIES);
    expect(Object.keys(map).slice(-2)).toEqual(['other', 'unknown']);
    expect(map.windows).toBe('Windows');
  });
});

describe('countersServe', () => {
  const filter = (query: Record<string, string>) => parseReportQuery(query).value!.filter;

  it('serves dates and the machine switch from the 15-minute counters', () => {
    expect(countersServe(filter({}))).toBe(true);
    expect(countersServe(filter({ dateFrom: '2026-01-01', dateTill: '2026-01-31', includeMachine: 'true' }))).toBe(true);
  });

  it('leaves a time of day and anything about who, where or on what to the rows', () => {
    const queries: Record<string, string>[] = [
      { timeFrom: '09:10' },
      { timeTill: '17:00' },
      { devicescsv: 'smartphone' },
      { platformscsv: 'ios' },
      { clientscsv: 'gmail' },
      { country: 'GB' },
      { ipAddress: '10.0.0.1' },
      { receiver: 'ann' },
    ];
    for (const query of queries) {
      expect([query, countersServe(filter(query))]).toEqual([query, false]);
    }
  });
});
