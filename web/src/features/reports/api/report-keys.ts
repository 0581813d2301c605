import type { Query } from '@/lib/api-client';

// Query keys of the report calls: everything about one EyeMail's report sits under
// ['reports', snippetId], so 'Refresh data' refetches it all at once.
export const reportKeys = {
  snippet: (snippetId: string) => ['reports', snippetId] as const,
  summary: (snippetId: string, query: Query) => ['reports', snippetId, 'summary', query] as const,
  records: (snippetId: string, query: Query) => ['reports', snippetId, 'records', query] as const,
  engagement: (snippetId: string, query: Query) => ['reports', snippetId, 'engagement', query] as const,
  plays: (snippetId: string, query: Query) => ['reports', snippetId, 'plays', query] as const,
  feed: (snippetId: string, type: string, query: Query) => ['reports', snippetId, 'feed', type, query] as const,
  snippets: () => ['reports-snippets'] as const,
  // the company-wide report of the workspace shown (GET reports/workspace)
  workspace: (workspaceId: string, query: Query) => ['reports-workspace', workspaceId, query] as const,
  filterMap: (kind: string) => ['reports-filter', kind] as const,
  countries: () => ['reports-filter', 'countries'] as const,
};
