import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient, type Query } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { onWorkspaceLost } from '@/lib/api-client';
import { workspaceIdAtom } from '@/lib/session/workspace-atom';
import { toast } from '@/components/toasts';
import { pathAfterSwitch } from './workspace-rules';
import { WORKSPACES_KEY, useWorkspaces } from './use-workspaces';

const workspaceData = (q: Query) => q.queryKey[0] !== WORKSPACES_KEY[0];

// Switches the dashboard to a workspace (null or the user's id: the personal one). Everything
// cached came from the last workspace: a page that stays (one that means the same in every
// workspace) refetches its lists at once; any other is left for the new workspace's EyeMails,
// which load afresh. `to`: the page to show instead (after leaving a company, My Companies).
export function useSwitchWorkspace() {
  const setWorkspace = useSetAtom(workspaceIdAtom);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (id: string | null, opts: { to?: string } = {}) => {
      setWorkspace(id);
      const to = opts.to ?? pathAfterSwitch(pathname);
      if (to && to !== pathname) {
        queryClient.removeQueries({ predicate: workspaceData });
        void navigate(to);
      } else {
        void queryClient.resetQueries({ predicate: workspaceData });
      }
    },
    [setWorkspace, queryClient, navigate, pathname],
  );
}

export const WORKSPACE_LOST_TITLE = 'Workspace not found';
export const WORKSPACE_LOST_MESSAGE = 'You are no longer a member of that company, so you are back in your personal workspace.';

// Mounted once by the dashboard's shell: when the current company workspace is gone for this user
// (removed, left in another tab, deleted: the server answers 404 "Workspace not found.", or the
// list no longer has it), the dashboard goes back to the personal workspace and says so.
export function useWorkspaceWatch(): void {
  const selected = useAtomValue(workspaceIdAtom);
  const { data } = useWorkspaces();
  const switchTo = useSwitchWorkspace();
  const queryClient = useQueryClient();

  useEffect(
    () =>
      onWorkspaceLost(() => {
        switchTo(null);
        void queryClient.invalidateQueries({ queryKey: WORKSPACES_KEY });
        toast.warning(WORKSPACE_LOST_MESSAGE, WORKSPACE_LOST_TITLE);
      }),
    [switchTo, queryClient],
  );

  const missing = !!data && !!selected && !data.some((w) => w.id === selected);
  useEffect(() => {
    if (!missing) return;
    switchTo(null);
    toast.warning(WORKSPACE_LOST_MESSAGE, WORKSPACE_LOST_TITLE);
  }, [missing, switchTo]);
}
