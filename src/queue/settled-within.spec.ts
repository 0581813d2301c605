import { settledWithin } from './settled-within.js';

describe('settledWithin', () => {
  it('answers true once every promise has settled, rejections included', async () => {
    await expect(settledWithin([Promise.resolve(1), Promise.reject(new Error('no'))], 1_000)).resolves.toBe(true);
  });

  it('answers true at once for nothing to wait for', async () => {
    await expect(settledWithin([], 1_000)).resolves.toBe(true);
  });

  it('answers false when one is still pending after the time given', async () => {
    const started = Date.now();
    await expect(settledWithin([Promise.resolve(), new Promise(() => undefined)], 50)).resolves.toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });
});
