// The signed-in user as the session and profile calls return it.
export type Tier = 'standard' | 'enterprise';
export type Role = 'user' | 'admin';

export interface User {
  id: string;
  fullName: string;
  firstName: string;
  lastName: string | null;
  email: string;
  phoneNumber: string | null;
  tier: Tier;
  role: Role;
  emailVerified: boolean;
  profilePictureUrl: string | null;
  countryId: number | null;
  timezoneId: number | null;
}

// Another account (or nobody) from the one before: what the dashboard cached is not theirs.
export function isOtherAccount(before: Pick<User, 'id'> | null, after: Pick<User, 'id'> | null): boolean {
  return (before?.id ?? null) !== (after?.id ?? null);
}
