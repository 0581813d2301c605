import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EngagementReport, PlayRecord } from '@shared/report-types';
import { buildUrl, parseEnvelope, type Query, workspaceHeaders } from '@/lib/api-client';
import { ApiQueryError, getOrThrow } from '@/lib/query-client';
import { reportKeys } from './report-keys';

// The video engagement figures: funnel, rates, per-second graph, timeline
// (GET reports/{snippetId}/engagement).
export function useEngagement(snippetId: string, query: Query) {
  return useQuery({
    queryKey: reportKeys.engagement(snippetId, query),
    queryFn: ({ signal }) => getOrThrow<EngagementReport>(`reports/${encodeURIComponent(snippetId)}/engagement`, query, signal),
    placeholderData: keepPreviousData,
  });
}

export interface PlaysPage {
  plays: PlayRecord[];
  total: number;
  page: number;
}

// One page of plays with their heatmap strips (GET reports/{snippetId}/plays); the total in
// X-Total-Count, hence fetch here (as use-report-records.ts).
async function fetchPlays(snippetId: string, query: Query, signal?: AbortSignal): Promise<PlaysPage> {
  let status = 500;
  let text = '';
  let total = 0;
  try {
    const res = await fetch(buildUrl(`reports/${encodeURIComponent(snippetId)}/plays`, query), { headers: { ...workspaceHeaders(), Accept: 'application/json' }, credentials: 'same-origin', signal });
    status = res.status;
    total = Number(res.headers.get('X-Total-Count') ?? 0) || 0;
    text = await res.text();
  } catch (e) {
    if (signal?.aborted) throw e;
  }
  const env = parseEnvelope<PlayRecord[]>(status, text);
  if (!env.result) throw new ApiQueryError(env);
  return { plays: env.body ?? [], total, page: Number(query.page ?? 1) || 1 };
}

export function usePlays(snippetId: string, query: Query) {
  return useQuery({
    queryKey: reportKeys.plays(snippetId, query),
    queryFn: ({ signal }) => fetchPlays(snippetId, query, signal),
    placeholderData: keepPreviousData,
  });
}
