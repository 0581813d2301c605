import { Injectable } from '@nestjs/common';
import { PgSessionStore } from '../common/session-store.js';
import { FilesService } from '../files/files.service.js';
import { ConflictError, NotFoundError } from '../common/domain-error.js';
import { joinFullName, normalizeEmail } from '../shared/account-rules.js';
import { STATUS_MESSAGES } from './account-messages.js';
import { shouldTouchActivity, statusChangeRefusal } from './account.rules.js';
import type { User } from './user.entity.js';
import { UserRepository, type CompanyCountSql } from './user.repository.js';
import type { AdminCompanyPage, CompanyListQuery } from '../shared/admin-companies.js';

export type { CompanyCountSql } from './user.repository.js';
import { isUuid } from '../shared/uuid.js';
import { registrationTypeOf, totalPages, type UserListPage, type UserListQuery } from './user-list.js';
import { toUserView, type UserView } from './user.mapper.js';

// Looking users up and the few changes other modules make to them (admin status, profile
// picture). Exported by AccountsModule; other modules use it, never the User entity.
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: PgSessionStore,
    private readonly files: FilesService,
  ) {}

  findById(id: string): Promise<User | null> {
    if (!isUuid(id)) return Promise.resolve(null);
    return this.users.findById(id);
  }

  // Case-insensitive, as addresses are unique whatever their case.
  findByEmail(email: string): Promise<User | null> {
    return this.users.findByEmail(normalizeEmail(email));
  }

  async isEmailTaken(email: string, exceptUserId?: string): Promise<boolean> {
    const user = await this.findByEmail(email);
    return !!user && user.id !== exceptUserId;
  }

  // last_activity_at is written at most once a minute per user, outside the request's flush.
  async touchActivity(user: Pick<User, 'id' | 'lastActivityAt'>): Promise<void> {
    const now = new Date();
    if (!shouldTouchActivity(user.lastActivityAt ?? null, now)) return;
    await this.users.setLastActivity(user.id, now);
  }

  async findView(userId: string): Promise<UserView | null> {
    const user = await this.findById(userId);
    return user ? toUserView(user) : null;
  }

  // The id of the account with this address (any case), for callers that address users by email.
  idForEmail(email: string): Promise<string | null> {
    return this.users.idForEmail(normalizeEmail(email));
  }

  // Activates or deactivates an account (admin). Deactivating ends every session of the user at
  // once. Returns false when there is no such user.
  async setActive(userId: string, active: boolean): Promise<boolean> {
    if (!(await this.users.setActive(userId, active))) return false;
    if (!active) await this.sessions.destroyForUser(userId);
    return true;
  }

  // ---- admin ----

  // Accounts of people using the product (the admin account is not one of them).
  countUsers(): Promise<number> {
    return this.users.countWithRole('user');
  }

  async listForAdmin(q: UserListQuery): Promise<UserListPage> {
    // The video count comes from the files module's SQL: the list sorts by it in one statement.
    const { total: totalCount, rows } = await this.users.pageForAdmin(q, this.files.videoCountSql('u.id'));
    const iso = (d: Date | string) => new Date(d).toISOString();
    return {
      data: rows.map((r) => ({
        firstName: r.firstName,
        lastName: r.lastName ?? '',
        phoneNumber: r.phoneNumber ?? '',
        dateOfJoining: iso(r.dateOfJoining),
        lastActivityDate: r.lastActivityDate ? iso(r.lastActivityDate) : null,
        email: r.email,
        registrationType: registrationTypeOf(r.tier),
        videoCount: Number(r.videoCount),
        status: r.isActive ? 1 : 0,
      })),
      currentPage: q.page,
      totalCount,
      totalPage: totalPages(totalCount, q.size),
    };
  }

  countCompanies(): Promise<number> {
    return this.users.countCompanies();
  }

  // A page of companies (admin), in one statement: the counts come from the modules that own
  // what they count (`counts`, SQL on a workspace id column), so the list sorts by any of them.
  async listCompaniesForAdmin(q: CompanyListQuery, counts: CompanyCountSql): Promise<AdminCompanyPage> {
    const { total: totalCount, rows } = await this.users.pageCompaniesForAdmin(q, counts);
    return {
      data: rows.map((r) => ({
        id: r.id,
        name: r.name,
        domain: r.domain,
        department: r.department,
        owner: r.ownerEmail ? { name: joinFullName(r.ownerFirstName ?? '', r.ownerLastName ?? null), email: r.ownerEmail } : null,
        memberCount: Number(r.memberCount),
        videoCount: Number(r.videoCount),
        eyemails: { active: Number(r.activeEyemailCount), total: Number(r.eyemailCount) },
        storageBytes: Number(r.storageBytes),
        createdDate: new Date(r.createdDate).toISOString(),
      })),
      currentPage: q.page,
      totalCount,
      totalPage: totalPages(totalCount, q.size),
    };
  }

  // Addresses of many users in one query (the admin video list names each owner).
  // A company owned by this user (company workspaces: the companies module).
  async createCompany(ownerUserId: string, fields: { name: string; domain: string; department: string }): Promise<{ id: string }> {
    const c = await this.users.insertCompany(ownerUserId, fields);
    return { id: c.id };
  }

  // Hands a company from its owner to another user; false when `fromUserId` was not its owner
  // any more (two transfers at once: the second finds nothing to change).
  async transferCompany(companyId: string, fromUserId: string, toUserId: string): Promise<boolean> {
    return this.users.setCompanyOwner(companyId, fromUserId, toUserId);
  }

  // Deletes a company and, by the database's cascades, its workspace with whatever is left in
  // it (the companies module deletes its EyeMails and media first); false when it was gone.
  deleteCompany(companyId: string): Promise<boolean> {
    return this.users.deleteCompany(companyId);
  }

  countOwnedCompanies(ownerUserId: string): Promise<number> {
    return this.users.countOwnedCompanies(ownerUserId);
  }

  // Companies by id, for lists of workspaces (one query for any number).
  async companiesOf(ids: readonly string[]): Promise<Map<string, { name: string; domain: string; department: string }>> {
    const rows = await this.users.findCompanies(ids.filter(isUuid));
    return new Map(rows.map((c) => [c.id, { name: c.name, domain: c.domain, department: c.department }]));
  }

  // Names and addresses by id, for member lists (one query for any number).
  async peopleOf(ids: readonly string[]): Promise<Map<string, { email: string; fullName: string }>> {
    const rows = await this.users.findPeople(ids.filter(isUuid));
    return new Map(rows.map((u) => [u.id, { email: u.email, fullName: joinFullName(u.firstName, u.lastName ?? null) }]));
  }

  // The name of the user's company (their brand), null for a personal account.
  companyNameOf(companyId: string | null | undefined): Promise<string | null> {
    return companyId ? this.users.companyName(companyId) : Promise.resolve(null);
  }

  async emailsOf(ids: string[]): Promise<Map<string, string>> {
    const unique = [...new Set(ids)].filter(isUuid);
    if (!unique.length) return new Map();
    const users = await this.users.findEmails(unique);
    return new Map(users.map((u) => [u.id, u.email]));
  }

  // PUT Admin/UpdateUserStatus: sets an account's status and logs who did it, in one
  // transaction; deactivating ends every session of the user at once (they are in Postgres).
  async changeStatus(actor: { id: string; email: string }, email: string, active: boolean): Promise<{ email: string; status: 1 | 0 }> {
    const target = await this.findByEmail(email);
    if (!target) throw new NotFoundError(STATUS_MESSAGES.noSuchUser);
    const refusal = statusChangeRefusal(actor.id, target, active);
    if (refusal) throw new ConflictError(refusal);
    await this.users.changeStatusLogged(target, actor, active);
    if (!active) await this.sessions.destroyForUser(target.id);
    return { email: target.email, status: active ? 1 : 0 };
  }

  // The profile picture chosen from the user's uploads (files module); null removes it.
  setProfilePicture(userId: string, picture: { fileId: string; url: string } | null): Promise<boolean> {
    return this.users.setProfilePicture(userId, picture);
  }

  // Forgets the profile picture only if it is still this file (it was deleted).
  clearProfilePictureIf(userId: string, fileId: string): Promise<void> {
    return this.users.clearProfilePictureIf(userId, fileId);
  }
}
