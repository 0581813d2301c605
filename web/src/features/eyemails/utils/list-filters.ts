// The My EyeMails filters live in the address (?query=&status=active|inactive), so a search can
// be bookmarked, shared and survives a reload. Pure.
import type { StatusFilterValue } from '@/lib/api/get-snippets';

export type StatusFilter = 'all' | 'active' | 'inactive';

export interface ListFilters {
  query: string;
  status: StatusFilter;
}

export function filtersFromSearch(search: string | URLSearchParams): ListFilters {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const raw = (params.get('status') ?? '').trim().toLowerCase();
  const status: StatusFilter = raw === 'active' || raw === 'true' ? 'active' : raw === 'inactive' || raw === 'false' ? 'inactive' : 'all';
  return { query: (params.get('query') ?? '').trim(), status };
}

// '' when nothing is filtered; otherwise '?query=...&status=...'.
export function searchFromFilters(filters: ListFilters): string {
  const params = new URLSearchParams();
  const q = filters.query.trim();
  if (q) params.set('query', q);
  if (filters.status !== 'all') params.set('status', filters.status);
  const s = params.toString();
  return s ? `?${s}` : '';
}

// What GET snippets takes: query and status=true|false (left out for All).
export function apiFilters(filters: ListFilters): { query?: string; status?: StatusFilterValue } {
  return {
    query: filters.query.trim() || undefined,
    status: filters.status === 'all' ? undefined : filters.status === 'active' ? 'true' : 'false',
  };
}
