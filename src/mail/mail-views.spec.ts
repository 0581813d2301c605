import { accountLink, passwordResetMail, verificationMail } from './mail-views.js';

describe('mail view models', () => {
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
