import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../common/auth/auth.decorators.js';
import { UsersService } from '../accounts/users.service.js';
import { STATUS_MESSAGES } from '../accounts/account-messages.js';
import type { UserListPage, UserListQuery } from '../accounts/user-list.js';
import { FilesService } from '../files/files.service.js';
import type { AdminVideoQuery, StatusChange } from './admin-query.js';
import type { AdminVideoPage, DashboardCounts } from '../shared/admin-types.js';

export type { AdminVideo, AdminVideoPage } from '../shared/admin-types.js';

// The admin area: composes the accounts and files services; owns no tables.
@Injectable()
export class AdminService {
  constructor(
    private readonly users: UsersService,
    private readonly files: FilesService,
  ) {}

  async dashboard(): Promise<DashboardCounts> {
    const [userCount, videoCount] = await Promise.all([this.users.countUsers(), this.files.countVideos()]);
    return { userCount, videoCount };
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
      urLs: items.map((i) => ({
        url: i.url,
        createdDate: i.createdDate,
        fileId: i.fileId,
        fileName: i.fileName,
        thumbnailUrl: i.thumbnailUrl,
        durationSecs: i.durationSecs,
        email: emails.get(i.ownerId) ?? null,
      })),
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
