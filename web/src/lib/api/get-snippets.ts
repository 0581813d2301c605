// The signed-in user's EyeMails (snippets), newest first, optionally filtered. Read by the home
// page's recent grid, My EyeMails and the support form's EyeMail picker, so it lives here.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SnippetView } from '@shared/api-types';
import { getOrThrow } from '@/lib/query-client';

export type StatusFilterValue = 'true' | 'false' | undefined;

export interface SnippetFilters {
  query?: string;
  status?: StatusFilterValue;
}

// Every snippet query starts with this key: a change to any EyeMail invalidates them all.
export const SNIPPETS_KEY = ['snippets'] as const;
export const snippetListKey = (filters: SnippetFilters) => [...SNIPPETS_KEY, 'list', { query: filters.query, status: filters.status }] as const;

export function getSnippets(filters: SnippetFilters = {}, signal?: AbortSignal): Promise<SnippetView[]> {
  return getOrThrow<SnippetView[]>('snippets', { query: filters.query, status: filters.status }, signal);
}

export function getSnippetsQueryOptions(filters: SnippetFilters = {}) {
  return queryOptions({ queryKey: snippetListKey(filters), queryFn: ({ signal }) => getSnippets(filters, signal) });
}

export function useSnippets(filters: SnippetFilters = {}) {
  return useQuery(getSnippetsQueryOptions(filters));
}
