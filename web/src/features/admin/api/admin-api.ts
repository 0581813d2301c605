import { api } from '../../../lib/api-client';

export interface DashboardCounts {
  userCount: number;
  videoCount: number;
}

export const adminApi = {
  dashboardCounts: () => api.get<DashboardCounts>('Admin/GetDashboardData'),
};
