import { api, type ApiResult } from '@/lib/api-client';
import { ApiQueryError } from '@/lib/query-client';
import type { MemberView, WorkspaceRole, WorkspaceView } from '@/lib/workspace/workspace-rules';

export interface NewCompany {
  companyName: string;
  domain: string;
  department: string;
}

export type AssignableRole = Exclude<WorkspaceRole, 'owner'>;
export const ASSIGNABLE_ROLES: readonly AssignableRole[] = ['admin', 'editor', 'viewer'];

// A company's members are asked of that company (X-Workspace-Id), whichever workspace is shown.
export const membersKey = (workspaceId: string) => ['workspace-members', workspaceId] as const;

export async function getMembers(workspaceId: string, signal?: AbortSignal): Promise<MemberView[]> {
  const res = await api.get<MemberView[]>('workspace/members', { workspaceId, signal });
  if (!res.result) throw new ApiQueryError(res);
  return res.body ?? [];
}

export const companiesApi = {
  create: (form: NewCompany): Promise<ApiResult<WorkspaceView>> => api.post<WorkspaceView>('companies', { body: form }),
  setRole: (workspaceId: string, userId: string, role: AssignableRole) =>
    api.patch<null>(`workspace/members/${encodeURIComponent(userId)}`, { body: { role }, workspaceId }),
  remove: (workspaceId: string, userId: string) => api.delete<null>(`workspace/members/${encodeURIComponent(userId)}`, { workspaceId }),
  leave: (workspaceId: string) => api.post<null>('workspace/leave', { workspaceId }),
  // The owner hands the company to one of its admins and becomes an admin.
  transfer: (workspaceId: string, userId: string) => api.post<null>('workspace/transfer', { body: { userId }, workspaceId }),
};
