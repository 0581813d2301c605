// A batch of rows sent to PostgreSQL as one JSON text parameter and turned back into typed columns
// by json_to_recordset. Sending each column as a native array parameter instead made the driver
// escape every value of every column into an array literal in JavaScript, a quarter of the open
// pixel's CPU under load (bench/ingest.mjs); JSON.stringify is native and the server does the rest.

// [column, array type (as the columns were sent before: 'uuid[]'), the row's property]
export type JsonColumn<R> = readonly [column: string, arrayType: string, property: keyof R & string];

// `select <columns> from json_to_recordset($n::json) as r(...)`: the record's fields are named
// after the rows' own properties, so the rows are serialised as they are, with no copy.
export function jsonRowsSelect<R>(columns: readonly JsonColumn<R>[], param = 1): string {
  const fields = columns.map(([, type, prop]) => `"${prop}" ${type.replace(/\[\]$/, '')}`).join(', ');
  return `select ${columns.map(([, , prop]) => `r."${prop}"`).join(', ')} from json_to_recordset($${param}::json) as r(${fields})`;
}

// `insert into <table> (<columns>) select ... from json_to_recordset($1::json)`.
export function jsonRowsInsert<R>(table: string, columns: readonly JsonColumn<R>[]): string {
  return `insert into ${table} (${columns.map(([c]) => c).join(', ')}) ${jsonRowsSelect(columns)}`;
}

// A lone surrogate, escaped by JSON.stringify: PostgreSQL refuses it in JSON, the array path used to
// store U+FFFD in its place (the driver's UTF-8 encoding), so this does the same.
const LONE_SURROGATE = /\\ud[89a-f][0-9a-f]{2}/gi;

// The parameter: the rows as JSON (Dates as ISO strings, undefined as a missing field, read as null).
export function jsonRowsParam(rows: readonly object[]): string {
  const json = JSON.stringify(rows);
  return json.includes('\\u') && /\\u[dD][89a-fA-F]/.test(json) ? json.replace(LONE_SURROGATE, '\\ufffd') : json;
}

// The parameter as UTF-8 bytes in a buffer kept from one batch for the next (the driver sends a
// Buffer as is; PostgreSQL reads json's binary form as its text). Why: the JSON text of a batch
// (30-60 KB at 50-100 rows) lives until its statement has committed, and under load that spans
// young-generation collections, so each batch's text was copied into V8's old generation, the
// largest part of what the pixel load promoted there (heap profile of the objects that outlived a
// young collection, bench/ingest.mjs's app); the old generation then grew until the next full
// collection. Encoded into a kept buffer, the text dies young and the bytes reuse the same memory.
// A send that finds the buffer lent out (two at once) gets one of its own; the larger one is kept,
// up to KEEP_MAX_BYTES (a buffer for a rare huge batch is left to the collector).
const MIN_BYTES = 64 * 1024;
const KEEP_MAX_BYTES = 4 * 1024 * 1024;

// Size of the buffer for `bytes`: the next power of two, at least MIN_BYTES.
export function jsonBufferSize(bytes: number): number {
  return Math.max(MIN_BYTES, 2 ** Math.ceil(Math.log2(Math.max(1, bytes))));
}

export class JsonRowsSender {
  private spare: Buffer | null = null;

  // Runs `send` with the rows as the JSON parameter (jsonRowsParam's text, as bytes), valid until
  // `send`'s promise settles.
  async send<T>(rows: readonly object[], send: (param: Buffer) => Promise<T>): Promise<T> {
    const json = jsonRowsParam(rows);
    const bytes = Buffer.byteLength(json);
    const buffer = this.spare && this.spare.length >= bytes ? this.spare : Buffer.allocUnsafeSlow(jsonBufferSize(bytes));
    if (buffer === this.spare) this.spare = null;
    buffer.write(json, 0, bytes);
    try {
      return await send(buffer.subarray(0, bytes));
    } finally {
      if (buffer.length <= KEEP_MAX_BYTES && (!this.spare || this.spare.length < buffer.length)) this.spare = buffer;
    }
  }
}
