import { countToSend, heartbeatDue, HEARTBEAT, isNewerLookup, overStreamCap, retryField, unreadEvent, MAX_STREAMS_PER_USER } from './bell-stream.js';

describe('what the bell stream writes', () => {
  it('names the event and carries the count as its data, each event ended by a blank line', () => {
    expect(unreadEvent(3)).toBe('event: unread\ndata: 3\n\n');
    expect(unreadEvent(0)).toBe('event: unread\ndata: 0\n\n');
    // never a fraction or a negative count
    expect(unreadEvent(-1)).toBe('event: unread\ndata: 0\n\n');
    expect(unreadEvent(2.7)).toBe('event: unread\ndata: 2\n\n');
  });

  it('starts with the reconnect delay and keeps quiet streams open with a comment line', () => {
    expect(retryField(5000)).toBe('retry: 5000\n\n');
    // a line starting with ':' is a comment: EventSource fires nothing for it
    expect(HEARTBEAT.startsWith(':')).toBe(true);
    expect(HEARTBEAT.endsWith('\n\n')).toBe(true);
  });
});

describe('when the bell stream writes', () => {
  it('sends a heartbeat once the stream has been quiet for the interval', () => {
    expect(heartbeatDue(0, 24_999, 25_000)).toBe(false);
    expect(heartbeatDue(0, 25_000, 25_000)).toBe(true);
  });

  it('sends a count only when it differs from what the stream was last sent', () => {
    expect(countToSend(null, 0)).toBe(true);
    expect(countToSend(2, 2)).toBe(false);
    expect(countToSend(2, 3)).toBe(true);
    expect(countToSend(2, undefined)).toBe(false);
  });

  it('never lets an older look-up overwrite a newer one', () => {
    expect(isNewerLookup(1, undefined)).toBe(true);
    expect(isNewerLookup(5, 4)).toBe(true);
    expect(isNewerLookup(4, 5)).toBe(false);
    expect(isNewerLookup(5, 5)).toBe(false);
  });

  it('refuses a user’s stream beyond the cap', () => {
    expect(overStreamCap(MAX_STREAMS_PER_USER - 1)).toBe(false);
    expect(overStreamCap(MAX_STREAMS_PER_USER)).toBe(true);
  });
});
