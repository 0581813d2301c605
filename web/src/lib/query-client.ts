import { QueryClient } from '@tanstack/react-query';
import { api, type ApiResult, type Query } from './api-client';

// A failed read as TanStack Query sees it: thrown, carrying the server's envelope, so a page
// shows `error.message` (the server's words) and can branch on `error.status` (404, 403).
export class ApiQueryError extends Error {
  readonly status: number;
  readonly errors: Record<string, string> | null;
  constructor(res: ApiResult<unknown>) {
    super(res.message);
    this.name = 'ApiQueryError';
    this.status = res.status;
    this.errors = res.errors;
  }
}

// GET for a query function: resolves to the body, throws ApiQueryError when result is false.
export async function getOrThrow<T>(path: string, query?: Query, signal?: AbortSignal): Promise<T> {
  const res = await api.get<T>(path, { query, signal });
  if (!res.result) throw new ApiQueryError(res);
  return res.body as T;
}

// One cache for the dashboard's server data. Reads are retried once on a network or 5xx error,
// never on a 4xx (a missing or forbidden thing does not appear by asking again).
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) => failures < 1 && !(error instanceof ApiQueryError && error.status < 500),
    },
  },
});
