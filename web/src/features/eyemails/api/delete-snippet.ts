// Deletes an EyeMail. Its page is left right after, so its cached copy is dropped, not fetched
// again (that would only find it gone).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiResult } from '@/lib/api-client';
import { SNIPPETS_KEY } from '@/lib/api/get-snippets';
import { snippetKey } from './get-snippet';

export function deleteSnippet(snippetId: string): Promise<ApiResult<null>> {
  return api.delete<null>(`snippets/${encodeURIComponent(snippetId)}`);
}

export function useDeleteSnippet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSnippet,
    onSuccess: (res, snippetId) => {
      if (!res.result) return;
      queryClient.removeQueries({ queryKey: snippetKey(snippetId), exact: true });
      return queryClient.invalidateQueries({ queryKey: [...SNIPPETS_KEY, 'list'] });
    },
  });
}
