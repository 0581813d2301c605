import { SUPPORT_MESSAGES as M, supportMailJobId, validateFeedback, validateInquiry } from './support-rules.js';

const ID = '3f1c2a4b-5d6e-4f70-8a9b-0c1d2e3f4a5b';

describe('support inquiry rules', () => {
  it('accepts the three types in any case and trims the message', () => {
    expect(validateInquiry({ type: 'bug / issues', message: '  it broke \r\n ', snippetId: ID.toUpperCase(), attachments: [ID] })).toEqual({
      value: { type: 'Bug / Issues', message: 'it broke', snippetId: ID, attachments: [ID] },
      errors: {},
    });
    expect(validateInquiry({ type: 'Feature Suggestion', message: 'x' }).value).toMatchObject({ type: 'Feature Suggestion', snippetId: null, attachments: [] });
  });

  it('keeps a snippet only for bugs and reads blank, null and 0 as none', () => {
    expect(validateInquiry({ type: 'General Inquiry', message: 'x', snippetId: ID }).value?.snippetId).toBeNull();
    for (const none of ['', null, 0, '0', undefined]) expect(validateInquiry({ type: 'Bug / Issues', message: 'x', snippetId: none }).value?.snippetId).toBeNull();
  });

  it('names every bad field', () => {
    expect(validateInquiry({ type: 'Other', message: ' ', snippetId: 'nope', attachments: [1] }).errors).toEqual({
      type: M.type,
      message: M.messageRequired,
      snippetId: M.snippetInvalid,
      attachments: M.attachmentInvalid,
    });
    expect(validateInquiry(null).errors).toEqual({ body: M.invalidRequest });
    expect(validateInquiry([]).errors).toEqual({ body: M.invalidRequest });
  });

  it('allows 5 000 characters and 3 attachments, not more', () => {
    expect(validateInquiry({ type: 'General Inquiry', message: 'x'.repeat(5000) }).value).not.toBeNull();
    expect(validateInquiry({ type: 'General Inquiry', message: 'x'.repeat(5001) }).errors).toEqual({ message: M.messageTooLong });
    expect(validateInquiry({ type: 'General Inquiry', message: 'x', attachments: [ID, ID, ID, ID] }).errors).toEqual({ attachments: M.tooManyAttachments });
    // The same image twice is attached once.
    expect(validateInquiry({ type: 'General Inquiry', message: 'x', attachments: [ID, ID.toUpperCase()] }).value?.attachments).toEqual([ID]);
  });
});

describe('feedback rules', () => {
  it('wants some text, at most 5 000 characters', () => {
    expect(validateFeedback({ text: ' nice ' })).toEqual({ value: 'nice', errors: {} });
    expect(validateFeedback({ text: ' \n ' }).errors).toEqual({ text: 'Please write something to submit.' });
    expect(validateFeedback(undefined).errors).toEqual({ text: 'Please write something to submit.' });
    expect(validateFeedback({ text: 'y'.repeat(5001) }).errors).toEqual({ text: M.feedbackTooLong });
  });

  it('names mail jobs so a row is queued once', () => {
    expect(supportMailJobId('inquiry', ID)).toBe(`support-inquiry-${ID}`);
    expect(supportMailJobId('inquiry', ID)).toMatch(/^[A-Za-z0-9_.-]+$/);
  });
});
