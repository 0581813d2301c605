import 'reflect-metadata';
import { checkBody as check } from '../../common/validation/input-check.fixtures.js';
import { MESSAGES } from '../../shared/account-rules.js';
import { ACCOUNT_MESSAGES } from '../account-messages.js';
import { ChangePasswordDto, UpdateProfileDto } from './profile.dto.js';
import { ForgotPasswordQuery, ResetPasswordDto, TokenQuery } from './recovery.dto.js';
import { SignInDto } from './sign-in.dto.js';
import { CompanySignUpDto, SignUpDto } from './sign-up.dto.js';

const SIGN_UP = { fullName: 'Ann Lee', email: ' ann@example.com ', password: 'Secret123', confirmPassword: 'Secret123', tier: 'standard' };

describe('sign-in', () => {
  it('trims the email and keeps only its own fields', async () => {
    expect(await check(SignInDto, { email: ' ann@example.com ', password: 'x', rememberMe: true, role: 'admin' })).toEqual({
      value: { email: 'ann@example.com', password: 'x', rememberMe: true },
      errors: {},
    });
    expect((await check(SignInDto, { email: 'ann@example.com', password: 'x', rememberMe: null })).errors).toEqual({});
  });

  it('names every bad field, the email first; no body has no fields; an array is no body', async () => {
    expect((await check(SignInDto, { email: 'bad', password: 1, rememberMe: 'true' })).errors).toEqual({
      email: MESSAGES.invalidEmail,
      password: MESSAGES.invalidPassword,
      rememberMe: 'rememberMe must be true or false.',
    });
    for (const sent of [undefined, null, {}]) expect((await check(SignInDto, sent)).errors).toEqual({ email: MESSAGES.invalidEmail, password: MESSAGES.invalidPassword });
    expect((await check(SignInDto, [])).errors).toEqual({ body: 'Validation failed (object is expected)' });
    expect((await check(SignInDto, { email: 'a@b.co', password: 'x'.repeat(1025) })).errors).toEqual({ password: MESSAGES.invalidPassword });
  });
});

describe('sign-up', () => {
  it('passes the account fields and nothing a client adds, the tier read as the internal one', async () => {
    const { value } = await check(SignUpDto, { ...SIGN_UP, role: 'admin', id: 'x', isAdmin: true, status: false });
    expect(value).toEqual({ fullName: 'Ann Lee', email: 'ann@example.com', password: 'Secret123', confirmPassword: 'Secret123', tier: 'premium' });
    expect((await check(SignUpDto, { ...SIGN_UP, tier: 'enterprise' })).value?.tier).toBe('express');
    for (const tier of ['premium', 'express', 'Premium', 'ENTERPRISE', ['standard'], undefined])
      expect((await check(SignUpDto, { ...SIGN_UP, tier })).errors).toEqual({ tier: 'Please choose an account type.' });
  });

  it('refuses a mismatched or empty confirmation; every message in form order', async () => {
    expect((await check(SignUpDto, { ...SIGN_UP, confirmPassword: 'Secret124' })).errors).toEqual({ confirmPassword: MESSAGES.passwordsDoNotMatch });
    const { errors } = await check(SignUpDto, {});
    expect(Object.keys(errors)).toEqual(['fullName', 'email', 'password', 'confirmPassword', 'tier']);
    expect(errors.confirmPassword).toBe(MESSAGES.confirmPassword);
  });
});

