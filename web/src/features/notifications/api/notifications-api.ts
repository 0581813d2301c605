import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getOrThrow } from '@/lib/query-client';
import type { NotifyEvent } from '../utils/notification-text';
import { listOutdated, pollInterval } from '../utils/bell-stream';
import { useBellStream } from './bell-stream';

export interface BellItem {
  id: string;
  snippetId: string;
  title: string;
  receiver: string;
  kind: NotifyEvent;
  occurredAt: string;
  read: boolean;
}

export interface SnippetSetting {
  inherit: boolean;
  events: NotifyEvent[];
  accountEvents: NotifyEvent[];
}

export const BELL_KEY = ['notifications'] as const;
export const SETTINGS_KEY = ['notifications', 'settings'] as const;
// The bell asks again this often when its live stream is not open (the issue allows polling at
// most every 10 s).
export const BELL_POLL_MS = 10_000;

interface Bell {
  unread: number;
  items: BellItem[];
}

export const notificationsApi = {
  markRead: () => api.post<null>('notifications/read'),
  saveAccount: (events: NotifyEvent[]) => api.put<{ events: NotifyEvent[] }>('notifications/settings', { body: { events } }),
  saveSnippet: (id: string, body: { events: NotifyEvent[] } | { inherit: true }) => api.put<SnippetSetting>(`notifications/settings/${encodeURIComponent(id)}`, { body }),
};

// The latest events and the unread count: the count follows the server's stream (the list is
// fetched again when it changes), or a poll every 10 s while the stream is not open.
export function useBell() {
  const client = useQueryClient();
  const live = useBellStream((count) => {
    const shown = client.getQueryData<Bell>(BELL_KEY)?.unread;
    if (!listOutdated(shown, count)) return;
    client.setQueryData<Bell>(BELL_KEY, (old) => old && { ...old, unread: count });
    void client.invalidateQueries({ queryKey: BELL_KEY });
  });
  return useQuery({
    queryKey: BELL_KEY,
    queryFn: ({ signal }) => getOrThrow<Bell>('notifications', undefined, signal),
    refetchInterval: pollInterval(live, BELL_POLL_MS),
    staleTime: 0,
  });
}

export function useAccountSetting() {
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: ({ signal }) => getOrThrow<{ events: NotifyEvent[] }>('notifications/settings', undefined, signal) });
}

export function useSnippetSetting(id: string | null) {
  return useQuery({
    queryKey: ['notifications', 'settings', id],
    queryFn: ({ signal }) => getOrThrow<SnippetSetting>(`notifications/settings/${encodeURIComponent(id ?? '')}`, undefined, signal),
    enabled: !!id,
  });
}

export function useEyeMailList() {
  return useQuery({
    queryKey: ['snippets', 'brief', 'all'],
    queryFn: ({ signal }) => getOrThrow<{ snippet: string; title: string }[]>('snippets/brief', undefined, signal),
  });
}
