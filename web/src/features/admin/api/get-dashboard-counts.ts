// The admin dashboard's counts. They fail silently to zero (spec 02 section 8), so the query
// never errors.
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { DashboardCounts } from './admin-api';

export async function getDashboardCounts(signal?: AbortSignal): Promise<DashboardCounts> {
  const res = await api.get<DashboardCounts>('Admin/GetDashboardData', { signal });
  const b = res.result && res.body ? res.body : null;
  return { userCount: Number(b?.userCount) || 0, videoCount: Number(b?.videoCount) || 0, companyCount: Number(b?.companyCount) || 0 };
}

export function useDashboardCounts() {
  return useQuery({ queryKey: ['admin', 'dashboard-counts'], queryFn: ({ signal }) => getDashboardCounts(signal) });
}
