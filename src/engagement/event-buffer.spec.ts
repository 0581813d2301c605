import { jest } from '@jest/globals';
import { EventBuffer, packEvents, unpackEvents } from './event-buffer.js';

describe('the committed-event buffer', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const make = (send: (events: number[]) => Promise<unknown> = async () => undefined) => {
    const sent: number[][] = [];
    const errors: [unknown, number][] = [];
    const buffer = new EventBuffer<number>({
      flushMs: 100,
      flushMax: 5,
      send: async (events) => {
        sent.push(events);
        return send(events);
      },
      onSendError: (e, n) => errors.push([e, n]),
    });
    return { buffer, sent, errors };
  };
  const even = (n: number) => (n % 2 === 0 ? n * 10 : null);

  it('sends what it picked from several batches together, once, after the interval', async () => {
    const { buffer, sent } = make();
    buffer.add([1, 2, 3, 4], even);
    buffer.add([6], even);
    expect(sent).toEqual([]);
    await jest.advanceTimersByTimeAsync(99);
    expect(sent).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([[20, 40, 60]]);
    expect(buffer.size).toBe(0);
    await jest.advanceTimersByTimeAsync(500);
    expect(sent).toHaveLength(1);
  });

  it('sends at once when the maximum is reached, and schedules nothing for a batch it picked nothing from', async () => {
    const { buffer, sent } = make();
    buffer.add([1, 3, 5], even);
    expect(jest.getTimerCount()).toBe(0);
    buffer.add([2, 4, 6, 8, 10], even);
    await Promise.resolve();
    expect(sent).toEqual([[20, 40, 60, 80, 100]]);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('reports a failed send with its count and goes on with the next events', async () => {
    let fail = true;
    const { buffer, sent, errors } = make(async () => {
      if (fail) throw new Error('queue down');
    });
    buffer.add([2, 4], even);
    await jest.advanceTimersByTimeAsync(100);
    expect(errors).toEqual([[new Error('queue down'), 2]]);
    fail = false;
    buffer.add([6], even);
    await buffer.flush();
    expect(sent).toEqual([[20, 40], [60]]);
    expect(errors).toHaveLength(1);
  });

  it("settles the batches' outbox rows once the send that carried their events succeeded, and never before or after a failed one", async () => {
    let fail = false;
    const settled: string[][] = [];
    const errors: number[] = [];
    const buffer = new EventBuffer<number>({
      flushMs: 100,
      flushMax: 50,
      send: async () => {
        if (fail) throw new Error('queue down');
      },
      onSendError: (_e, n) => errors.push(n),
      settle: async (refs) => settled.push(refs),
    });
    buffer.add([2, 4], even, '7');
    // A batch it picks nothing from still has its row settled with the next send.
    buffer.add([1], even, '8');
    await jest.advanceTimersByTimeAsync(99);
    expect(settled).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(settled).toEqual([['7', '8']]);
    fail = true;
    buffer.add([6], even, '9');
    await jest.advanceTimersByTimeAsync(100);
    expect(errors).toEqual([1]);
    // Left for the outbox's sweeper: not settled, and not sent again by the buffer.
    fail = false;
    await buffer.flush();
    expect(settled).toEqual([['7', '8']]);
    buffer.add([3], even, '10');
    await buffer.flush();
    expect(settled).toEqual([['7', '8'], ['10']]);
  });

  it('flushes what is buffered on demand (shutdown), and an empty flush sends nothing', async () => {
    const { buffer, sent } = make();
    await buffer.flush();
    buffer.add([2], even);
    await buffer.flush();
    expect(sent).toEqual([[20]]);
    expect(jest.getTimerCount()).toBe(0);
  });
});

describe('packed fan-out events', () => {
  type E = { id: string; kind: string; who: string | null; where: string | null };
  const fields: (keyof E)[] = ['id', 'kind', 'who', 'where'];

  it('come back as they went in: nulls, empty text, repeats, and the characters the packing uses', () => {
    const events: E[] = [
      { id: 'a', kind: 'open', who: 'ann@example.com', where: null },
      { id: 'a', kind: 'open', who: '', where: 'Köln' },
      { id: 'b', kind: 'click', who: 'line\nbreak \\ back\\slash; semi, comma', where: 'Köln' },
      { id: 'a', kind: 'open', who: null, where: null },
    ];
    const packed = packEvents(events, fields);
    expect(unpackEvents<E>(JSON.parse(JSON.stringify(packed)))).toEqual(events);
    // Each distinct value is stored once.
    expect(packed.values.split('\n')).toHaveLength(8);
  });

  it('keep an event whose every field is null, and an empty list stays empty', () => {
    const allNull: E = { id: null as unknown as string, kind: null as unknown as string, who: null, where: null };
    expect(unpackEvents<E>(packEvents([allNull], fields))).toEqual([allNull]);
    expect(unpackEvents<E>(packEvents([], fields))).toEqual([]);
  });

  it('read a job queued by an older version (a list of objects) as it is, and nothing as no event', () => {
    const old = [{ id: 'a', kind: 'open', who: null, where: null }];
    expect(unpackEvents<E>(old)).toEqual(old);
    expect(unpackEvents<E>(undefined)).toEqual([]);
  });
});
