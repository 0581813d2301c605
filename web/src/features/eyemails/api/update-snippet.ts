// Saves the edit form over an existing EyeMail.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SnippetView } from '@shared/api-types';
import { api, type ApiResult } from '@/lib/api-client';
import { SNIPPETS_KEY } from '@/lib/api/get-snippets';
import type { SnippetPayload } from './create-snippet';
import { snippetKey } from './get-snippet';

export interface UpdateSnippetPayload extends SnippetPayload {
  snippetId: string;
}

export function updateSnippet(body: UpdateSnippetPayload): Promise<ApiResult<SnippetView>> {
  return api.put<SnippetView>('snippets', { body });
}

export function useUpdateSnippet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSnippet,
    onSuccess: (res) => {
      if (!res.result || !res.body) return;
      queryClient.setQueryData(snippetKey(res.body.snippet), res.body);
      return queryClient.invalidateQueries({ queryKey: [...SNIPPETS_KEY, 'list'] });
    },
  });
}
