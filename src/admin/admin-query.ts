// Pure parsing of the admin calls' query strings (spec 02 section 7, casing as written there:
// Page, size, status, key; EmailId, Status; emailId). Bad values get a field error, never a
// silent default, except where the spec gives one (page 1, size 12, status all).
import { USER_LIST_SORTS, type UserListQuery } from '../accounts/user-list.js';
import { COMPANY_LIST_SORTS, type CompanyListQuery } from '../shared/admin-companies.js';

export const USER_PAGE_SIZE_DEFAULT = 12;
export const VIDEO_PAGE_SIZE_DEFAULT = 24;
export const COMPANY_PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;
// The search box never needs more; longer text is cut rather than refused.
export const KEY_MAX = 200;

export const ADMIN_MESSAGES = {
  page: 'Page must be a whole number from 1.',
  size: `size must be a whole number from 1 to ${PAGE_SIZE_MAX}.`,
  status: 'status must be all, 1 (activated) or 0 (deactivated).',
  sort: `sort must be one of ${USER_LIST_SORTS.join(', ')}.`,
  companySort: `sort must be one of ${COMPANY_LIST_SORTS.join(', ')}.`,
  order: 'order must be asc or desc.',
  email: 'EmailId must be an email address.',
  newStatus: 'Status must be 1 (activate) or 0 (deactivate).',
} as const;

type Raw = Record<string, unknown>;

function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

// A parameter under any casing (Page, page, PAGE), as routing itself is case-insensitive.
export function param(raw: Raw, name: string): unknown {
  const want = name.toLowerCase();
  for (const [k, v] of Object.entries(raw)) if (k.toLowerCase() === want) return first(v);
  return undefined;
}

function blank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

function wholeNumber(v: unknown, min: number, max: number): number | null {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  if (!/^\d{1,9}$/.test(s)) return null;
  const n = Number(s);
  return n >= min && n <= max ? n : null;
}

export function parsePaging(raw: Raw, defaultSize: number): { page: number; size: number; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const pageRaw = param(raw, 'page');
  const sizeRaw = param(raw, 'size');
  const page = blank(pageRaw) ? 1 : wholeNumber(pageRaw, 1, 1_000_000_000);
  const size = blank(sizeRaw) ? defaultSize : wholeNumber(sizeRaw, 1, PAGE_SIZE_MAX);
  if (page === null) errors.Page = ADMIN_MESSAGES.page;
  if (size === null) errors.size = ADMIN_MESSAGES.size;
  return { page: page ?? 1, size: size ?? defaultSize, errors };
}

// The search text: trimmed and cut at KEY_MAX; blank is none.
function parseKey(raw: Raw): string | null {
  const keyRaw = param(raw, 'key');
  return typeof keyRaw === 'string' && keyRaw.trim() ? keyRaw.trim().slice(0, KEY_MAX) : null;
}

// The sort column, in any casing; blank is `fallback`, another value the field error `message`.
function parseSort<S extends string>(raw: Raw, sorts: readonly S[], fallback: S, message: string, errors: Record<string, string>): S {
  const sortRaw = param(raw, 'sort');
  if (blank(sortRaw)) return fallback;
  const found = sorts.find((c) => c.toLowerCase() === String(sortRaw).trim().toLowerCase());
  if (!found) errors.sort = message;
  return found ?? fallback;
}

// asc or desc, in any casing; blank is `fallback`.
function parseOrder(raw: Raw, fallback: 'asc' | 'desc', errors: Record<string, string>): 'asc' | 'desc' {
  const orderRaw = param(raw, 'order');
  if (blank(orderRaw)) return fallback;
  const o = String(orderRaw).trim().toLowerCase();
  if (o === 'asc' || o === 'desc') return o;
  errors.order = ADMIN_MESSAGES.order;
  return fallback;
}

export function parseUserListQuery(raw: Raw): { value: UserListQuery | null; errors: Record<string, string> } {
  const { page, size, errors } = parsePaging(raw, USER_PAGE_SIZE_DEFAULT);

  const statusRaw = param(raw, 'status');
  let active: boolean | null = null;
  const s = blank(statusRaw) ? 'all' : String(statusRaw).trim().toLowerCase();
  if (s === '1' || s === 'true') active = true;
  else if (s === '0' || s === 'false') active = false;
  else if (s !== 'all') errors.status = ADMIN_MESSAGES.status;

  const key = parseKey(raw);
  const sort = parseSort(raw, USER_LIST_SORTS, 'dateOfJoining', ADMIN_MESSAGES.sort, errors);
  // Newest joiners first by default; any other column reads A-Z unless asked otherwise.
  const order = parseOrder(raw, sort === 'dateOfJoining' && blank(param(raw, 'sort')) ? 'desc' : 'asc', errors);
  if (Object.keys(errors).length) return { value: null, errors };
  return { value: { page, size, active, key, sort, order }, errors: {} };
}

// Page, size, key, sort and order of GET Admin/companies: newest company first by default; any
// other column reads A-Z (name) or largest first (counts, storage) unless asked otherwise.
export function parseCompanyListQuery(raw: Raw): { value: CompanyListQuery | null; errors: Record<string, string> } {
  const { page, size, errors } = parsePaging(raw, COMPANY_PAGE_SIZE_DEFAULT);
  const key = parseKey(raw);
  const sort = parseSort(raw, COMPANY_LIST_SORTS, 'createdDate', ADMIN_MESSAGES.companySort, errors);
  const order = parseOrder(raw, sort === 'name' ? 'asc' : 'desc', errors);
  if (Object.keys(errors).length) return { value: null, errors };
  return { value: { page, size, key, sort, order }, errors: {} };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// EmailId and Status of PUT Admin/UpdateUserStatus.
export interface StatusChange {
  email: string;
  active: boolean;
}

export function parseStatusChange(raw: Raw): { value: StatusChange | null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const emailRaw = param(raw, 'emailId');
  const email = typeof emailRaw === 'string' ? emailRaw.trim() : '';
  if (!EMAIL.test(email) || email.length > 254) errors.EmailId = ADMIN_MESSAGES.email;
  const statusRaw = param(raw, 'status');
  const status = typeof statusRaw === 'string' || typeof statusRaw === 'number' ? String(statusRaw).trim() : '';
  if (status !== '1' && status !== '0') errors.Status = ADMIN_MESSAGES.newStatus;
  if (Object.keys(errors).length) return { value: null, errors };
  return { value: { email, active: status === '1' }, errors: {} };
}

// emailId of GET Admin/GetAllVideos: blank or "null" (the dashboard sends null when empty) is none.
export interface AdminVideoQuery {
  // only this user's videos; null: everyone's
  email: string | null;
  page: number;
  size: number;
}

export function parseVideoQuery(raw: Raw): { value: AdminVideoQuery | null; errors: Record<string, string> } {
  const { page, size, errors } = parsePaging(raw, VIDEO_PAGE_SIZE_DEFAULT);
  const emailRaw = param(raw, 'emailId');
  let email: string | null = null;
  if (!blank(emailRaw) && String(emailRaw).trim().toLowerCase() !== 'null') {
    email = String(emailRaw).trim();
    if (!EMAIL.test(email) || email.length > 254) errors.emailId = 'emailId must be an email address.';
  }
  if (Object.keys(errors).length) return { value: null, errors };
  return { value: { email, page, size }, errors: {} };
}
