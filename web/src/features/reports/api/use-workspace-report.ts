import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { WorkspaceReport } from '@shared/workspace-report-types';
import type { Query } from '@/lib/api-client';
import { getOrThrow } from '@/lib/query-client';
import { reportKeys } from './report-keys';

// Every EyeMail of the workspace shown, added up: totals, the top EyeMails and the creators
// (GET reports/workspace).
export function useWorkspaceReport(workspaceId: string, query: Query) {
  return useQuery({
    queryKey: reportKeys.workspace(workspaceId, query),
    queryFn: ({ signal }) => getOrThrow<WorkspaceReport>('reports/workspace', query, signal),
    placeholderData: keepPreviousData,
  });
}
