import { joinFullName, tierToApi } from '../shared/account-rules.js';
import type { ProfileView, UserView } from '../shared/account-types.js';
import type { UserRole, UserTier } from './user.entity.js';

// The fields the mappers read; a User entity fits, and so does a plain row in tests.
export interface UserFields {
  id: string;
  email: string;
  firstName: string;
  lastName?: string | null;
  phoneNumber?: string | null;
  tier: UserTier;
  role: UserRole;
  isActive: boolean;
  emailVerifiedAt?: Date | null;
  profilePictureUrl?: string | null;
  companyId?: string | null;
  countryId?: number | null;
  timezoneId?: number | null;
}

export type { ProfileView, UserView } from '../shared/account-types.js';

export function toUserView(u: UserFields): UserView {
  return {
    id: u.id,
    fullName: joinFullName(u.firstName, u.lastName ?? null),
    firstName: u.firstName,
    lastName: u.lastName ?? null,
    email: u.email,
    phoneNumber: u.phoneNumber ?? null,
    tier: tierToApi(u.tier),
    role: u.role,
    emailVerified: !!u.emailVerifiedAt,
    profilePictureUrl: u.profilePictureUrl ?? null,
    countryId: u.countryId ?? null,
    timezoneId: u.timezoneId ?? null,
  };
}

export function toProfileView(u: UserFields): ProfileView {
  return {
    firstName: u.firstName,
    lastName: u.lastName ?? null,
    email: u.email,
    countryId: u.countryId ?? null,
    timezoneId: u.timezoneId ?? null,
    tier: tierToApi(u.tier),
    profilePictureUrl: u.profilePictureUrl ?? null,
  };
}
