import { describe, expect, it } from '@jest/globals';
import { listOutdated, parseUnread, pollInterval } from './bell-stream';

describe('the bell’s live count', () => {
  it('reads the count of an unread event, and nothing else', () => {
    expect(parseUnread('0')).toBe(0);
    expect(parseUnread('12')).toBe(12);
    expect(parseUnread(' 3 ')).toBe(3);
    for (const bad of ['', '-1', '1.5', 'NaN', 'x', '1e9', '9999999999', null, undefined, 4]) expect(parseUnread(bad)).toBeNull();
  });

  it('fetches the list again only when the pushed count differs from the one shown', () => {
    expect(listOutdated(0, 1)).toBe(true);
    expect(listOutdated(2, 0)).toBe(true);
    expect(listOutdated(1, 1)).toBe(false);
    // before the first fetch has answered
    expect(listOutdated(undefined, 1)).toBe(false);
  });

  it('polls only while the stream is not open', () => {
    expect(pollInterval(true, 10_000)).toBe(false);
    expect(pollInterval(false, 10_000)).toBe(10_000);
  });
});
