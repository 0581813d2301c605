import { MESSAGES } from '../shared/account-rules.js';
import { ACCOUNT_MESSAGES } from './account-messages.js';
import { parseCompanySignUp, parseForgotPassword, parsePasswordChange, parseProfile, parseResetPassword, parseSignIn, parseSignUp, parseToken } from './account-input.js';

const SIGN_UP = { fullName: 'Ann Lee', email: ' ann@example.com ', password: 'Secret123', confirmPassword: 'Secret123', tier: 'standard' };

describe('sign-in', () => {
  it('trims the email, keeps only its own fields and reads rememberMe', () => {
    expect(parseSignIn({ email: ' ann@example.com ', password: 'x', rememberMe: true, role: 'admin' })).toEqual({
      value: { email: 'ann@example.com', password: 'x', rememberMe: true },
      errors: {},
    });
    expect(parseSignIn({ email: 'ann@example.com', password: 'x', rememberMe: null }).value?.rememberMe).toBe(false);
  });

  it('names every bad field, the email first; an array or no body has no fields', () => {
    expect(parseSignIn({ email: 'bad', password: 1, rememberMe: 'true' }).errors).toEqual({
      email: MESSAGES.invalidEmail,
      password: MESSAGES.invalidPassword,
      rememberMe: 'rememberMe must be true or false.',
    });
    for (const raw of [undefined, [], {}]) expect(parseSignIn(raw)).toEqual({ value: null, errors: { email: MESSAGES.invalidEmail, password: MESSAGES.invalidPassword } });
    expect(parseSignIn({ email: 'a@b.co', password: 'x'.repeat(1025) }).errors).toEqual({ password: MESSAGES.invalidPassword });
  });
});

describe('sign-up', () => {
  it('passes the account fields and nothing a client adds', () => {
    expect(parseSignUp({ ...SIGN_UP, role: 'admin', id: 'x', isAdmin: true, status: false })).toEqual({
      value: { fullName: 'Ann Lee', email: 'ann@example.com', password: 'Secret123', tier: 'standard' },
      errors: {},
    });
    expect(parseSignUp({ ...SIGN_UP, tier: 'enterprise' }).value?.tier).toBe('enterprise');
  });

  it('refuses a wrong tier, a mismatched or empty confirmation, in form order', () => {
    expect(parseSignUp({ ...SIGN_UP, tier: 'Premium' }).errors).toEqual({ tier: 'Please choose an account type.' });
    expect(parseSignUp({ ...SIGN_UP, confirmPassword: 'Secret124' }).errors).toEqual({ confirmPassword: MESSAGES.passwordsDoNotMatch });
    expect(Object.keys(parseSignUp({}).errors)).toEqual(['fullName', 'email', 'password', 'confirmPassword', 'tier']);
    expect(parseSignUp({}).errors.confirmPassword).toBe(MESSAGES.confirmPassword);
  });
});

describe('company sign-up', () => {
  const company = { fullName: 'Co Owner', email: 'co@acme.com', password: 'Secret123', companyName: 'Acme', domain: ' acme.com ', department: 'Sales' };

  it('trims the domain and the invite code; a blank code is none', () => {
    expect(parseCompanySignUp({ ...company, inviteCode: '  abc  ', tier: 'enterprise' }).value).toEqual({ ...company, domain: 'acme.com', inviteCode: 'abc' });
    for (const inviteCode of [undefined, null, '', '  ']) expect(parseCompanySignUp({ ...company, inviteCode }).value?.inviteCode).toBeNull();
  });

  it('says the company messages', () => {
    expect(parseCompanySignUp({ ...company, inviteCode: 'bad code!' }).errors).toEqual({ inviteCode: ACCOUNT_MESSAGES.invalidInvite });
    expect(parseCompanySignUp([]).errors).toEqual({
      fullName: MESSAGES.name,
      email: MESSAGES.invalidEmailCompany,
      password: MESSAGES.invalidPasswordCompany,
      companyName: MESSAGES.companyName,
      domain: MESSAGES.domain,
      department: MESSAGES.department,
    });
  });
});

describe('recovery', () => {
  it('trims the email of a reset request', () => {
    expect(parseForgotPassword({ email: ' ann@example.com ' }).value).toEqual({ email: 'ann@example.com' });
    expect(parseForgotPassword({ email: ['ann@example.com'] }).errors).toEqual({ email: MESSAGES.invalidEmail });
  });

  it('passes a link token as sent, for the service to judge', () => {
    expect(parseToken({ token: { a: 'b' }, x: 1 })).toEqual({ value: { token: { a: 'b' } }, errors: {} });
    expect(parseToken({}).value).toEqual({ token: undefined });
  });

  it('checks the new password and its confirmation', () => {
    expect(parseResetPassword({ token: 't', password: 'Secret123', confirmPassword: 'Secret123' }).value).toEqual({ token: 't', password: 'Secret123' });
    expect(parseResetPassword({ token: 5, password: 'weak', confirmPassword: 'weak' }).errors).toEqual({ password: MESSAGES.invalidPassword });
    expect(parseResetPassword([]).errors).toEqual({ password: MESSAGES.invalidPassword, confirmPassword: MESSAGES.confirmPassword });
  });
});

describe('profile', () => {
  const profile = { firstName: 'Ann', lastName: 'Lee', email: ' ann@example.com ', country: 1, timezone: null };

  it('reads list ids as numbers, also from strings, and keeps nothing else', () => {
    expect(parseProfile({ ...profile, country: '12', timezone: '3', role: 'admin', tier: 'enterprise', isActive: false })).toEqual({
      value: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', country: 12, timezone: 3 },
      errors: {},
    });
  });

  it('wants a list id or null for country and time zone', () => {
    for (const bad of [0, -1, 1.5, 2 ** 31, '1234567890', 'x', {}, undefined])
      expect(parseProfile({ ...profile, country: bad }).errors).toEqual({ country: MESSAGES.country });
    expect(parseProfile({ firstName: '', lastName: 5, email: 'bad' }).errors).toEqual({
      firstName: MESSAGES.firstName,
      lastName: MESSAGES.lastName,
      email: MESSAGES.invalidEmail,
      country: MESSAGES.country,
      timezone: MESSAGES.timezone,
    });
  });

  it('changes a password to a different one, confirmed when a confirmation is sent', () => {
    expect(parsePasswordChange({ currentPassword: 'Secret123', newPassword: 'Other9876' }).value).toEqual({ currentPassword: 'Secret123', newPassword: 'Other9876' });
    expect(parsePasswordChange({ currentPassword: 'Secret123', newPassword: 'Secret123' }).errors).toEqual({ newPassword: MESSAGES.samePassword });
    expect(parsePasswordChange({ currentPassword: 'Secret123', newPassword: 'Other9876', confirmPassword: '' }).errors).toEqual({ confirmPassword: MESSAGES.confirmPassword });
    expect(parsePasswordChange({ currentPassword: 'Secret123', newPassword: 'Other9876', confirmPassword: 'Other9875' }).errors).toEqual({ confirmPassword: MESSAGES.passwordsDoNotMatchSettings });
    expect(parsePasswordChange({}).errors).toEqual({ currentPassword: ACCOUNT_MESSAGES.currentPasswordMissing, newPassword: MESSAGES.invalidPassword });
  });
});
