import { CSV_COLUMNS } from './report-csv.js';
import { csvLinesSql, csvRecordsSql } from './report-csv-sql.js';
import { parseReportQuery } from './report-filter.js';
import { recordsSql } from './report-sql.js';

// The CSV's query and a page's are written apart (a million records at once, or a few by
// look-ups): they must give the same records, so the same columns, filter and order.
const SNIPPET = '00000000-0000-4000-8000-000000000001';
const filter = (query: Record<string, string>) => parseReportQuery(query).value!.filter;
const aliases = (text: string) => [...text.matchAll(/ as "(\w+)"/g)].map((m) => m[1]);

describe('the CSV query', () => {
  it('selects the columns of a page, in the same order, and every column the CSV writes', () => {
    const csv = csvRecordsSql(SNIPPET, filter({}), 'UTC').text;
    const page = recordsSql(SNIPPET, filter({}), 'UTC', { page: 1, size: 10 }).text;
    expect(aliases(csv)).toEqual(aliases(page));
    for (const c of CSV_COLUMNS) expect(aliases(csv)).toContain(c.key);
  });

  it('sorts as a page does, newest first, and has no limit', () => {
    const csv = csvRecordsSql(SNIPPET, filter({}), 'UTC').text;
    expect(csv.trimEnd().endsWith('order by e.occurred_at desc, e.id desc')).toBe(true);
    expect(csv).not.toMatch(/\blimit\b/);
  });

  it("keeps the page's filter and time zone: the same parameters", () => {
    const query = { country: 'GB,IN', devicescsv: 'smartphone', dateFrom: '2026-01-01', receiver: 'ann' };
    const csv = csvRecordsSql(SNIPPET, filter(query), 'Asia/Kolkata');
    const page = recordsSql(SNIPPET, filter(query), 'Asia/Kolkata', { page: 1, size: 10 });
    // the page's parameters end with its limit and offset
    for (const p of page.params.slice(0, -2)) expect(csv.params).toContainEqual(p);
  });

  it('counts first views among human traffic only, unless machine traffic is included', () => {
    // the first views kept at ingest, in their scope (migration 0023)
    expect(csvRecordsSql(SNIPPET, filter({}), 'UTC').params).toContain('human');
    expect(csvRecordsSql(SNIPPET, filter({}), 'UTC').params).not.toContain('all');
    expect(csvRecordsSql(SNIPPET, filter({ includeMachine: 'true' }), 'UTC').params).toContain('all');
    expect(csvRecordsSql(SNIPPET, filter({ includeMachine: 'true' }), 'UTC').params).not.toContain('human');
  });

  it('makes a cell in the database for every column the CSV writes, and refuses a column it has none for', () => {
    const lines = csvLinesSql(SNIPPET, filter({}), 'UTC', CSV_COLUMNS.map((c) => c.key));
    expect(lines.text).toContain(' as "line" from (');
    expect(() => csvLinesSql(SNIPPET, filter({}), 'UTC', ['occurredAtUtc'])).toThrow('no SQL cell for CSV column occurredAtUtc');
  });
});
