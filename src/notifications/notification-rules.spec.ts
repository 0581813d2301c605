import { digestSummary, effectiveEvents, isNamedRecipient, notifyEventOf, pruneJobId, readUnsubscribeToken, windowCutoff, throttleDecision, unsubscribeToken } from './notification-rules.js';

const HOUR = 3_600_000;
const at = (min: number) => new Date(Date.UTC(2026, 0, 1, 10, 0) + min * 60_000);

describe('throttleDecision', () => {
  it('mails the first event, and again once the window has passed', () => {
    expect(throttleDecision(null, at(0), HOUR)).toEqual({ action: 'mail' });
    expect(throttleDecision(at(0), at(60), HOUR)).toEqual({ action: 'mail' });
    expect(throttleDecision(at(0), at(200), HOUR)).toEqual({ action: 'mail' });
  });

  it('holds what comes within the hour for a digest at the end of the window the last mail opened', () => {
    expect(throttleDecision(at(0), at(1), HOUR)).toEqual({ action: 'hold', digestAt: at(60) });
    expect(throttleDecision(at(0), at(59), HOUR)).toEqual({ action: 'hold', digestAt: at(60) });
    expect(throttleDecision(at(30), at(31), 10 * 60_000)).toEqual({ action: 'hold', digestAt: at(40) });
  });
});

describe('what notifies', () => {
  it('maps committed kinds to events, ignoring the rest', () => {
    expect(['open', 'click', 'viewer-play', 'viewer-half', 'play', 'visit'].map(notifyEventOf)).toEqual(['open', 'click', 'play', 'half', null, null]);
    // A play's milestones: half and the end mail, a quarter and three quarters do not.
    expect(['viewer-watched-25', 'viewer-watched-50', 'viewer-watched-75', 'viewer-watched-100', 'viewer-sound-on'].map(notifyEventOf)).toEqual([null, 'half', null, 'end', 'sound']);
  });

  it('names only real recipients', () => {
    expect(isNamedRecipient('ada@example.com')).toBe(true);
    expect([null, undefined, '', '  ', 'unknown', 'Unknown'].map(isNamedRecipient)).toEqual([false, false, false, false, false, false]);
  });

  it('takes the EyeMail override, else the account default, else every event but the sound turned on', () => {
    expect(effectiveEvents(null, null)).toEqual(['open', 'play', 'half', 'end', 'click']);
    expect(effectiveEvents(['click'], null)).toEqual(['click']);
    expect(effectiveEvents(['click'], [])).toEqual([]);
    expect(effectiveEvents([], ['open'])).toEqual(['open']);
  });

  it('sums up a digest per event', () => {
    expect(digestSummary([{ kind: 'click' }, { kind: 'open' }, { kind: 'open' }, { kind: 'half' }])).toBe('2 opens, 1 half-watched, 1 click');
    expect(digestSummary([{ kind: 'end' }, { kind: 'play' }, { kind: 'play' }, { kind: 'sound' }, { kind: 'end' }])).toBe('2 plays, 2 watched to the end, 1 sound on');
  });
});

describe('unsubscribe tokens', () => {
  const user = '0b0e1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
  const snippet = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

  it('read back what they were made for', () => {
    expect(readUnsubscribeToken(unsubscribeToken({ userId: user, snippetId: snippet }, 's3cret'), 's3cret')).toEqual({ userId: user, snippetId: snippet });
    expect(readUnsubscribeToken(unsubscribeToken({ userId: user, snippetId: null }, 's3cret'), 's3cret')).toEqual({ userId: user, snippetId: null });
  });

  it('refuse another secret, a changed payload or junk', () => {
    const token = unsubscribeToken({ userId: user, snippetId: snippet }, 's3cret');
    expect(readUnsubscribeToken(token, 'other')).toBeNull();
    const forged = `${Buffer.from(`${user}.*`).toString('base64url')}.${token.split('.')[1]}`;
    expect(readUnsubscribeToken(forged, 's3cret')).toBeNull();
    expect(readUnsubscribeToken('x.y.z', 's3cret')).toBeNull();
    expect(readUnsubscribeToken(undefined, 's3cret')).toBeNull();
  });

  it('prunes once a period whoever asks, windows whose hour has run', () => {
    const hour = 3_600_000;
    expect(pruneJobId(10 * hour + 1)).toBe(pruneJobId(11 * hour - 1));
    expect(pruneJobId(11 * hour)).not.toBe(pruneJobId(11 * hour - 1));
    expect(windowCutoff(new Date(10 * hour), hour)).toEqual(new Date(9 * hour));
  });
});
