import { useQuery } from '@tanstack/react-query';
import type { ReportCountry } from '@shared/report-types';
import { getOrThrow } from '@/lib/query-client';
import { reportKeys } from './report-keys';

// The Country multi-select's list (GET reports/filter/countries).
export function useReportCountries() {
  return useQuery({
    queryKey: reportKeys.countries(),
    queryFn: ({ signal }) => getOrThrow<ReportCountry[]>('reports/filter/countries', undefined, signal),
    staleTime: Infinity,
    select: (list) => list.map((c) => ({ value: c.countryCode.toUpperCase(), label: c.countryName })),
  });
}
