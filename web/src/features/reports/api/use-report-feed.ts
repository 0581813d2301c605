import { useQuery } from '@tanstack/react-query';
import { buildUrl, parseEnvelope, type Query, workspaceHeaders } from '@/lib/api-client';
import { ApiQueryError } from '@/lib/query-client';
import { reportKeys } from './report-keys';

export type FeedType = 'json' | 'xml';

export function feedUrl(snippetId: string, type: FeedType, query: Query): string {
  return buildUrl(`reports/${encodeURIComponent(snippetId)}/feed/${type}`, query);
}

// The feed as text, for the feed page (GET reports/{snippetId}/feed/{json|xml}): JSON
// pretty-printed, XML exactly as served. A failure (404, 400) is the server's JSON envelope.
export async function fetchFeed(snippetId: string, type: FeedType, query: Query, signal?: AbortSignal): Promise<string> {
  let status = 500;
  let text = '';
  try {
    const res = await fetch(feedUrl(snippetId, type, query), { headers: { ...workspaceHeaders(), Accept: type === 'xml' ? 'application/xml' : 'application/json' }, credentials: 'same-origin', signal });
    status = res.status;
    text = await res.text();
  } catch (e) {
    if (signal?.aborted) throw e;
  }
  if (status < 200 || status >= 300) throw new ApiQueryError(parseEnvelope(status, text));
  if (type === 'json') {
    try {
      return JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      throw new ApiQueryError(parseEnvelope(500, ''));
    }
  }
  return text;
}

export function useReportFeed(snippetId: string, type: FeedType, query: Query) {
  return useQuery({
    queryKey: reportKeys.feed(snippetId, type, query),
    queryFn: ({ signal }) => fetchFeed(snippetId, type, query, signal),
  });
}
