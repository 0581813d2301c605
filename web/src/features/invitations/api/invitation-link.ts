import { useQuery } from '@tanstack/react-query';
import { api, type ApiResult } from '@/lib/api-client';
import type { AcceptedInvitation, InvitationPreview } from '@shared/invitation-types';

// An invitation link's page: what it is for (anyone may ask), and accepting it (signed in). Both
// are about the link, not about the workspace shown: no X-Workspace-Id.
export const invitationKey = (token: string) => ['invitation', token] as const;

// The whole answer, a refusal included: the page shows a used, revoked or expired link's reason.
export function useInvitation(token: string) {
  return useQuery({
    queryKey: invitationKey(token),
    queryFn: () => api.get<InvitationPreview>(`invitations/${encodeURIComponent(token)}`, { workspaceId: null }),
    enabled: !!token,
    staleTime: Infinity,
  });
}

export function acceptInvitation(token: string): Promise<ApiResult<AcceptedInvitation>> {
  return api.post<AcceptedInvitation>(`invitations/${encodeURIComponent(token)}/accept`, { workspaceId: null });
}
