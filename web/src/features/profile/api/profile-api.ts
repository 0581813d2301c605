import { tierFromApi, type ApiTier } from '@shared/account-rules';
import { api, type ApiResult } from '@/lib/api-client';
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

// The profile as the API sends it: the tier by its legacy name (standard, enterprise).
export type ApiProfile = Omit<Profile, 'tier'> & { tier: ApiTier };

export function profileFromApi(p: ApiProfile): Profile {
  return { ...p, tier: tierFromApi(p.tier) ?? 'premium' };
}

async function withProfile(call: Promise<ApiResult<ApiProfile>>): Promise<ApiResult<Profile>> {
  const res = await call;
  return { ...res, body: res.body ? profileFromApi(res.body) : null };
}

export const profileApi = {
  get: () => withProfile(api.get<ApiProfile>('users/profile')),
  update: (body: ProfilePayload) => withProfile(api.put<ApiProfile>('users/profile', { body })),
};
