// The timezones the profile form offers (reference data: fetched once per page load).
import { useQuery } from '@tanstack/react-query';
import { getOrThrow } from '@/lib/query-client';
import type { Timezone } from './profile-api';

export function getTimezones(signal?: AbortSignal): Promise<Timezone[]> {
  return getOrThrow<Timezone[]>('timezones', undefined, signal);
}

export function useTimezones() {
  return useQuery({ queryKey: ['timezones'], queryFn: ({ signal }) => getTimezones(signal), staleTime: Infinity });
}
