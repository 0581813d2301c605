import { addPressure, BUSY_EVENTS, EngagementEvents, isBusy, LOADED_EVENTS, PRESSURE_BUCKET_MS, SATURATED_BATCH, type IngestPressure } from './engagement-events.js';

const idle: IngestPressure = { bucket: 0, current: 0, previous: 0, currentBatches: 0, previousBatches: 0, loopBusy: 0 };
const quietLoop = () => 0.1;
const loadedLoop = () => 0.9;
const T = 1_000 * PRESSURE_BUCKET_MS;

describe('the ingest pressure', () => {
  it('is busy from 1,000 committed events a second, counted by the quarter second', () => {
    let p = addPressure(idle, T, BUSY_EVENTS - 1, quietLoop);
    expect(isBusy(p, T)).toBe(false);
    p = addPressure(p, T + 10, 1, quietLoop);
    expect(isBusy(p, T + 10)).toBe(true);
    // The next quarter second still remembers the busy one...
    expect(isBusy(p, T + PRESSURE_BUCKET_MS)).toBe(true);
    p = addPressure(p, T + PRESSURE_BUCKET_MS, 3, quietLoop);
    expect(isBusy(p, T + PRESSURE_BUCKET_MS + 1)).toBe(true);
    // ...the one after that does not.
    expect(isBusy(p, T + 2 * PRESSURE_BUCKET_MS)).toBe(false);
    expect(isBusy(addPressure(p, T + 2 * PRESSURE_BUCKET_MS, 5, quietLoop), T + 2 * PRESSURE_BUCKET_MS)).toBe(false);
  });

  it('forgets a busy quarter second after a gap', () => {
    const p = addPressure(idle, T, 10 * BUSY_EVENTS, loadedLoop);
    const later = addPressure(p, T + 3 * PRESSURE_BUCKET_MS, 1, loadedLoop);
    expect(later).toEqual({ bucket: 1_003, current: 1, previous: 0, currentBatches: 1, previousBatches: 0, loopBusy: 0 });
    expect(isBusy(later, T + 3 * PRESSURE_BUCKET_MS)).toBe(false);
  });

  it('is busy at a tenth of the rate when the event loop works most of the time (a slower machine)', () => {
    const start = addPressure(idle, T, LOADED_EVENTS, quietLoop);
    expect(isBusy(start, T)).toBe(false);
    const loaded = addPressure(start, T + PRESSURE_BUCKET_MS, LOADED_EVENTS, loadedLoop);
    expect(isBusy(loaded, T + PRESSURE_BUCKET_MS)).toBe(true);
    // A loaded loop with a trickle of hits is not the ingest's doing.
    const trickle = addPressure(addPressure(idle, T, 2, loadedLoop), T + PRESSURE_BUCKET_MS, 2, loadedLoop);
    expect(isBusy(trickle, T + PRESSURE_BUCKET_MS)).toBe(false);
  });

  it('is busy when its commits gather many events each (a saturated database), however few a second', () => {
    const batches = (n: number, size: number, at = T) => Array.from({ length: n }).reduce<IngestPressure>((p) => addPressure(p, at, size, quietLoop), idle);
    // Three commits of 16 events in a quarter second: 192 a second, a fifth of the busy rate.
    expect(isBusy(batches(3, SATURATED_BATCH), T)).toBe(true);
    expect(isBusy(batches(3, SATURATED_BATCH - 1), T)).toBe(false);
    // One burst committed at once is not a saturated writer; many small commits are not either.
    expect(isBusy(batches(2, 5 * SATURATED_BATCH), T)).toBe(false);
    expect(isBusy(batches(40, 4), T)).toBe(false);
  });

  it('lets waiting work go at once when quiet, and when its wait is aborted', async () => {
    const events = new EngagementEvents();
    const t0 = Date.now();
    await events.whenQuiet();
    events.committed(Array.from({ length: BUSY_EVENTS }, () => ({ snippetId: 's', kind: 'open', occurredAt: new Date() })));
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
