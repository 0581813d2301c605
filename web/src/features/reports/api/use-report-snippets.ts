import { useQuery } from '@tanstack/react-query';
import { getOrThrow } from '@/lib/query-client';
import { reportKeys } from './report-keys';

// The EyeMail dropdown: your active EyeMails (GET snippets/brief?status=true).
export interface ReportSnippet {
  snippet: string;
  title: string;
  thumbnailUrl: string | null;
}

export function useReportSnippets() {
  return useQuery({
    queryKey: reportKeys.snippets(),
    queryFn: ({ signal }) => getOrThrow<ReportSnippet[]>('snippets/brief', { status: 'true' }, signal),
  });
}
