import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { PERSONAL_WORKSPACE_NAME } from '@shared/workspace-types';
import { getOrThrow } from '@/lib/query-client';
import { userAtom } from '@/lib/session/user-atom';
import { workspaceIdAtom } from '@/lib/session/workspace-atom';
import { canEdit, canManageMembers, canUseIntegrations, orderWorkspaces, type WorkspaceRole, type WorkspaceView } from './workspace-rules';

// The workspaces list is the user's own, the same whichever workspace is shown: a switch keeps it.
export const WORKSPACES_KEY = ['workspaces'] as const;

export function useWorkspaces() {
  const user = useAtomValue(userAtom);
  return useQuery({
    queryKey: WORKSPACES_KEY,
    queryFn: ({ signal }) => getOrThrow<WorkspaceView[]>('workspaces', undefined, signal),
    select: orderWorkspaces,
    enabled: !!user,
  });
}

export interface CurrentWorkspace {
  id: string;
  // null while the list loads (a company's name and role are not known yet)
  workspace: WorkspaceView | null;
  name: string;
  role: WorkspaceRole | null;
  isPersonal: boolean;
  // Upload, record, create, edit and delete.
  canEdit: boolean;
  // API tokens and webhooks.
  canUseIntegrations: boolean;
  canManageMembers: boolean;
}

// The workspace the dashboard shows, with the user's role in it. The personal workspace is known
// at once (its owner is the user); a company's role once the list has come.
export function useCurrentWorkspace(): CurrentWorkspace {
  const user = useAtomValue(userAtom);
  const selected = useAtomValue(workspaceIdAtom);
  const { data } = useWorkspaces();
  const id = selected ?? user?.id ?? '';
  const isPersonal = !selected;
  const found = data?.find((w) => w.id === id) ?? null;
  const role: WorkspaceRole | null = found?.role ?? (isPersonal ? 'owner' : null);
  return {
    id,
    workspace: found,
    name: found?.name ?? (isPersonal ? PERSONAL_WORKSPACE_NAME : ''),
    role,
    isPersonal,
    canEdit: canEdit(role),
    canUseIntegrations: canUseIntegrations(role),
    canManageMembers: canManageMembers(role),
  };
}
