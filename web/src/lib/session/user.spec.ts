import { describe, expect, it } from '@jest/globals';
import { userFromApi, type ApiUser } from './user';

const apiUser: ApiUser = {
  id: 'u1',
  fullName: 'Ann Lee',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phoneNumber: null,
  tier: 'enterprise',
  role: 'user',
  emailVerified: true,
  profilePictureUrl: null,
  countryId: null,
  timezoneId: null,
};

describe('the user from the API', () => {
  it('reads the tier by its own name: enterprise is Express, standard is Premium', () => {
    expect(userFromApi(apiUser)).toEqual({ ...apiUser, tier: 'express' });
    expect(userFromApi({ ...apiUser, tier: 'standard' }).tier).toBe('premium');
  });
});
