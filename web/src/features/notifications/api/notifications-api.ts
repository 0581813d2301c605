import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getOrThrow } from '@/lib/query-client';
import type { NotifyEvent } from '../utils/notification-text';

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
// The bell asks again this often (the issue allows polling at most every 10 s).
export const BELL_POLL_MS = 10_000;

export const notificationsApi = {
  markRead: () => api.post<null>('notifications/read'),
  saveAccount: (events: NotifyEvent[]) => api.put<{ events: NotifyEvent[] }>('notifications/settings', { body: { events } }),
  saveSnippet: (id: string, body: { events: NotifyEvent[] } | { inherit: true }) => api.put<SnippetSetting>(`notifications/settings/${encodeURIComponent(id)}`, { body }),
};

export function useBell() {
  return useQuery({
    queryKey: BELL_KEY,
    queryFn: ({ signal }) => getOrThrow<{ unread: number; items: BellItem[] }>('notifications', undefined, signal),
    refetchInterval: BELL_POLL_MS,
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
