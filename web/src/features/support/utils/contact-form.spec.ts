import { describe, expect, it } from '@jest/globals';
import { INVALID_FIELD, toPayload, validateContactForm } from './contact-form';

const ok = { type: 'General Inquiry', snippetId: null, message: 'Hello', attachments: [] };

describe('contact form rules', () => {
  it('wants an inquiry type and a message', () => {
    expect(validateContactForm(ok)).toEqual({});
    expect(validateContactForm({ ...ok, type: null, message: '   ' })).toEqual({ type: INVALID_FIELD, message: INVALID_FIELD });
    expect(validateContactForm({ ...ok, type: 'Complaint' })).toEqual({ type: INVALID_FIELD });
  });

  it('allows 5 000 characters and 3 attachments', () => {
    expect(validateContactForm({ ...ok, message: 'x'.repeat(5000) })).toEqual({});
    expect(validateContactForm({ ...ok, message: 'x'.repeat(5001) })).toEqual({ message: INVALID_FIELD });
    expect(validateContactForm({ ...ok, attachments: ['a', 'b', 'c', 'd'] })).toEqual({ attachments: INVALID_FIELD });
  });

  it('sends the EyeMail only with a bug report, and the message trimmed', () => {
    expect(toPayload({ ...ok, type: 'Bug / Issues', snippetId: 's1', message: ' hi ' })).toEqual({ type: 'Bug / Issues', snippetId: 's1', message: 'hi', attachments: [] });
    expect(toPayload({ ...ok, type: 'Feature Suggestion', snippetId: 's1' }).snippetId).toBeNull();
    expect(toPayload({ ...ok, type: 'Bug / Issues', snippetId: '' }).snippetId).toBeNull();
  });
});
