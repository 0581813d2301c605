import { EMAIL_PLATFORMS } from '../email-platforms.js';
import { receiverFromQuery } from './receiver.js';

describe('receiver from the v= parameter', () => {
  it.each([
    ['ann@example.com', 'ann@example.com'],
    ['  "ann@example.com" ', 'ann@example.com'],
    ["'ann@example.com'", 'ann@example.com'],
    // An address the platform did not URL-encode: the query parser turned "+" into a space.
    ['ann news@example.com', 'ann+news@example.com'],
    ['0031x00000AbCdE', '0031x00000AbCdE'],
    [['ann@example.com', 'other'], 'ann@example.com'],
  ])('%p is recorded as %p', (raw, expected) => {
    expect(receiverFromQuery(raw)).toBe(expected);
  });

  it.each([[undefined], [''], ['  '], [42], ['a'.repeat(321)], ['ann@example.com\u0000'], ['*|EMAIL|*'], ['{{ person.email }}'], ['%%Email Address%%']])(
    '%p is no receiver',
    (raw) => {
      expect(receiverFromQuery(raw)).toBeNull();
    },
  );

  it.each(EMAIL_PLATFORMS.filter((p) => p.recipientTag).map((p) => [p.code, p.recipientTag]))(
    'an unreplaced %s tag is no receiver',
    (_code, tag) => {
      expect(receiverFromQuery(tag)).toBeNull();
    },
  );
});
