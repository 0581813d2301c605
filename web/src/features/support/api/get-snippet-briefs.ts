// The user's EyeMails in brief (id, title, thumbnail) for the contact form's Specific Issue select.
import { useQuery } from '@tanstack/react-query';
import { getOrThrow } from '@/lib/query-client';
import { SNIPPETS_KEY } from '@/lib/api/get-snippets';

export interface SnippetBrief {
  snippet: string;
  title: string;
  thumbnailUrl: string | null;
}

export function getSnippetBriefs(signal?: AbortSignal): Promise<SnippetBrief[]> {
  return getOrThrow<SnippetBrief[]>('snippets/brief', undefined, signal);
}

export function useSnippetBriefs({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: [...SNIPPETS_KEY, 'brief'], queryFn: ({ signal }) => getSnippetBriefs(signal), enabled });
}
