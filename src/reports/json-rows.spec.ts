import { jsonRowsInsert, jsonRowsParam, jsonRowsSelect, type JsonColumn } from './json-rows.js';

interface Row {
  snippetId: string;
  occurredAt: Date;
  receiver: string | null;
}
const COLUMNS: JsonColumn<Row>[] = [
  ['snippet_id', 'uuid[]', 'snippetId'],
  ['occurred_at', 'timestamptz[]', 'occurredAt'],
  ['receiver', 'text[]', 'receiver'],
];

describe('rows as one JSON parameter', () => {
  it('selects each column typed, by the property the row has', () => {
    expect(jsonRowsSelect(COLUMNS)).toBe(
      'select r."snippetId", r."occurredAt", r."receiver" from json_to_recordset($1::json) as r("snippetId" uuid, "occurredAt" timestamptz, "receiver" text)',
    );
    expect(jsonRowsInsert('engagement', COLUMNS)).toMatch(/^insert into engagement \(snippet_id, occurred_at, receiver\) select r\."snippetId"/);
  });

  it('sends dates as ISO text, nulls as null, and text as it is', () => {
    const at = new Date('2026-03-01T10:00:00.123Z');
    const json = jsonRowsParam([{ snippetId: 'a', occurredAt: at, receiver: 'o"brien+x@example.com' }, { snippetId: 'b', occurredAt: at, receiver: null }]);
    expect(JSON.parse(json)).toEqual([
      { snippetId: 'a', occurredAt: '2026-03-01T10:00:00.123Z', receiver: 'o"brien+x@example.com' },
      { snippetId: 'b', occurredAt: '2026-03-01T10:00:00.123Z', receiver: null },
    ]);
  });

  it('replaces a lone surrogate (refused by PostgreSQL in JSON) and keeps a real pair', () => {
    const json = jsonRowsParam([{ receiver: 'a\ud800b' }, { receiver: 'smile \ud83d\ude00' }]);
    expect(JSON.parse(json)).toEqual([{ receiver: 'a\ufffdb' }, { receiver: 'smile \ud83d\ude00' }]);
  });
});
