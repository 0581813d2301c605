// Response shapes of the Admin/* calls (spec 02 section 7, casing as written there), shared by
// the server and the dashboard. Types and the list of sortable columns only.

// GET Admin/GetDashboardData
export interface DashboardCounts {
  userCount: number;
  videoCount: number;
  // companies (company workspaces)
  companyCount: number;
}

// The columns GET Admin/GetAllUserData sorts by (`sort`).
export const USER_LIST_SORTS = [
  'firstName',
  'lastName',
  'phoneNumber',
  'email',
  'registrationType',
  'dateOfJoining',
  'lastActivityDate',
  'videoCount',
  'status',
] as const;
export type UserListSort = (typeof USER_LIST_SORTS)[number];

// One row of the list (spec 02 section 3, "Admin user row").
export interface AdminUserRow {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  dateOfJoining: string;
  lastActivityDate: string | null;
  email: string;
  registrationType: 'Premium' | 'Express';
  videoCount: number;
  status: 1 | 0;
}

// Body of GET Admin/GetAllUserData.
export interface UserListPage {
  data: AdminUserRow[];
  currentPage: number;
  totalCount: number;
  totalPage: number;
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

// Body of GET Admin/GetAllVideos (spec 02: urLs and countData), with the page it is.
export interface AdminVideoPage {
  urLs: AdminVideo[];
  countData: number;
  currentPage: number;
  totalPage: number;
}
