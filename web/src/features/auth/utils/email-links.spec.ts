import { describe, expect, it } from '@jest/globals';
import { splitEmails } from './email-links';

describe('splitEmails', () => {
  it('finds the support address in a sentence, leaving its full stop as text', () => {
    expect(splitEmails('Your account has been deactivated. Please contact support at help@eyemail.example.com.')).toEqual([
      { text: 'Your account has been deactivated. Please contact support at ' },
      { email: 'help@eyemail.example.com' },
      { text: '.' },
    ]);
  });

  it('keeps a message without an address whole', () => {
    expect(splitEmails('Invalid email or password.')).toEqual([{ text: 'Invalid email or password.' }]);
    expect(splitEmails('')).toEqual([]);
  });

  it('finds several addresses and one standing alone', () => {
    expect(splitEmails('a@b.io or c@d.org')).toEqual([{ email: 'a@b.io' }, { text: ' or ' }, { email: 'c@d.org' }]);
  });
});
