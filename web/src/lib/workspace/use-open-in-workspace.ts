import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toast } from '@/components/toasts';
import { useSwitchWorkspace } from './use-switch-workspace';
import { WORKSPACES_KEY, useCurrentWorkspace, useWorkspaces } from './use-workspaces';
import type { WorkspaceView } from './workspace-rules';

// What a shared link names: an EyeMail (its page, its edit page, its report) or a video.
export type LinkTarget = { eyemail: string } | { video: string };

// found: the page has it (or is still loading it); locating: it is not in the workspace shown,
// and the dashboard is asking which of the user's workspaces holds it (or switching there);
// not-found: none of the user's workspaces does, the page shows its not-found state.
export type LinkState = 'found' | 'locating' | 'not-found';

export const LOCATE_KEY = ['workspace-locate'] as const;

// The workspace holding the target when the user is a member of it, else null (the server's 404,
// the same for a missing object as for one in a workspace the user is not in).
async function locate(target: LinkTarget, signal: AbortSignal): Promise<string | null> {
  const res = await api.get<{ workspaceId: string }>('workspaces/locate', { query: target, signal });
  if (res.status === 404 || res.status === 400) return null;
  if (!res.result || !res.body) throw new Error(res.message || 'We could not look for it.');
  return res.body.workspaceId;
}

// A link to an EyeMail, a report or a video opens in its workspace when the user is a member of
// it. The page says when its call answered 404 (`notFound`); the dashboard then asks the server
// which workspace holds it and, when that is another of the user's, switches to it on the same
// address (the page loads again there) with the notice "Opened in <workspace>". Anything else is
// the page's not-found state.
export function useOpenInWorkspace(target: LinkTarget, notFound: boolean): LinkState {
  const current = useCurrentWorkspace();
  const switchTo = useSwitchWorkspace();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const { data: workspaces } = useWorkspaces();
  const [kind, id] = 'eyemail' in target ? (['eyemail', target.eyemail] as const) : (['video', target.video] as const);

  const located = useQuery({
    queryKey: [...LOCATE_KEY, kind, id, current.id],
    queryFn: async ({ signal }) => {
      const workspaceId = await locate(target, signal);
      // A company joined since the list was read (an invitation accepted in another tab).
      const known = queryClient.getQueryData<WorkspaceView[]>(WORKSPACES_KEY);
      if (workspaceId && !known?.some((w) => w.id === workspaceId)) await queryClient.invalidateQueries({ queryKey: WORKSPACES_KEY });
      return workspaceId;
    },
    enabled: notFound && !!id,
    retry: false,
    staleTime: Infinity,
  });

  const destination = located.data && located.data !== current.id ? (workspaces?.find((w) => w.id === located.data) ?? null) : null;

  // A page switches once for its target. Its 404 can outlast the switch by a render, or come back
  // when the person then picks another workspace on purpose: switching again would show the notice
  // twice, or take them back into the company they just left.
  const switchedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!notFound || !destination || switchedFor.current === `${kind}:${id}`) return;
    switchedFor.current = `${kind}:${id}`;
    // The same address: what the page shows is found again in that workspace.
    switchTo(destination.id, { to: pathname });
    toast.info(`This ${kind === 'eyemail' ? 'EyeMail' : 'video'} belongs to ${destination.name}, so the dashboard switched there.`, `Opened in ${destination.name}`);
  }, [notFound, destination, switchTo, pathname, kind, id]);

  if (!notFound) return 'found';
  if (located.isPending || destination) return 'locating';
  return 'not-found';
}
