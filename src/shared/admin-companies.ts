// Shapes of the admin area's company calls (GET Admin/companies and Admin/companies/{id}/members),
// shared by the server and the dashboard. Types and the list of sortable columns only.
import type { WorkspaceRole } from './workspace-roles.js';

// The columns GET Admin/companies sorts by (`sort`).
export const COMPANY_LIST_SORTS = ['name', 'createdDate', 'memberCount', 'videoCount', 'eyemailCount', 'storageBytes'] as const;
export type CompanyListSort = (typeof COMPANY_LIST_SORTS)[number];

// One company of the list. Counts are of the company's workspace (whoever made each thing).
export interface AdminCompanyRow {
  id: string;
  name: string;
  domain: string;
  department: string;
  // null when the company has no owner on record
  owner: { name: string; email: string } | null;
  memberCount: number;
  videoCount: number;
  // EyeMails: active (published) of all
  eyemails: { active: number; total: number };
  // bytes of the files stored in the workspace (the workspace's storage quota counts these)
  storageBytes: number;
  createdDate: string;
}

// Body of GET Admin/companies.
export interface AdminCompanyPage {
  data: AdminCompanyRow[];
  currentPage: number;
  totalCount: number;
  totalPage: number;
}

export interface AdminCompanyMember {
  name: string;
  email: string;
  role: WorkspaceRole;
  joinedDate: string;
}

// Body of GET Admin/companies/{id}/members: the owner first, then admins, editors, viewers.
export interface AdminCompanyMembers {
  company: { id: string; name: string };
  members: AdminCompanyMember[];
}

// What GET Admin/companies runs with (parsed by the admin module).
export interface CompanyListQuery {
  page: number;
  size: number;
  // trimmed search text (name, domain, owner's address); null: every company
  key: string | null;
  sort: CompanyListSort;
  order: 'asc' | 'desc';
}
