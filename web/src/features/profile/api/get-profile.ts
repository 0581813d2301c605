// The signed-in user's profile for the profile form. Not kept once the page is left: the form is
// filled from a fresh copy on every visit.
import { useQuery } from '@tanstack/react-query';
import { getOrThrow } from '@/lib/query-client';
import { profileFromApi, type ApiProfile, type Profile } from './profile-api';

export const PROFILE_KEY = ['profile'] as const;

export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return getOrThrow<ApiProfile>('users/profile', undefined, signal).then(profileFromApi);
}

export function useProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: PROFILE_KEY, queryFn: ({ signal }) => getProfile(signal), enabled, gcTime: 0 });
}
