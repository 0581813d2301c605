import type { User } from '@/lib/session/user';

// A signed-in user for component tests: Ada, Premium, verified, no picture, country or time zone;
// `over` changes what a test is about.
export function testUser(over: Partial<User> = {}): User {
  return {
    id: 'u1',
    fullName: 'Ada Lovelace',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phoneNumber: null,
    tier: 'premium',
    role: 'user',
    emailVerified: true,
    profilePictureUrl: null,
    countryId: null,
    timezoneId: null,
    ...over,
  };
}
