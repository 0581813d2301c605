import { useQuery } from '@tanstack/react-query';
import { api, type ApiResult } from '@/lib/api-client';
import { ApiQueryError } from '@/lib/query-client';
import type { InvitableRole, InvitationView, InviteResult } from '@shared/invitation-types';

// A company's invitations, asked of that company (X-Workspace-Id), whichever workspace is shown:
// the owner and admins only (the server answers 403 to others).
export const invitationsKey = (workspaceId: string) => ['workspace-invitations', workspaceId] as const;

export async function getInvitations(workspaceId: string, signal?: AbortSignal): Promise<InvitationView[]> {
  const res = await api.get<InvitationView[]>('workspace/invitations', { workspaceId, signal });
  if (!res.result) throw new ApiQueryError(res);
  return res.body ?? [];
}

export function usePendingInvitations(workspaceId: string, enabled = true) {
  return useQuery({ queryKey: invitationsKey(workspaceId), queryFn: ({ signal }) => getInvitations(workspaceId, signal), enabled: enabled && !!workspaceId });
}

export const invitationsApi = {
  invite: (workspaceId: string, emails: string[], role: InvitableRole): Promise<ApiResult<InviteResult>> =>
    api.post<InviteResult>('workspace/invitations', { body: { emails, role }, workspaceId }),
  resend: (workspaceId: string, id: string) => api.post<InvitationView>(`workspace/invitations/${encodeURIComponent(id)}/resend`, { workspaceId }),
  revoke: (workspaceId: string, id: string) => api.delete<null>(`workspace/invitations/${encodeURIComponent(id)}`, { workspaceId }),
};
