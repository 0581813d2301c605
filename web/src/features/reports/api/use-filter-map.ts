import { useQuery } from '@tanstack/react-query';
import type { FilterMap } from '@shared/report-types';
import { getOrThrow } from '@/lib/query-client';
import { reportKeys } from './report-keys';

export type FilterKind = 'devices' | 'platforms' | 'clients';

// The choices of the device, platform and client selects (GET reports/filter/{kind}): key/label
// maps whose keys the *csv filters take. They never change while the page is open.
export function useFilterMap(kind: FilterKind) {
  return useQuery({
    queryKey: reportKeys.filterMap(kind),
    queryFn: ({ signal }) => getOrThrow<FilterMap>(`reports/filter/${kind}`, undefined, signal),
    staleTime: Infinity,
    select: (map) => Object.entries(map).map(([value, label]) => ({ value, label })),
  });
}
