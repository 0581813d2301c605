// The video library (uploaded videos with their encodings). Read by My Videos and by the EyeMail
// form's 'choose from My Videos' picker, so it lives here.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FileListItem } from '@shared/api-types';
import { getOrThrow } from '@/lib/query-client';

// Every uploaded-file query starts with this key: an upload or a delete invalidates them.
export const FILES_KEY = ['files'] as const;
export const videosKey = [...FILES_KEY, 'videos'] as const;

export function getVideos(signal?: AbortSignal): Promise<FileListItem[]> {
  return getOrThrow<FileListItem[]>('files', { type: 'video' }, signal);
}

export function getVideosQueryOptions() {
  return queryOptions({ queryKey: videosKey, queryFn: ({ signal }) => getVideos(signal) });
}

export function useVideos(options: { enabled?: boolean; staleTime?: number } = {}) {
  return useQuery({ ...getVideosQueryOptions(), ...options });
}
