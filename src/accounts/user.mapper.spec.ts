import { toProfileView, toUserView, type UserFields } from './user.mapper.js';

const row: UserFields & { passwordHash: string } = {
  id: '5f1c2f0e-3a38-4c1e-9b7b-0d7f0a3f6b11',
  email: 'Ann@Example.com',
  passwordHash: '$argon2id$secret',
  firstName: 'Ann',
  lastName: 'Lee',
  phoneNumber: null,
  tier: 'express',
  role: 'user',
  isActive: true,
  emailVerifiedAt: new Date('2025-01-01T00:00:00Z'),
  profilePictureUrl: null,
  companyId: null,
  countryId: 74,
  timezoneId: null,
};

describe('user mappers', () => {
  it('maps the contract user object, and nothing secret', () => {
    const view = toUserView(row);
    expect(view).toEqual({
      id: row.id,
      fullName: 'Ann Lee',
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'Ann@Example.com',
      phoneNumber: null,
      tier: 'enterprise',
      role: 'user',
      emailVerified: true,
      profilePictureUrl: null,
      countryId: 74,
      timezoneId: null,
    });
    expect(JSON.stringify(view)).not.toContain('argon2');
  });

  it('derives fullName without a trailing space when there is no last name', () => {
    expect(toUserView({ ...row, lastName: null }).fullName).toBe('Ann');
    expect(toUserView({ ...row, emailVerifiedAt: null }).emailVerified).toBe(false);
  });

  it('maps the profile body', () => {
    expect(toProfileView(row)).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'Ann@Example.com',
      countryId: 74,
      timezoneId: null,
      tier: 'enterprise',
      profilePictureUrl: null,
    });
  });
});
