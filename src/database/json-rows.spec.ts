import { jsonBufferSize, jsonRowsInsert, jsonRowsParam, jsonRowsSelect, JsonRowsSender, type JsonColumn } from './json-rows.js';

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

describe('the JSON parameter as bytes in a kept buffer', () => {
  const rowsOf = (n: number, tag: string) => Array.from({ length: n }, (_, i) => ({ receiver: `${tag}-${i}-é☃@example.com`, n: i }));
  const parsed = (param: Buffer) => JSON.parse(param.toString('utf8')) as unknown;

  it('sends the rows as jsonRowsParam writes them, as UTF-8', async () => {
    const rows = [{ receiver: 'a\ud800b', at: new Date('2026-03-01T10:00:00.123Z') }, { receiver: 'zoë ☃', at: null }];
    const sent = await new JsonRowsSender().send(rows, async (param) => param.toString('utf8'));
    expect(sent).toBe(jsonRowsParam(rows));
  });

  it('sends a smaller batch after a larger one without any of the earlier bytes', async () => {
    const sender = new JsonRowsSender();
    await sender.send(rowsOf(2000, 'big'), async (param) => expect(parsed(param)).toEqual(JSON.parse(JSON.stringify(rowsOf(2000, 'big')))));
    const second = await sender.send(rowsOf(3, 'small'), async (param) => param.toString('utf8'));
    expect(JSON.parse(second)).toEqual(rowsOf(3, 'small'));
  });

  it('keeps each of two sends at once its own bytes until it settles', async () => {
    const sender = new JsonRowsSender();
    await sender.send(rowsOf(10, 'warm'), async () => undefined);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const first = sender.send(rowsOf(5, 'first'), async (param) => {
      await held;
      return parsed(param);
    });
    const second = await sender.send(rowsOf(5, 'second'), async (param) => parsed(param));
    const third = await sender.send(rowsOf(5, 'third'), async (param) => parsed(param));
    release();
    expect(await first).toEqual(rowsOf(5, 'first'));
    expect(second).toEqual(rowsOf(5, 'second'));
    expect(third).toEqual(rowsOf(5, 'third'));
  });

  it('answers the failure of a send, and sends the next batch whole', async () => {
    const sender = new JsonRowsSender();
    await expect(sender.send(rowsOf(4, 'lost'), async () => Promise.reject(new Error('connection lost')))).rejects.toThrow('connection lost');
    expect(await sender.send(rowsOf(4, 'next'), async (param) => parsed(param))).toEqual(rowsOf(4, 'next'));
  });

  it('sizes a buffer to the next power of two, at least 64 KB', () => {
    expect(jsonBufferSize(0)).toBe(65536);
    expect(jsonBufferSize(65536)).toBe(65536);
    expect(jsonBufferSize(65537)).toBe(131072);
    expect(jsonBufferSize(3_000_000)).toBe(4_194_304);
  });
});
