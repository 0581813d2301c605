// The admin area's calls (spec 02 section 7, Admin; casing as written there).
import { api } from '@/lib/api-client';

export interface DashboardCounts {
  userCount: number;
  videoCount: number;
}

export type SortKey = 'firstName' | 'lastName' | 'phoneNumber' | 'email' | 'registrationType' | 'dateOfJoining' | 'lastActivityDate' | 'videoCount' | 'status';
export type StatusFilter = 'all' | '1' | '0';

export interface AdminUserRow {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  dateOfJoining: string;
  lastActivityDate: string | null;
  email: string;
  registrationType: string;
  videoCount: number;
  status: 1 | 0;
}

export interface AdminUserPage {
  data: AdminUserRow[];
  currentPage: number;
  totalCount: number;
  totalPage: number;
}

export interface UserListParams {
  page: number;
  size: number;
  status: StatusFilter;
  key: string;
  sort: SortKey;
  order: 'asc' | 'desc';
}

export interface AdminVideo {
  url: string;
  createdDate: string;
  fileId: string;
  fileName: string;
  thumbnailUrl: string | null;
  durationSecs: number | null;
  email: string | null;
}

export interface AdminVideoPage {
  urLs: AdminVideo[];
  countData: number;
  currentPage: number;
  totalPage: number;
}

export const adminApi = {
  users: (p: UserListParams, signal?: AbortSignal) =>
    api.get<AdminUserPage>('Admin/GetAllUserData', {
      query: { Page: p.page, size: p.size, status: p.status, key: p.key.trim(), sort: p.sort, order: p.order },
      signal,
    }),
  videos: (email: string | null, page: number, size: number, signal?: AbortSignal) =>
    api.get<AdminVideoPage>('Admin/GetAllVideos', { query: { emailId: email || 'null', Page: page, size }, signal }),
  setStatus: (email: string, status: 1 | 0) => api.put<{ email: string; status: 1 | 0 }>('Admin/UpdateUserStatus', { query: { EmailId: email, Status: status } }),
};
