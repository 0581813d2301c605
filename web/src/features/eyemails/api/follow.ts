// Following an EyeMail (docs/notifications.md "Following an EyeMail"): its creator is notified by
// default; any other member of its workspace gets its events (mail and bell) only by following it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotifyEvent } from '@shared/notify-rules';
import { api, type ApiResult } from '@/lib/api-client';
import { getOrThrow } from '@/lib/query-client';

export interface FollowView {
  creator: boolean;
  following: boolean;
  // Those that reach you; when not following, those following would start with.
  events: NotifyEvent[];
}

export type FollowChange = { following: true; events: NotifyEvent[] } | { following: false };

const followKey = (snippetId: string) => ['notifications', 'follow', snippetId];
const path = (snippetId: string) => `notifications/follow/${encodeURIComponent(snippetId)}`;

export function useFollow(snippetId: string) {
  return useQuery({ queryKey: followKey(snippetId), queryFn: ({ signal }) => getOrThrow<FollowView>(path(snippetId), undefined, signal) });
}

// Saves the change; the answer replaces what is shown, and the EyeMail's notification choice
// (the same choice, read by the form and Settings) is read again.
export function useSaveFollow(snippetId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: FollowChange): Promise<ApiResult<FollowView>> => api.put<FollowView>(path(snippetId), { body: change }),
    onSuccess: (res) => {
      if (!res.result || !res.body) return;
      client.setQueryData(followKey(snippetId), res.body);
      return client.invalidateQueries({ queryKey: ['notifications', 'settings', snippetId] });
    },
  });
}
