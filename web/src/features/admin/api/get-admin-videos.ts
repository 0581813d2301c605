// One page of Manage Videos: every uploaded video, or one user's by email. A failed load shows
// no videos (spec 02 section 8), so the query never errors.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AdminVideoPage } from './admin-api';

const EMPTY: AdminVideoPage = { urLs: [], countData: 0, currentPage: 1, totalPage: 1 };

export async function getAdminVideos(email: string | null, page: number, size: number, signal?: AbortSignal): Promise<AdminVideoPage> {
  const res = await api.get<AdminVideoPage>('Admin/GetAllVideos', { query: { emailId: email || 'null', Page: page, size }, signal });
  return res.result && res.body ? res.body : EMPTY;
}

export function useAdminVideos(email: string | null, page: number, size: number) {
  return useQuery({
    queryKey: ['admin', 'videos', { email, page, size }],
    queryFn: ({ signal }) => getAdminVideos(email, page, size, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
