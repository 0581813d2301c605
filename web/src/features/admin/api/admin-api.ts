// The admin area's shapes (spec 02 section 7, Admin; casing as written there). The calls: one a
// file beside this one.
import type { UserListSort } from '@shared/admin-types';
import type { CompanyListSort } from '@shared/admin-companies';

export type { AdminUserRow, AdminVideo, AdminVideoPage, DashboardCounts, UserListPage as AdminUserPage } from '@shared/admin-types';

export type { AdminCompanyMember, AdminCompanyMembers, AdminCompanyPage, AdminCompanyRow, CompanyListSort } from '@shared/admin-companies';

export type SortKey = UserListSort;
export type StatusFilter = 'all' | '1' | '0';

export interface UserListParams {
  page: number;
  size: number;
  status: StatusFilter;
  key: string;
  sort: SortKey;
  order: 'asc' | 'desc';
}

export interface CompanyListParams {
  page: number;
  size: number;
  key: string;
  sort: CompanyListSort;
  order: 'asc' | 'desc';
}
