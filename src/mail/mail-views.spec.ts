import { accountLink, feedbackMail, headerValue, passwordResetMail, supportInquiryMail, verificationMail } from './mail-views.js';

describe('mail view models', () => {
  it('keeps a header value on one bounded line', () => {
    expect(headerValue('a\r\nBcc: x@example.com\u2028b\u0000c')).toBe('a Bcc: x@example.com b c');
    expect(headerValue('x'.repeat(500))).toHaveLength(200);
    expect(headerValue('x'.repeat(500)).endsWith('…')).toBe(true);
    expect(headerValue(' Verify your email address ')).toBe('Verify your email address');
  });

  it('builds dashboard links from the public address', () => {
    expect(accountLink('https://app.example.com/', 'resetpassword', 'abc_-1')).toBe('https://app.example.com/resetpassword?token=abc_-1');
    expect(accountLink('http://localhost:3000', 'emailverification', 'a+b')).toBe('http://localhost:3000/emailverification?token=a%2Bb');
  });

  it('describes the verification mail', () => {
    const mail = verificationMail({ firstName: 'Ann', link: 'https://x/emailverification?token=t', hours: 48 });
    expect(mail).toMatchObject({ template: 'verify-email', subject: 'Verify your email address for EyeMail', links: ['https://x/emailverification?token=t'] });
    expect(mail.model).toMatchObject({ name: 'Ann', hours: 48 });
    expect(String(mail.model.intro)).toMatch(/^Welcome/);
    expect(String(verificationMail({ firstName: 'Ann', link: 'l', hours: 48, addressChanged: true }).model.intro)).toMatch(/changed the email address/);
  });

  it('greets someone without a name as "there"', () => {
    expect(passwordResetMail({ firstName: '  ', link: 'l', minutes: 60 }).model).toMatchObject({ name: 'there', minutes: 60 });
    expect(passwordResetMail({ firstName: null, link: 'l', minutes: 60 }).subject).toBe('Reset your EyeMail password');
  });
});

describe('support mail view models', () => {
  const base = { senderName: 'Ann  Lee', senderEmail: 'ann@example.com', type: 'Bug / Issues', snippetTitle: 'Spring', snippetUrl: 'https://x/live/1', message: 'hi', attachmentCount: 2, missingAttachments: 0 };

  it('puts the type and sender in the subject and the EyeMail link in the links', () => {
    const mail = supportInquiryMail(base);
    expect(mail.subject).toBe('[Bug / Issues] Support inquiry from Ann Lee');
    expect(mail.links).toEqual(['https://x/live/1']);
    expect(mail.model).toMatchObject({ hasSnippet: true, snippetTitle: 'Spring', attachmentCount: 2, missingNote: '' });
  });

  it('says when images were deleted before the mail went out, and copes without an EyeMail or a name', () => {
    const mail = supportInquiryMail({ ...base, senderName: ' ', snippetTitle: null, snippetUrl: null, missingAttachments: 1 });
    expect(mail.subject).toBe('[Bug / Issues] Support inquiry from ann@example.com');
    expect(mail.model).toMatchObject({ hasSnippet: false, snippetTitle: '', missingNote: '1 attached image was deleted by the sender before this mail went out.' });
    expect(mail.links).toEqual([]);
  });

  it('keeps subjects to one short line', () => {
    const subject = feedbackMail({ senderName: `A\nB ${'x'.repeat(200)}`, senderEmail: 'a@b.co', text: 't' }).subject;
    expect(subject).not.toContain('\n');
    expect(subject.length).toBeLessThanOrEqual(100);
  });
});
