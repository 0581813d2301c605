// One EyeMail, for its detail and edit pages. A missing or foreign id fails with status 404 (or
// 400 for a malformed one), which the pages show as 'not found'.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SnippetView } from '@shared/api-types';
import { ApiQueryError, getOrThrow } from '@/lib/query-client';
import { SNIPPETS_KEY } from '@/lib/api/get-snippets';

export const snippetKey = (snippetId: string) => [...SNIPPETS_KEY, 'detail', snippetId] as const;

export function getSnippet(snippetId: string, signal?: AbortSignal): Promise<SnippetView> {
  return getOrThrow<SnippetView>(`snippets/${encodeURIComponent(snippetId)}`, undefined, signal);
}

export function getSnippetQueryOptions(snippetId: string) {
  return queryOptions({ queryKey: snippetKey(snippetId), queryFn: ({ signal }) => getSnippet(snippetId, signal) });
}

export function useSnippet(snippetId: string) {
  return useQuery(getSnippetQueryOptions(snippetId));
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiQueryError && (error.status === 404 || error.status === 400);
}
