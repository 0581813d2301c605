import { FILTER_MESSAGES, readReportQuery } from '../report-filter.js';
import { PagedReportQueryDto, REPORT_QUERY_PIPE, refusalOf, ReportQueryDto, WeekReportQueryDto } from './report-query.dto.js';

// What the service gets: the checked query, or the 400 it throws once the snippet is the caller's.
async function check(cls: new () => object, query: Record<string, unknown>): Promise<{ value?: object; message?: string; errors?: Record<string, string> | null }> {
  const value = (await REPORT_QUERY_PIPE.transform(query, { type: 'query', metatype: cls })) as ReportQueryDto;
  const e = refusalOf(value);
  expect(value).toBeInstanceOf(cls);
  return e ? { message: e.message, errors: e.fieldErrors } : { value };
}

describe('the report query DTOs', () => {
  it('keeps the filter fields, drops the rest (a feed link key is the guard\'s)', async () => {
    const { value } = await check(PagedReportQueryDto, { dateFrom: '2026-01-01', size: '5', key: 'secret', other: 'x' });
    expect(value).toEqual({ dateFrom: '2026-01-01', size: '5' });
    expect(readReportQuery(value!)).toMatchObject({ filter: { dateFrom: '2026-01-01' }, page: { page: 1, size: 5 } });
  });

  it('answers one bad field with its own message', async () => {
    expect(await check(ReportQueryDto, { tz: 'Mars/Base' })).toEqual({ message: FILTER_MESSAGES.tz, errors: { tz: FILTER_MESSAGES.tz } });
    expect(await check(WeekReportQueryDto, { dateFrom: '2026-01-02', dateTill: '2026-01-01' })).toEqual({ message: FILTER_MESSAGES.dateOrder, errors: { dateTill: FILTER_MESSAGES.dateOrder } });
  });

  it('checks the page and the week on every read, and names every bad field in the filter\'s order', async () => {
    const { message, errors } = await check(WeekReportQueryDto, { size: '0', page: '0', includeMachine: 'yes', devicescsv: 'fridge', weekEnding: 'x', dateFrom: ['x', '2026-01-01'], receiver: { $ne: 1 } });
    expect(message).toBe(FILTER_MESSAGES.invalid);
    expect(Object.keys(errors!)).toEqual(['dateFrom', 'weekEnding', 'devicescsv', 'receiver', 'includeMachine', 'page', 'size']);
    expect(errors).toMatchObject({ devicescsv: FILTER_MESSAGES.unknownKey('devicescsv', 'fridge'), receiver: FILTER_MESSAGES.receiver, page: FILTER_MESSAGES.page });
  });
});
