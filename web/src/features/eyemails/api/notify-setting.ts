// An EyeMail's notification choice (issue 18): its own events, or the account default. Create
// starts from the account default; edit and the detail page read the EyeMail's own.
import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotifyEvent } from '@shared/notify-rules';
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

// The choice as the EyeMail's save sends it (POST and PUT snippets, `notify`).
export function notifyPayload(choice: NotifyChoice): { inherit: true } | { events: NotifyEvent[] } {
  return choice.inherit ? { inherit: true } : { events: choice.events };
}

// Once an EyeMail was saved with its choice: what is cached of it is read again.
export function useNotifySaved() {
  const client = useQueryClient();
  return useCallback((snippetId: string) => client.invalidateQueries({ queryKey: settingKey(snippetId) }), [client]);
}
