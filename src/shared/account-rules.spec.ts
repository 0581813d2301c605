import {
  MESSAGES,
  REMEMBER_ME_MESSAGE,
  SIGN_IN_PASSWORD_MAX,
  inviteCodeError,
  joinFullName,
  listIdError,
  listIdFromForm,
  newPasswordError,
  rememberMeError,
  signInPasswordError,
  confirmPasswordError,
  domainError,
  emailError,
  firstNameOf,
  optionalTextError,
  passwordError,
  requiredTextError,
  selectionError,
  shortName,
  splitFullName,
  TIERS,
  TIER_LABELS,
  TIER_MESSAGE,
  tierError,
  tierFromApi,
  tierToApi,
} from './account-rules.js';

describe('account rules', () => {
  it.each([
    ['Ann Lee', 'Ann', 'Lee'],
    ['  Maria   del Carmen ', 'Maria', 'del Carmen'],
    ['Cher', 'Cher', null],
  ])('splits %p at the first space', (full, first, last) => {
    expect(splitFullName(full)).toEqual({ firstName: first, lastName: last });
    expect(joinFullName(first, last)).toBe(full.trim().replace(/\s+/g, ' '));
  });

  it.each([
    ['ann@example.com', null],
    ['  Ann.Lee+promo@mail.example.co.uk ', null],
    ['a@b', MESSAGES.invalidEmail],
    ['ab', MESSAGES.invalidEmail],
    ['no-at-sign.example.com', MESSAGES.invalidEmail],
    ['two@@example.com', MESSAGES.invalidEmail],
    ['space in@example.com', MESSAGES.invalidEmail],
    ['', MESSAGES.invalidEmail],
  ])('email %p gives %p', (value, expected) => {
    expect(emailError(value)).toBe(expected);
  });

  it('uses the company form message when asked', () => {
    expect(emailError('bad', MESSAGES.invalidEmailCompany)).toBe('Invalid email!');
  });

  it.each([
    ['Secret1', null],
    ['Abcde1', null],
    ['Abcd1', MESSAGES.invalidPassword], // too short
    ['secret1', MESSAGES.invalidPassword], // no capital
    ['Secretive', MESSAGES.invalidPassword], // no digit
    ['A1' + 'x'.repeat(127), MESSAGES.invalidPassword], // too long
  ])('password %p gives %p', (value, expected) => {
    expect(passwordError(value)).toBe(expected);
  });

  it('requires non-blank names within 90 characters', () => {
    expect(requiredTextError('  ', MESSAGES.name)).toBe(MESSAGES.name);
    expect(requiredTextError('x'.repeat(91), MESSAGES.name)).toBe(MESSAGES.name);
    expect(requiredTextError('Ann Lee', MESSAGES.name)).toBeNull();
    expect(optionalTextError('', MESSAGES.lastName)).toBeNull();
    expect(optionalTextError(null, MESSAGES.lastName)).toBeNull();
    expect(optionalTextError('y'.repeat(91), MESSAGES.lastName)).toBe(MESSAGES.lastName);
  });

  it('checks confirmation, domains and selections', () => {
    expect(confirmPasswordError('Secret1', 'Secret2')).toBe('Passwords do not match');
    expect(confirmPasswordError('Secret1', 'Secret1')).toBeNull();
    expect(confirmPasswordError('', '')).toBe('Please confirm your password');
    expect(confirmPasswordError('Secret1', undefined)).toBe('Please confirm your password');
    expect(domainError('acme.com')).toBeNull();
    expect(domainError('https://acme.com/x')).toBe(MESSAGES.domain);
    expect(selectionError(0, MESSAGES.country)).toBe('Invalid country');
    expect(selectionError(null, MESSAGES.timezone)).toBe('Invalid timezone');
    expect(selectionError(12, MESSAGES.country)).toBeNull();
  });

  it.each([
    ['Ann Lee', 'Ann L.'],
    ['Ann', 'Ann'],
    ['  maria   del carmen ', 'maria D.'],
    ['Maximilianus Smith', 'Maximilianus S.'], // exactly 12: kept whole
    ['Christopherus Smith', 'Christopher.'], // 13: cut to 11 plus '.'
    ['', ''],
  ])('short name of %p is %p', (full, expected) => {
    expect(shortName(full)).toBe(expected);
  });

  it('greets by the first word of the full name', () => {
    expect(firstNameOf('  Ann Marie Lee')).toBe('Ann');
  });
});

describe('tier names', () => {
  it('translates the API names standard and enterprise to Premium and Express and back', () => {
    expect(tierFromApi('standard')).toBe('premium');
    expect(tierFromApi('enterprise')).toBe('express');
    for (const other of ['premium', 'express', 'Standard', '', null, undefined, 1]) expect(tierFromApi(other)).toBeNull();
    for (const tier of TIERS) expect(tierFromApi(tierToApi(tier))).toBe(tier);
    expect(tierToApi('express')).toBe('enterprise');
  });

  it('accepts only the internal names in the sign-up form', () => {
    expect(tierError('premium')).toBeNull();
    expect(tierError('express')).toBeNull();
    expect(tierError('enterprise')).toBe(TIER_MESSAGE);
    expect(TIER_LABELS).toEqual({ premium: 'Premium', express: 'Express' });
  });
});

describe('server request rules', () => {
  it('takes any sign-in password up to its bound, without the sign-up rules', () => {
    expect(signInPasswordError('x')).toBeNull();
    expect(signInPasswordError('x'.repeat(SIGN_IN_PASSWORD_MAX))).toBeNull();
    for (const bad of ['', 'x'.repeat(SIGN_IN_PASSWORD_MAX + 1), 5, null, undefined, ['a']]) expect(signInPasswordError(bad)).toBe(MESSAGES.invalidPassword);
    expect(signInPasswordError('', 'Enter it')).toBe('Enter it');
  });

  it('reads rememberMe as a boolean or nothing', () => {
    for (const ok of [true, false, null, undefined]) expect(rememberMeError(ok)).toBeNull();
    for (const bad of ['true', 1, {}]) expect(rememberMeError(bad)).toBe(REMEMBER_ME_MESSAGE);
  });

  it('accepts an invite code of URL-safe characters, or none', () => {
    for (const ok of [undefined, null, '', 'abc-DEF_1.2~', 'x'.repeat(100)]) expect(inviteCodeError(ok, 'bad')).toBeNull();
    for (const bad of ['bad code', 'a/b', 'x'.repeat(101), 5, {}]) expect(inviteCodeError(bad, 'bad')).toBe('bad');
  });

  it('reads list ids from form text and wants a positive 32-bit integer or null', () => {
    expect(listIdFromForm('12')).toBe(12);
    for (const kept of ['1234567890', 'x', '', 3, null]) expect(listIdFromForm(kept)).toBe(kept);
    for (const ok of [null, 1, 2 ** 31 - 1]) expect(listIdError(ok, 'no')).toBeNull();
    for (const bad of [0, -1, 1.5, 2 ** 31, '3', undefined, {}]) expect(listIdError(bad, 'no')).toBe('no');
  });

  it('wants a new password that follows the rules and differs from the current one', () => {
    expect(newPasswordError('Other9876', 'Secret123')).toBeNull();
    expect(newPasswordError('Secret123', 'Secret123')).toBe(MESSAGES.samePassword);
    expect(newPasswordError('weak', 'Secret123')).toBe(MESSAGES.invalidPassword);
  });
});
