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
