import { jest } from '@jest/globals';
import { EventBuffer } from './event-buffer.js';

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

  it('flushes what is buffered on demand (shutdown), and an empty flush sends nothing', async () => {
    const { buffer, sent } = make();
    await buffer.flush();
    buffer.add([2], even);
    await buffer.flush();
    expect(sent).toEqual([[20]]);
    expect(jest.getTimerCount()).toBe(0);
  });
});
