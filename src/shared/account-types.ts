// Response shapes of the accounts calls, shared by the server's mappers and their OpenAPI DTOs
// (accounts/dto/responses.dto.ts). Types only: no runtime code.
import type { ApiTier } from './account-rules.js';

// `body` of trysignin, signin, signup and companysignup (the accounts API contract).
export interface UserView {
  id: string;
  fullName: string;
  firstName: string;
  lastName: string | null;
  email: string;
  phoneNumber: string | null;
  // the API's name: standard (Premium) or enterprise (Express)
  tier: ApiTier;
  // an admin is sent to /admin-dashboard
  role: 'user' | 'admin';
  emailVerified: boolean;
  profilePictureUrl: string | null;
  countryId: number | null;
  timezoneId: number | null;
}

// `body` of GET/PUT users/profile.
export interface ProfileView {
  firstName: string;
  lastName: string | null;
  email: string;
  countryId: number | null;
  timezoneId: number | null;
  // the API's name
  tier: ApiTier;
  profilePictureUrl: string | null;
}

// `body` of PUT users/profile-picture.
export interface ProfilePicture {
  profilePictureUrl: string;
}

// One entry of GET countries.
export interface CountryItem {
  countryId: number;
  countryName: string;
  countryCode: string;
}

// One entry of GET timezones.
export interface TimezoneItem {
  timezoneId: number;
  timezoneName: string;
}
