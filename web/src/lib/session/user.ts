import { tierFromApi, type ApiTier, type Tier } from '@shared/account-rules';

export type { Tier } from '@shared/account-rules';
export type Role = 'user' | 'admin';

// The signed-in user as the session calls return it, with the tier by its own name.

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

// The user as the API sends it: the tier by its legacy name (standard, enterprise).
export type ApiUser = Omit<User, 'tier'> & { tier: ApiTier };

export function userFromApi(u: ApiUser): User {
  return { ...u, tier: tierFromApi(u.tier) ?? 'premium' };
}

// Another account (or nobody) from the one before: what the dashboard cached is not theirs.
export function isOtherAccount(before: Pick<User, 'id'> | null, after: Pick<User, 'id'> | null): boolean {
  return (before?.id ?? null) !== (after?.id ?? null);
}
