import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportRecord } from '@shared/report-types';
import { buildUrl, parseEnvelope, type Query, workspaceHeaders } from '@/lib/api-client';
import { ApiQueryError } from '@/lib/query-client';
import { reportKeys } from './report-keys';

export interface RecordsPage {
  records: ReportRecord[];
  total: number;
  // the page these records are (while the next page loads, the table still shows this one)
  page: number;
}

// One page of engagement records (GET reports/{snippetId}?page=&size=); the total comes in the
// X-Total-Count header, which the envelope helpers do not expose, hence fetch here.
export async function fetchRecords(snippetId: string, query: Query, signal?: AbortSignal): Promise<RecordsPage> {
  let status = 500;
  let text = '';
  let total = 0;
  try {
    const res = await fetch(buildUrl(`reports/${encodeURIComponent(snippetId)}`, query), { headers: { ...workspaceHeaders(), Accept: 'application/json' }, credentials: 'same-origin', signal });
    status = res.status;
    total = Number(res.headers.get('X-Total-Count') ?? 0) || 0;
    text = await res.text();
  } catch (e) {
    if (signal?.aborted) throw e;
  }
  const env = parseEnvelope<ReportRecord[]>(status, text);
  if (!env.result) throw new ApiQueryError(env);
  return { records: env.body ?? [], total, page: Number(query.page ?? 1) || 1 };
}

export function useReportRecords(snippetId: string, query: Query) {
  return useQuery({
    queryKey: reportKeys.records(snippetId, query),
    queryFn: ({ signal }) => fetchRecords(snippetId, query, signal),
    placeholderData: keepPreviousData,
  });
}
