import { Readable, Transform } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { destinationText } from '../shared/click-rules.js';
import type { ReportRecord } from '../shared/report-types.js';

// The CSV of a report: the one place csv-stringify is used.

// A file name people recognise: eyemail-report-<title>-<date>.csv, ASCII only.
export function reportFileName(title: string, date: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return `eyemail-report-${slug || 'eyemail'}-${date}.csv`;
}

// A column is a record field, or a value made from the record (value).
export const CSV_COLUMNS: { key: keyof ReportRecord; header: string; value?: (r: ReportRecord) => unknown }[] = [
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
  // Where a click went, as the report page says it: Landing page, Web view, Video link, Button "label".
  { key: 'destination', header: 'Destination', value: (r) => (r.activity === 'click' ? destinationText(r.destination, r.destinationLabel, r.target) : null) },
  // Of the viewer's plays the record names (issue 17): the largest share watched, and sound on.
  // Last, so the columns before keep their places in people's spreadsheets.
  { key: 'shareWatched', header: 'Share Watched (%)', value: (r) => (r.shareWatched === null ? null : Math.round(r.shareWatched * 100)) },
  { key: 'soundOn', header: 'Sound On' },
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

const CSV_OPTIONS = { columns: CSV_COLUMNS.map((c) => c.header), record_delimiter: 'windows' } as const;

// A batch of records as CSV text, one piece: the header (after a byte-order mark) only first.
function batchToCsv(batch: readonly ReportRecord[], first: boolean): Buffer {
  const rows = batch.map((r) => CSV_COLUMNS.map((c) => cell(c.value ? c.value(r) : r[c.key])));
  return Buffer.from(stringify(rows, { ...CSV_OPTIONS, header: first, bom: first }));
}

// The CSV's lines as the database makes them (report-csv-sql.ts csvLinesSql: the same cells as
// cell() above, byte for byte), a fetch's worth a piece, after the header: out in 64 KB pieces,
// with backpressure. What the download runs; batchesToCsv below writes the same file from
// records (the reference the lines are tested against).
export function linesToCsv(pieces: AsyncIterable<string>): Readable {
  async function* text() {
    yield batchToCsv([], true);
    for await (const piece of pieces) if (piece) yield Buffer.from(piece);
  }
  const csv = Readable.from(text(), { objectMode: false, highWaterMark: 1 });
  const out = inChunks();
  csv.on('error', (e) => out.destroy(e));
  return csv.pipe(out);
}

// Records in batches (a database fetch each) in, CSV text out, with backpressure: the source is
// read only as fast as the client takes it. A batch at a time, not a record at a time: a
// million records through object streams made a million of everything (stream callbacks,
// promises, pieces of text), and the garbage grew the server's young heap by some 60 MB while
// a download ran (bench/report.mjs).
export function batchesToCsv(batches: AsyncIterable<readonly ReportRecord[]> | Iterable<readonly ReportRecord[]>): Readable {
  async function* text() {
    let first = true;
    for await (const batch of batches) {
      if (!batch.length) continue;
      yield batchToCsv(batch, first);
      first = false;
    }
    if (first) yield batchToCsv([], true);
  }
  const csv = Readable.from(text(), { objectMode: false, highWaterMark: 1 });
  const out = inChunks();
  csv.on('error', (e) => out.destroy(e));
  return csv.pipe(out);
}

// csv-stringify writes one small piece per record. A response compressed on the fly pays for
// every write (a gzip or brotli call each, and the garbage of a million of them: 3-4x the time
// and 130 MB more memory for a download measured by bench/report.mjs), so the text goes out in
// pieces of `size` bytes (the last one shorter).
export function inChunks(size = 64 * 1024): Transform {
  let parts: Buffer[] = [];
  let length = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      parts.push(chunk);
      length += chunk.length;
      if (length >= size) {
        let all = Buffer.concat(parts, length);
        while (all.length >= size) {
          this.push(all.subarray(0, size));
          all = all.subarray(size);
        }
        parts = all.length ? [Buffer.from(all)] : [];
        length = all.length;
      }
      done();
    },
    flush(done) {
      done(null, length ? Buffer.concat(parts, length) : undefined);
    },
  });
}
