// Pure parts of the admin user list (GET Admin/GetAllUserData): the row the API answers, the
// query it runs with, and how each sortable column is ordered in SQL. The row and page shapes
// are in src/shared/admin-types.ts (the dashboard reads them too).
import type { UserListSort } from '../shared/admin-types.js';

export { USER_LIST_SORTS, type AdminUserRow, type UserListPage, type UserListSort } from '../shared/admin-types.js';

export interface UserListQuery {
  page: number;
  size: number;
  // true: activated only, false: deactivated only, null: all
  active: boolean | null;
  // trimmed search text; null: everyone
  key: string | null;
  sort: UserListSort;
  order: 'asc' | 'desc';
}

// The SQL expression each column sorts by (columns of the list's inner select). Text sorts
// ignore case; Registration Type sorts by its label (Express before Premium).
export const SORT_EXPRESSIONS: Record<UserListSort, string> = {
  firstName: 'lower("firstName")',
  lastName: `lower(coalesce("lastName", ''))`,
  phoneNumber: `coalesce("phoneNumber", '')`,
  email: 'lower(email)',
  registrationType: 'tier',
  dateOfJoining: '"dateOfJoining"',
  lastActivityDate: '"lastActivityDate"',
  videoCount: '"videoCount"',
  status: '"isActive"',
};

// ORDER BY for a query: the chosen column, then newest first and id so pages never overlap.
export function orderByClause(sort: UserListSort, order: 'asc' | 'desc'): string {
  const dir = order === 'asc' ? 'asc' : 'desc';
  return `${SORT_EXPRESSIONS[sort]} ${dir} nulls last, "dateOfJoining" desc, id asc`;
}

export function totalPages(totalCount: number, size: number): number {
  return Math.max(1, Math.ceil(totalCount / size));
}

export function registrationTypeOf(tier: string): 'Premium' | 'Express' {
  return tier === 'express' ? 'Express' : 'Premium';
}
