import { toAuthUser, type AuthUserFields } from './auth-user.js';

const row: AuthUserFields & { passwordHash: string; isActive: boolean } = {
  id: '5f1c2f0e-3a38-4c1e-9b7b-0d7f0a3f6b11',
  email: 'Ann@Example.com',
  passwordHash: '$argon2id$secret',
  firstName: 'Ann',
  lastName: 'Lee',
  tier: 'express',
  role: 'user',
  isActive: true,
  emailVerifiedAt: new Date('2025-01-01T00:00:00Z'),
  companyId: null,
  timezoneId: null,
};
const personal = { id: row.id, kind: 'personal', role: 'owner' } as const;

describe('the signed-in user as other modules see it', () => {
  it('gives the role, tier, company and profile zone, and the workspace the request acts in', () => {
    const team = { id: 'w1', kind: 'company', role: 'viewer' } as const;
    expect(toAuthUser({ ...row, role: 'admin', companyId: 'c1', timezoneId: 12 }, team)).toEqual({
      id: row.id,
      email: 'Ann@Example.com',
      fullName: 'Ann Lee',
      firstName: 'Ann',
      lastName: 'Lee',
      tier: 'express',
      role: 'admin',
      emailVerified: true,
      companyId: 'c1',
      timezoneId: 12,
      workspace: team,
    });
  });

  it('never carries the password hash or the active flag, and reads missing optional fields as null', () => {
    const user = toAuthUser({ id: row.id, email: row.email, firstName: 'Cher', tier: 'express', role: 'user' }, personal);
    expect(user).toMatchObject({ fullName: 'Cher', lastName: null, emailVerified: false, companyId: null, timezoneId: null });
    expect(Object.keys(toAuthUser(row, personal))).not.toEqual(expect.arrayContaining(['passwordHash']));
    expect(Object.keys(toAuthUser(row, personal))).not.toContain('isActive');
  });
});
