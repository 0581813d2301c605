import { cutUndeclaredNow } from './multipart-upload.js';

const MB = 1024 * 1024;

describe('cutUndeclaredNow (a client streaming without a length, after a refusal)', () => {
  it('drains the first 16 MB past the refusal whatever happens', () => {
    expect(cutUndeclaredNow(16 * MB, 0, 0, 60_000, true)).toBe(false);
    expect(cutUndeclaredNow(16 * MB, null, 0, 0, false)).toBe(false);
  });
  it('cuts at once past them when no response can carry an answer', () => {
    expect(cutUndeclaredNow(16 * MB + 1, null, 0, 0, false)).toBe(true);
  });
  it('waits for the answer to have gone out', () => {
    expect(cutUndeclaredNow(100 * MB, null, 0, 60_000, true)).toBe(false);
  });
  it('after the answer, needs both 2 s and another 16 MB: a stalled server whose timer ran first cuts nobody', () => {
    const at = 10_000;
    // 2 s passed (the process stalled) but the client sent little since: it may not have read the answer yet
    expect(cutUndeclaredNow(20 * MB, at, 19 * MB, at + 5_000, true)).toBe(false);
    // plenty sent since, but too soon
    expect(cutUndeclaredNow(60 * MB, at, 19 * MB, at + 1_999, true)).toBe(false);
    // both: the client ignores the answer
    expect(cutUndeclaredNow(35 * MB, at, 19 * MB, at + 2_000, true)).toBe(true);
  });
});
