// An EyeMail's notification choice (issue 18): its own events, or the account default. Create
// starts from the account default; edit and the detail page read the EyeMail's own.
import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotifyEvent } from '@shared/notify-rules';
import { api, type ApiResult } from '@/lib/api-client';
import { getOrThrow } from '@/lib/query-client';

export interface NotifyChoice {
  inherit: boolean;
  events: NotifyEvent[];
}

export interface SnippetNotifySetting extends NotifyChoice {
  accountEvents: NotifyEvent[];
}

// Under Settings' keys, so a change on either side shows on the other (a new EyeMail's under a
// key of its own: the account's holds another shape).
const settingKey = (snippetId: string | null) => ['notifications', 'settings', snippetId ?? 'new-eyemail'];

export function useNotifySetting(snippetId: string | null) {
  return useQuery({
    queryKey: settingKey(snippetId),
    queryFn: async ({ signal }): Promise<SnippetNotifySetting> => {
      if (snippetId) return getOrThrow<SnippetNotifySetting>(`notifications/settings/${encodeURIComponent(snippetId)}`, undefined, signal);
      // A new EyeMail follows the account default until the owner chooses otherwise.
      const account = await getOrThrow<{ events: NotifyEvent[] }>('notifications/settings', undefined, signal);
      return { inherit: true, events: account.events, accountEvents: account.events };
    },
  });
}

export function saveNotifySetting(snippetId: string, choice: NotifyChoice): Promise<ApiResult<SnippetNotifySetting>> {
  return api.put<SnippetNotifySetting>(`notifications/settings/${encodeURIComponent(snippetId)}`, { body: choice.inherit ? { inherit: true } : { events: choice.events } });
}

export function useSaveNotifySetting() {
  const client = useQueryClient();
  return useCallback(
    async (snippetId: string, choice: NotifyChoice) => {
      const res = await saveNotifySetting(snippetId, choice);
      if (res.result && res.body) client.setQueryData(settingKey(snippetId), res.body);
      return res;
    },
    [client],
  );
}
