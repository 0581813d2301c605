import { EMAIL_PLATFORMS } from '../email-platforms.js';
import { decodeRecipientParam, rawRecipientParam, receiverFromQuery, withRawRecipient } from './receiver.js';

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

describe('v= from the raw URL', () => {
  it.each([
    // written as is by a platform without an encoding tag: the parser would cut it at "&"
    ['/t/o/x.gif?v=a+b&c%e@example.com', 'a+b&c%e@example.com'],
    ['/t/c/x?v=a+b&c%e@example.com&u=https%3A%2F%2Fshop.example.com%2F', 'a+b&c%e@example.com'],
    // URL-encoded by the platform (Mailchimp *|URL:EMAIL|*, HubL urlencode...)
    ['/t/c/x?v=a%2Bb%26c%23d%25e%40example.com&u=https%3A%2F%2Fshop.example.com%2F', 'a+b&c#d%e@example.com'],
    ['/t/o/x.gif?u=1&v=0031x00000AbCdE', '0031x00000AbCdE'],
    // a subscriber key with a stray "%": kept as it came
    ['/t/o/x.gif?v=key%zz', 'key%zz'],
  ])('%s gives %p', (url, expected) => {
    expect(decodeRecipientParam(rawRecipientParam(url)!)).toBe(expected);
    expect(receiverFromQuery(withRawRecipient({ v: 'parsed' }, url).v)).toBe(expected);
  });

  it('leaves the query alone without v=', () => {
    expect(rawRecipientParam('/t/o/x.gif')).toBeUndefined();
    expect(rawRecipientParam('/t/c/x?u=https%3A%2F%2Fa.example%2F')).toBeUndefined();
    const q = { u: 'x' };
    expect(withRawRecipient(q, '/t/c/x?u=x')).toBe(q);
  });

  it('knows an unreplaced AWeber tag', () => {
    expect(receiverFromQuery('{!email}')).toBeNull();
  });
});
