import { api } from '@/lib/api-client';
import type { Tier } from '@/lib/session/user';

export interface Country {
  countryId: number;
  countryName: string;
  countryCode?: string;
}

export interface Timezone {
  timezoneId: number;
  timezoneName: string;
}

export interface Profile {
  firstName: string;
  lastName: string | null;
  email: string;
  countryId: number | null;
  timezoneId: number | null;
  tier: Tier;
  profilePictureUrl: string | null;
}

export interface ProfilePayload {
  firstName: string;
  lastName: string;
  email: string;
  country: number | null;
  timezone: number | null;
}

export const profileApi = {
  get: () => api.get<Profile>('users/profile'),
  update: (body: ProfilePayload) => api.put<Profile>('users/profile', { body }),
};
