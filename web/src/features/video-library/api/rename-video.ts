// Renames one of the user's videos (PATCH files/{id}); the library is fetched again after.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FileView } from '@shared/api-types';
import { api, type ApiResult } from '@/lib/api-client';
import { FILES_KEY } from '@/lib/api/get-videos';

export function renameVideo({ fileId, name }: { fileId: string; name: string }): Promise<ApiResult<FileView>> {
  return api.patch<FileView>(`files/${encodeURIComponent(fileId)}`, { body: { name } });
}

export function useRenameVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameVideo,
    onSuccess: (res) => (res.result ? queryClient.invalidateQueries({ queryKey: FILES_KEY }) : undefined),
  });
}
