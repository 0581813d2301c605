// Activates (1) or deactivates (0) a user; a deactivated user is signed out everywhere. The row
// on screen changes in place.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiResult } from '@/lib/api-client';
import type { AdminUserPage } from './admin-api';

export function setUserStatus({ email, status }: { email: string; status: 1 | 0 }): Promise<ApiResult<{ email: string; status: 1 | 0 }>> {
  return api.put<{ email: string; status: 1 | 0 }>('Admin/UpdateUserStatus', { query: { EmailId: email, Status: status } });
}

export function useSetUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserStatus,
    onSuccess: (res, { email, status }) => {
      if (!(res.status === 200 && res.result)) return;
      queryClient.setQueriesData<AdminUserPage>({ queryKey: ['admin', 'users'] }, (old) =>
        old ? { ...old, data: old.data.map((r) => (r.email === email ? { ...r, status } : r)) } : old,
      );
    },
  });
}
