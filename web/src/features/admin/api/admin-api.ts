// The admin area's shapes (spec 02 section 7, Admin; casing as written there). The calls: one a
// file beside this one.
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

