import { addPressure, BUSY_EVENTS, consumersWanting, EngagementEvents, isBusy, PRESSURE_BUCKET_MS, type CommittedEngagement, type EngagementConsumer, type IngestPressure } from './engagement-events.js';

const idle: IngestPressure = { bucket: 0, current: 0, previous: 0 };
const T = 1_000 * PRESSURE_BUCKET_MS;

describe('the ingest pressure', () => {
  it('is busy from 100 committed events a second, counted by the quarter second', () => {
    let p = addPressure(idle, T, BUSY_EVENTS - 1);
    expect(isBusy(p, T)).toBe(false);
    p = addPressure(p, T + 10, 1);
    expect(isBusy(p, T + 10)).toBe(true);
    // The next quarter second still remembers the busy one...
    expect(isBusy(p, T + PRESSURE_BUCKET_MS)).toBe(true);
    p = addPressure(p, T + PRESSURE_BUCKET_MS, 3);
    expect(isBusy(p, T + PRESSURE_BUCKET_MS + 1)).toBe(true);
    // ...the one after that does not.
    expect(isBusy(p, T + 2 * PRESSURE_BUCKET_MS)).toBe(false);
    expect(isBusy(addPressure(p, T + 2 * PRESSURE_BUCKET_MS, 5), T + 2 * PRESSURE_BUCKET_MS)).toBe(false);
  });

  it('forgets a busy quarter second after a gap', () => {
    const p = addPressure(idle, T, 10 * BUSY_EVENTS);
    const later = addPressure(p, T + 3 * PRESSURE_BUCKET_MS, 1);
    expect(later).toEqual({ bucket: 1_003, current: 1, previous: 0 });
    expect(isBusy(later, T + 3 * PRESSURE_BUCKET_MS)).toBe(false);
  });

  it('lets waiting work go at once when quiet, and when its wait is aborted', async () => {
    const events = new EngagementEvents();
    const t0 = Date.now();
    await events.whenQuiet();
    events.written(BUSY_EVENTS);
    expect(events.busy).toBe(true);
    const controller = new AbortController();
    controller.abort();
    await events.whenQuiet(controller.signal);
    // Busy, but at most the given wait, counted from when the busy spell began: a second waiter
    // that comes later does not wait again.
    await events.whenQuiet(undefined, 120);
    const t1 = Date.now();
    expect(t1 - t0).toBeGreaterThanOrEqual(100);
    await events.whenQuiet(undefined, 120);
    expect(Date.now() - t1).toBeLessThan(50);
  });
});

describe('the consumers of committed engagement (the outbox)', () => {
  const open = (receiver: string | null, machineReason: string | null = null): CommittedEngagement => ({ snippetId: 's', kind: 'open', occurredAt: new Date(0), receiver, machineReason });
  const consumer = (name: string, wants: (e: CommittedEngagement) => boolean, taken: [string, number, string][] = []): EngagementConsumer => ({
    name,
    wants,
    take: (events, outboxId) => void taken.push([name, events.length, outboxId]),
    replay: async () => undefined,
  });

  it('are asked whether they want a batch; one that wants none of it gets no outbox row', () => {
    const named = consumer('notifications', (e) => !!e.receiver && !e.machineReason);
    const off = consumer('webhooks', () => false);
    expect(consumersWanting([named, off], [open(null), open('ann@example.com')])).toEqual(['notifications']);
    expect(consumersWanting([named, off], [open(null), open('bob@example.com', 'flood')])).toEqual([]);
    expect(consumersWanting([named, off], [])).toEqual([]);
    const events = new EngagementEvents();
    expect(events.outboxFor([open('ann@example.com')])).toEqual([]);
    events.consume(named);
    events.consume(off);
    expect(events.outboxFor([open('ann@example.com')])).toEqual(['notifications']);
  });

  it('are prepared before a load, on its statement runner, so a cached "none" does not leave its events out', async () => {
    let enabled = false;
    const statements: string[] = [];
    const query = async <R,>(sql: string): Promise<{ rows: R[] }> => {
      statements.push(sql);
      return { rows: [{ on: 1 } as R] };
    };
    const events = new EngagementEvents();
    events.consume({
      ...consumer('webhooks', () => enabled),
      prepare: async (batch, run) => {
        if (!enabled && batch.some((e) => !e.machineReason)) enabled = (await run('select 1', [])).rows.length > 0;
      },
    });
    events.consume(consumer('notifications', () => false));
    // Nothing to load: nothing asked.
    await events.prepare([], query);
    expect(statements).toEqual([]);
    const batch = [open('ann@example.com')];
    expect(events.outboxFor(batch)).toEqual([]);
    await events.prepare(batch, query);
    expect(statements).toEqual(['select 1']);
    expect(events.outboxFor(batch)).toEqual(['webhooks']);
  });

  it('are handed a committed batch only with their outbox row, and a throwing one stops no other', () => {
    const taken: [string, number, string][] = [];
    const events = new EngagementEvents();
    events.consume({ ...consumer('webhooks', () => true), take: () => { throw new Error('broken'); } });
    events.consume(consumer('notifications', () => true, taken));
    events.consume(consumer('other', () => true, taken));
    const batch = [open('ann@example.com'), open('bob@example.com')];
    events.committed(batch);
    expect(taken).toEqual([]);
    events.committed(batch, new Map([['webhooks', '1'], ['notifications', '2']]));
    expect(taken).toEqual([['notifications', 2, '2']]);
  });
});
