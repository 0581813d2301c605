import { Readable, Transform } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { ReportRecord } from '../shared/report-types.js';

// The CSV of a report: the one place csv-stringify is used.

export const CSV_COLUMNS: { key: keyof ReportRecord; header: string }[] = [
  { key: 'engagementId', header: 'Engagement ID' },
  { key: 'activity', header: 'Activity' },
  { key: 'isUnique', header: 'Unique' },
  { key: 'counted', header: 'Counted' },
  { key: 'date', header: 'Date' },
  { key: 'time', header: 'Time' },
  { key: 'durationSecs', header: 'Duration (secs)' },
  { key: 'videoDuration', header: 'Video Duration (secs)' },
  { key: 'receiver', header: 'Receiver' },
  { key: 'ipAddress', header: 'IP Address' },
  { key: 'city', header: 'City' },
  { key: 'state', header: 'State' },
  { key: 'country', header: 'Country' },
  { key: 'countryCode', header: 'Country Code' },
  { key: 'device', header: 'Device' },
  { key: 'platform', header: 'Platform' },
  { key: 'client', header: 'Client' },
  { key: 'target', header: 'Target' },
  { key: 'machineReason', header: 'Machine Reason' },
];

// A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading quote:
// receivers and user agents come from strangers' requests.
export function csvSafeText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function cell(value: unknown): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value;
  return csvSafeText(String(value));
}

// Records in, CSV text out, with backpressure: the source is read only as fast as the client takes it.
export function recordsToCsv(records: AsyncIterable<ReportRecord> | Iterable<ReportRecord>): Readable {
  const rows = Readable.from(records, { objectMode: true, highWaterMark: 64 });
  const toRow = new Transform({
    objectMode: true,
    highWaterMark: 64,
    transform(r: ReportRecord, _enc, done) {
      done(null, CSV_COLUMNS.map((c) => cell(r[c.key])));
    },
  });
  const csv = stringify({ header: true, columns: CSV_COLUMNS.map((c) => c.header), bom: true, record_delimiter: 'windows' });
  const out = inChunks();
  rows.on('error', (e) => out.destroy(e));
  toRow.on('error', (e) => out.destroy(e));
  csv.on('error', (e) => out.destroy(e));
  return rows.pipe(toRow).pipe(csv).pipe(out);
}

// csv-stringify writes one small piece per record. A response compressed on the fly pays for
// every write (a gzip or brotli call each, and the garbage of a million of them: 3-4x the time
// and 130 MB more memory for a download measured by bench/report.mjs), so the text goes out in
// pieces of about `size` bytes.
export function inChunks(size = 64 * 1024): Transform {
  let parts: Buffer[] = [];
  let length = 0;
  const take = () => {
    const chunk = Buffer.concat(parts, length);
    parts = [];
    length = 0;
    return chunk;
  };
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      parts.push(chunk);
      length += chunk.length;
      done(null, length >= size ? take() : undefined);
    },
    flush(done) {
      done(null, length ? take() : undefined);
    },
  });
}
