import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../common/auth/auth.decorators.js';
import { UsersService } from '../accounts/users.service.js';
import { STATUS_MESSAGES } from '../accounts/account-messages.js';
import type { UserListPage, UserListQuery } from '../accounts/user-list.js';
import { FilesService } from '../files/files.service.js';
import { SnippetsService } from '../snippets/snippets.service.js';
import { WorkspacesService } from '../workspaces/workspaces.service.js';
import { NotFoundError } from '../common/domain-error.js';
import { isUuid } from '../shared/uuid.js';
import type { AdminVideoQuery, StatusChange } from './admin-query.js';
import type { AdminVideoPage, DashboardCounts } from '../shared/admin-types.js';
import type { AdminCompanyMembers, AdminCompanyPage, CompanyListQuery } from '../shared/admin-companies.js';

export const COMPANY_NOT_FOUND = 'Company not found.';

export type { AdminVideo, AdminVideoPage } from '../shared/admin-types.js';

// The admin area: composes the accounts, workspaces, files and snippets services; owns no tables.
@Injectable()
export class AdminService {
  constructor(
    private readonly users: UsersService,
    private readonly files: FilesService,
    private readonly workspaces: WorkspacesService,
    private readonly snippets: SnippetsService,
  ) {}

  async dashboard(): Promise<DashboardCounts> {
    const [userCount, videoCount, companyCount] = await Promise.all([this.users.countUsers(), this.files.countVideos(), this.users.countCompanies()]);
    return { userCount, videoCount, companyCount };
  }

  // One statement whatever the page size: each module hands in the SQL of what it owns.
  companyList(query: CompanyListQuery): Promise<AdminCompanyPage> {
    return this.users.listCompaniesForAdmin(query, {
      members: (id) => this.workspaces.memberCountSql(id),
      videos: (id) => this.files.workspaceCountSql(id).videos,
      eyemails: (id) => this.snippets.workspaceEyeMailCountSql(id, false),
      activeEyemails: (id) => this.snippets.workspaceEyeMailCountSql(id, true),
      storageBytes: (id) => this.files.workspaceCountSql(id).storedBytes,
    });
  }

  // A company's members (the owner first), named: three queries for any number of members.
  async companyMembers(companyId: string): Promise<AdminCompanyMembers> {
    const id = companyId.toLowerCase();
    const company = isUuid(id) ? (await this.users.companiesOf([id])).get(id) : undefined;
    if (!company) throw new NotFoundError(COMPANY_NOT_FOUND);
    const rows = await this.workspaces.membersOf(id);
    const people = await this.users.peopleOf(rows.map((r) => r.userId));
    return {
      company: { id, name: company.name },
      members: rows.map((r) => ({
        name: people.get(r.userId)?.fullName ?? '',
        email: people.get(r.userId)?.email ?? '',
        role: r.role,
        joinedDate: new Date(r.joinedAt).toISOString(),
      })),
    };
  }

  userList(query: UserListQuery): Promise<UserListPage> {
    return this.users.listForAdmin(query);
  }

  async videos(value: AdminVideoQuery): Promise<AdminVideoPage> {
    let ownerId: string | null = null;
    if (value.email) {
      ownerId = await this.users.idForEmail(value.email);
      // Nobody with that address: no videos (not an error, the admin typed a search).
      if (!ownerId) return { urLs: [], countData: 0, currentPage: value.page, totalPage: 1 };
    }
    const { total, items } = await this.files.listVideosForAdmin({ ownerId, page: value.page, size: value.size });
    const emails = await this.users.emailsOf(items.map((i) => i.ownerId));
    return {
      urLs: items.map(({ ownerId, ...video }) => ({ ...video, email: emails.get(ownerId) ?? null })),
      countData: total,
      currentPage: value.page,
      totalPage: Math.max(1, Math.ceil(total / value.size)),
    };
  }

  async updateStatus(actor: AuthUser, value: StatusChange): Promise<{ body: { email: string; status: 1 | 0 }; message: string }> {
    const body = await this.users.changeStatus(actor, value.email, value.active);
    return { body, message: value.active ? STATUS_MESSAGES.activated : STATUS_MESSAGES.deactivated };
  }
}
