// One page of Manage Users. A failed load is an empty page (spec 02 section 8), so the query
// never errors; the page on screen stays while the next one loads.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AdminUserPage, UserListParams } from './admin-api';

export const adminUsersKey = (p: UserListParams) => ['admin', 'users', p] as const;
const EMPTY: AdminUserPage = { data: [], currentPage: 1, totalCount: 0, totalPage: 1 };

export async function getAdminUsers(p: UserListParams, signal?: AbortSignal): Promise<AdminUserPage> {
  const res = await api.get<AdminUserPage>('Admin/GetAllUserData', {
    query: { Page: p.page, size: p.size, status: p.status, key: p.key.trim(), sort: p.sort, order: p.order },
    signal,
  });
  return res.result && res.body ? res.body : EMPTY;
}

export function useAdminUsers(p: UserListParams) {
  return useQuery({ queryKey: adminUsersKey(p), queryFn: ({ signal }) => getAdminUsers(p, signal), placeholderData: keepPreviousData, staleTime: 0 });
}
