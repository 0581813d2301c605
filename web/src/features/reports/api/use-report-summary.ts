import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportSummary } from '@shared/report-types';
import type { Query } from '@/lib/api-client';
import { getOrThrow } from '@/lib/query-client';
import { reportKeys } from './report-keys';

// Totals, the 7-day timeline and the breakdown (GET reports/{snippetId}/summary).
export function useReportSummary(snippetId: string, query: Query) {
  return useQuery({
    queryKey: reportKeys.summary(snippetId, query),
    queryFn: ({ signal }) => getOrThrow<ReportSummary>(`reports/${encodeURIComponent(snippetId)}/summary`, query, signal),
    placeholderData: keepPreviousData,
  });
}
