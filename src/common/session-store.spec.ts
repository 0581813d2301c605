import { TOUCH_EVERY_MS, touchNeeded } from './session-store.js';

describe('touchNeeded', () => {
  const t0 = Date.UTC(2026, 10, 26, 10, 0, 0);
  it('writes when the record was read with an expiry a minute or more older, or none', () => {
    expect(touchNeeded(t0, t0 + TOUCH_EVERY_MS)).toBe(true);
    expect(touchNeeded(undefined, t0)).toBe(true);
    expect(touchNeeded(Number.NaN, t0)).toBe(true);
  });
  it('skips the write within the minute', () => {
    expect(touchNeeded(t0, t0)).toBe(false);
    expect(touchNeeded(t0, t0 + TOUCH_EVERY_MS - 1)).toBe(false);
  });
  it('writes a shorter expiry at once (a remember-me cookie given up)', () => {
    expect(touchNeeded(t0, t0 - 1)).toBe(true);
  });
});