describe('company sign-up', () => {
  const company = { fullName: 'Co Owner', email: 'co@acme.com', password: 'Secret123', companyName: 'Acme', domain: ' acme.com ', department: 'Sales' };

  it('trims the domain and the invite code', async () => {
    expect((await check(CompanySignUpDto, { ...company, inviteCode: '  abc  ', tier: 'enterprise' })).value).toEqual({ ...company, domain: 'acme.com', inviteCode: 'abc' });
    for (const inviteCode of [undefined, null, '', '  ']) expect((await check(CompanySignUpDto, { ...company, inviteCode })).errors).toEqual({});
  });

  it('says the company messages', async () => {
    expect((await check(CompanySignUpDto, { ...company, inviteCode: 'bad code!' })).errors).toEqual({ inviteCode: ACCOUNT_MESSAGES.invalidInvite });
    expect((await check(CompanySignUpDto, {})).errors).toEqual({
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
  it('trims the email of a reset request', async () => {
    expect((await check(ForgotPasswordQuery, { email: ' ann@example.com ' })).value).toEqual({ email: 'ann@example.com' });
    expect((await check(ForgotPasswordQuery, { email: ['ann@example.com'] })).errors).toEqual({ email: MESSAGES.invalidEmail });
  });

  it('passes a link token as sent, for the service to judge', async () => {
    expect((await check(TokenQuery, { token: { a: 'b' }, x: 1 })).value).toEqual({ token: { a: 'b' } });
    expect((await check(TokenQuery, {})).value).toEqual({});
  });

  it('checks the new password and its confirmation', async () => {
    expect((await check(ResetPasswordDto, { token: 't', password: 'Secret123', confirmPassword: 'Secret123' })).value).toEqual({ token: 't', password: 'Secret123', confirmPassword: 'Secret123' });
    expect((await check(ResetPasswordDto, { token: 5, password: 'weak', confirmPassword: 'weak' })).errors).toEqual({ password: MESSAGES.invalidPassword });
    expect((await check(ResetPasswordDto, {})).errors).toEqual({ password: MESSAGES.invalidPassword, confirmPassword: MESSAGES.confirmPassword });
  });
});

describe('profile', () => {
  const profile = { firstName: 'Ann', lastName: 'Lee', email: ' ann@example.com ', country: 1, timezone: null };

  it('reads list ids as numbers, also from strings (form posts), and keeps nothing else', async () => {
    expect((await check(UpdateProfileDto, { ...profile, country: '12', timezone: '3', role: 'admin', tier: 'enterprise', isActive: false })).value).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      country: 12,
      timezone: 3,
    });
  });

  it('wants a list id or null for country and time zone', async () => {
    for (const bad of [0, -1, 1.5, 2 ** 31, '1234567890', 'x', {}, undefined])
      expect((await check(UpdateProfileDto, { ...profile, country: bad })).errors).toEqual({ country: MESSAGES.country });
    expect((await check(UpdateProfileDto, { firstName: '', lastName: 5, email: 'bad' })).errors).toEqual({
      firstName: MESSAGES.firstName,
      lastName: MESSAGES.lastName,
      email: MESSAGES.invalidEmail,
      country: MESSAGES.country,
      timezone: MESSAGES.timezone,
    });
  });

  it('changes a password to a different one, confirmed when a confirmation is sent', async () => {
    expect((await check(ChangePasswordDto, { currentPassword: 'Secret123', newPassword: 'Other9876' })).value).toEqual({ currentPassword: 'Secret123', newPassword: 'Other9876' });
    expect((await check(ChangePasswordDto, { currentPassword: 'Secret123', newPassword: 'Secret123' })).errors).toEqual({ newPassword: MESSAGES.samePassword });
    expect((await check(ChangePasswordDto, { currentPassword: 'Secret123', newPassword: 'Other9876', confirmPassword: '' })).errors).toEqual({ confirmPassword: MESSAGES.confirmPassword });
    expect((await check(ChangePasswordDto, { currentPassword: 'Secret123', newPassword: 'Other9876', confirmPassword: 'Other9875' })).errors).toEqual({
      confirmPassword: MESSAGES.passwordsDoNotMatchSettings,
    });
    expect((await check(ChangePasswordDto, {})).errors).toEqual({ currentPassword: ACCOUNT_MESSAGES.currentPasswordMissing, newPassword: MESSAGES.invalidPassword });
  });
});
