import { SUPPORT_MESSAGES as M, attachmentsError, inquiryInputOf, inquirySnippetError, inquirySnippetOf, inquiryTypeError, inquiryTypeOf, supportMailJobId, supportText, textError } from './support-rules.js';

const ID = '3f1c2a4b-5d6e-4f70-8a9b-0c1d2e3f4a5b';

describe('support inquiry rules', () => {
  it('reads the three types in any case, and nothing else', () => {
    expect(inquiryTypeOf(' bug / issues ')).toBe('Bug / Issues');
    for (const other of ['Other', 5, null]) expect(inquiryTypeOf(other)).toBe(other);
    expect(inquiryTypeError('Feature Suggestion')).toBeNull();
    for (const bad of ['Other', 'feature suggestion', undefined, ['General Inquiry']]) expect(inquiryTypeError(bad)).toBe(M.type);
  });

  it('trims text and wants some, at most 5 000 characters', () => {
    expect(supportText('  it broke \r\n ')).toBe('it broke');
    expect(supportText('a\r\nb\rc')).toBe('a\nb\nc');
    expect(textError('x'.repeat(5000), 'blank', 'long')).toBeNull();
    expect(textError('x'.repeat(5001), 'blank', 'long')).toBe('long');
    for (const blank of ['', undefined, 5, {}]) expect(textError(blank, 'blank', 'long')).toBe('blank');
  });

  it('reads blank, null and 0 as no snippet, and wants an id otherwise', () => {
    for (const none of ['', ' ', null, 0, '0', undefined]) expect(inquirySnippetOf(none)).toBeNull();
    expect(inquirySnippetOf(` ${ID.toUpperCase()} `)).toBe(ID);
    expect(inquirySnippetError(null)).toBeNull();
    expect(inquirySnippetError(ID)).toBeNull();
    for (const bad of ['nope', 5, {}]) expect(inquirySnippetError(bad)).toBe(M.snippetInvalid);
  });

  it('allows 3 attachments that are ids, not more', () => {
    for (const ok of [undefined, null, '', [], [ID, ID, ID]]) expect(attachmentsError(ok)).toBeNull();
    expect(attachmentsError([ID, ID, ID, ID])).toBe(M.tooManyAttachments);
    for (const bad of ['abc', [1], ['../etc/passwd'], {}]) expect(attachmentsError(bad)).toBe(M.attachmentInvalid);
  });

  it('keeps a snippet only for bugs and each image once', () => {
    expect(inquiryInputOf({ type: 'Bug / Issues', message: 'x', snippetId: ID, attachments: [ID, ID.toUpperCase()] })).toEqual({ type: 'Bug / Issues', message: 'x', snippetId: ID, attachments: [ID] });
    expect(inquiryInputOf({ type: 'General Inquiry', message: 'x', snippetId: ID })).toEqual({ type: 'General Inquiry', message: 'x', snippetId: null, attachments: [] });
  });

  it('names mail jobs so a row is queued once', () => {
    expect(supportMailJobId('inquiry', ID)).toBe(`support-inquiry-${ID}`);
    expect(supportMailJobId('inquiry', ID)).toMatch(/^[A-Za-z0-9_.-]+$/);
  });
});
