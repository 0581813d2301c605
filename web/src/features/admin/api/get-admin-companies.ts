// Companies in the admin area: a page of the list, and one company's members (fetched when its
// row is opened). A failed list load is an empty page, as the users list's is.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AdminCompanyMembers, AdminCompanyPage, CompanyListParams } from './admin-api';

const EMPTY: AdminCompanyPage = { data: [], currentPage: 1, totalCount: 0, totalPage: 1 };

export async function getAdminCompanies(p: CompanyListParams, signal?: AbortSignal): Promise<AdminCompanyPage> {
  const res = await api.get<AdminCompanyPage>('Admin/companies', {
    query: { Page: p.page, size: p.size, key: p.key.trim(), sort: p.sort, order: p.order },
    signal,
  });
  return res.result && res.body ? res.body : EMPTY;
}

export function useAdminCompanies(p: CompanyListParams) {
  return useQuery({ queryKey: ['admin', 'companies', p], queryFn: ({ signal }) => getAdminCompanies(p, signal), placeholderData: keepPreviousData, staleTime: 0 });
}

export async function getAdminCompanyMembers(companyId: string, signal?: AbortSignal): Promise<AdminCompanyMembers> {
  const res = await api.get<AdminCompanyMembers>(`Admin/companies/${encodeURIComponent(companyId)}/members`, { signal });
  if (!res.result || !res.body) throw new Error(res.message || 'The members could not be loaded.');
  return res.body;
}

export function useAdminCompanyMembers(companyId: string) {
  return useQuery({ queryKey: ['admin', 'company-members', companyId], queryFn: ({ signal }) => getAdminCompanyMembers(companyId, signal), staleTime: 0, retry: false });
}
