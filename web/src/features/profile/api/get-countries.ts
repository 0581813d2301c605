// The countries the profile form offers (reference data: fetched once per page load).
import { useQuery } from '@tanstack/react-query';
import { getOrThrow } from '@/lib/query-client';
import type { Country } from './profile-api';

export function getCountries(signal?: AbortSignal): Promise<Country[]> {
  return getOrThrow<Country[]>('countries', undefined, signal);
}

export function useCountries() {
  return useQuery({ queryKey: ['countries'], queryFn: ({ signal }) => getCountries(signal), staleTime: Infinity });
}
