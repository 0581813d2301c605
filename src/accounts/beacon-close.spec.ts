import { CLOSE_GRACE_MS, isClosedByBeacon } from './beacon-close.js';

describe('beacon sign-out grace period', () => {
  it('keeps a session whose page came back within the grace period', () => {
    expect(isClosedByBeacon(undefined, 1_000_000)).toBe(false);
    expect(isClosedByBeacon(1_000_000, 1_000_000 + CLOSE_GRACE_MS)).toBe(false);
  });

  it('ends it once the grace period has passed', () => {
    expect(isClosedByBeacon(1_000_000, 1_000_000 + CLOSE_GRACE_MS + 1)).toBe(true);
  });
});
