// Activates or deactivates an EyeMail (an inactive one shows recipients that it is off).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SnippetView } from '@shared/api-types';
import { api, type ApiResult } from '@/lib/api-client';
import { SNIPPETS_KEY } from '@/lib/api/get-snippets';
import { snippetKey } from './get-snippet';

export function setSnippetStatus({ snippetId, status }: { snippetId: string; status: boolean }): Promise<ApiResult<SnippetView>> {
  return api.put<SnippetView>('snippets/status', { body: { snippetId, status } });
}

export function useSetSnippetStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSnippetStatus,
    onSuccess: (res, { snippetId, status }) => {
      if (!res.result) return;
      queryClient.setQueryData<SnippetView>(snippetKey(snippetId), (old) => res.body ?? (old ? { ...old, status } : old));
      return queryClient.invalidateQueries({ queryKey: [...SNIPPETS_KEY, 'list'] });
    },
  });
}
