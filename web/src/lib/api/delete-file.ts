// Deletes one uploaded file (a library video, an abandoned profile picture). The server answers
// 409 when an EyeMail still uses the video; the caller shows its message.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiResult } from '@/lib/api-client';
import { FILES_KEY } from './get-videos';

export function deleteFile(fileId: string): Promise<ApiResult<null>> {
  return api.delete<null>(`files/${encodeURIComponent(fileId)}`);
}

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSettled: () => queryClient.invalidateQueries({ queryKey: FILES_KEY }),
  });
}
