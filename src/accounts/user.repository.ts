import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { LockMode, sql } from '@mikro-orm/core';
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { rawSql } from '../database/raw-sql.js';
import { AccountStatusChange } from './account-status-change.entity.js';
import { Company } from './company.entity.js';
import { User } from './user.entity.js';
import { containsPattern } from '../database/like-pattern.js';
import { orderByClause, type UserListQuery } from './user-list.js';
import type { CompanyListQuery, CompanyListSort } from '../shared/admin-companies.js';

export type NewUser = Pick<User, 'email' | 'passwordHash' | 'firstName' | 'lastName' | 'tier'>;
export type NewCompany = Pick<Company, 'name' | 'domain' | 'department' | 'inviteCode'>;

// The other modules' SQL for a company workspace's counts (each a correlated subquery on the
// workspace id column it is given; a company's workspace id is the company's).
export interface CompanyCountSql {
  members: (workspaceIdColumn: string) => string;
  videos: (workspaceIdColumn: string) => string;
  eyemails: (workspaceIdColumn: string) => string;
  activeEyemails: (workspaceIdColumn: string) => string;
  storageBytes: (workspaceIdColumn: string) => string;
}

export interface CompanyListRow {
  id: string;
  name: string;
  domain: string;
  department: string;
  createdDate: Date | string;
  ownerEmail: string | null;
  ownerFirstName: string | null;
  ownerLastName: string | null;
  memberCount: number;
  videoCount: number;
  eyemailCount: number;
  activeEyemailCount: number;
  storageBytes: string | number;
}

export type UserListRow = Pick<User, 'id' | 'firstName' | 'lastName' | 'phoneNumber' | 'email' | 'tier' | 'isActive'> & {
  dateOfJoining: Date | string;
  lastActivityDate: Date | string | null;
  videoCount: number;
};

// The app_user table, its companies and its audit log, only here. Reads for a request go through the request's
// entity manager (its services change the loaded user and flush); the single-statement updates
// run on a fork of their own, outside any request's unit of work (start-up, admin, tests).
@Injectable()
export class UserRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly orm: MikroORM,
  ) {}

  private get fork(): EntityManager {
    return this.orm.em.fork();
  }

  findById(id: string): Promise<User | null> {
    return this.em.findOne(User, { id });
  }

  // Case-insensitive (addresses are unique whatever their case); `email` is normalised.
  findByEmail(email: string): Promise<User | null> {
    return this.em.findOne(User, { [sql.lower('email')]: email });
  }

  // A new active user (role user), and the company it owns when given, in one transaction on the
  // request's entity manager: both or neither. A taken address fails on the unique index.
  insertUser(fields: NewUser, company: NewCompany | null): Promise<User> {
    return this.em.transactional(async (em) => {
      const user = em.create(User, { ...fields, role: 'user', isActive: true, lastActivityAt: new Date() });
      await em.flush();
      if (company) {
        const c = em.create(Company, company);
        await em.flush();
        user.companyId = c.id;
        await em.flush();
        c.ownerUserId = user.id;
      }
      return user;
    });
  }

  async idForEmail(email: string): Promise<string | null> {
    const user = await this.fork.findOne(User, { [sql.lower('email')]: email }, { fields: ['id'] });
    return user?.id ?? null;
  }

  countWithRole(role: User['role']): Promise<number> {
    return this.em.count(User, { role });
  }

  // A company's name (the brand its members' EyeMails carry); null when there is none.
  async companyName(companyId: string): Promise<string | null> {
    const c = await this.em.findOne(Company, { id: companyId }, { fields: ['name'] });
    return c?.name ?? null;
  }

  // A company owned by an existing user; its workspace and the owner's membership are written by
  // the database in the same statement (migration 0034).
  async insertCompany(ownerUserId: string, company: Omit<NewCompany, 'inviteCode'>): Promise<Company> {
    const em = this.fork;
    const c = em.create(Company, { ...company, inviteCode: null, ownerUserId });
    await em.flush();
    return c;
  }

  async setCompanyOwner(companyId: string, fromUserId: string, toUserId: string): Promise<boolean> {
    return (await this.fork.nativeUpdate(Company, { id: companyId, ownerUserId: fromUserId }, { ownerUserId: toUserId })) > 0;
  }

  // Deletes a company; the database deletes its workspace and everything with its workspace_id
  // (members, invitations, audit log, tokens, feed links, webhooks) and forgets it as the
  // company its members signed up with (company_id set null). true when it was there.
  async deleteCompany(companyId: string): Promise<boolean> {
    return (await this.fork.nativeDelete(Company, { id: companyId })) > 0;
  }

  countOwnedCompanies(ownerUserId: string): Promise<number> {
    return this.fork.count(Company, { ownerUserId });
  }

  findCompanies(ids: readonly string[]): Promise<Pick<Company, 'id' | 'name' | 'domain' | 'department'>[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.fork.find(Company, { id: { $in: [...ids] } }, { fields: ['id', 'name', 'domain', 'department'] });
  }

  countCompanies(): Promise<number> {
    return this.fork.count(Company, {});
  }

  // One statement for a page of companies with their owners, counts and the total. Only the
  // chosen column's count is worked out for every company (to sort by it); the others only for
  // the page's rows. (fc and p: aliases the other modules' subqueries do not use.)
  async pageCompaniesForAdmin(q: CompanyListQuery, counts: CompanyCountSql): Promise<{ total: number; rows: CompanyListRow[] }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (q.key) {
      const like = containsPattern(q.key);
      where.push('(c.name ilike ? or c.domain ilike ? or o.email ilike ?)');
      params.push(like, like, like);
    }
    const sortKey: Record<CompanyListSort, string> = {
      name: 'lower(fc.name)',
      createdDate: 'fc."createdDate"',
      memberCount: counts.members('fc.id'),
      videoCount: counts.videos('fc.id'),
      eyemailCount: counts.eyemails('fc.id'),
      storageBytes: counts.storageBytes('fc.id'),
    };
    const dir = q.order === 'asc' ? 'asc' : 'desc';
    const rows = await rawSql<CompanyListRow & { total: number; id: string | null }>(
      this.orm,
      `with filtered as (
         select c.id, c.name, c.domain, c.department, c.created_at as "createdDate",
                o.email as "ownerEmail", o.first_name as "ownerFirstName", o.last_name as "ownerLastName"
         from company c left join app_user o on o.id = c.owner_user_id
         ${where.length ? `where ${where.join(' and ')}` : ''}
       ),
       page as (
         select fc.*, row_number() over (order by ${sortKey[q.sort]} ${dir} nulls last, fc."createdDate" desc, fc.id asc) as pos
         from filtered fc order by pos limit ? offset ?
       )
       select t.total, p.id, p.name, p.domain, p.department, p."createdDate", p."ownerEmail", p."ownerFirstName", p."ownerLastName",
              ${counts.members('p.id')} as "memberCount", ${counts.videos('p.id')} as "videoCount",
              ${counts.eyemails('p.id')} as "eyemailCount", ${counts.activeEyemails('p.id')} as "activeEyemailCount",
              ${counts.storageBytes('p.id')} as "storageBytes"
       from (select count(*)::int as total from filtered) t
       left join page p on true
       order by p.pos`,
      [...params, q.size, (q.page - 1) * q.size],
    );
    return { total: Number(rows[0]?.total ?? 0), rows: rows.filter((r) => r.id !== null) };
  }

  findPeople(ids: readonly string[]): Promise<Pick<User, 'id' | 'email' | 'firstName' | 'lastName'>[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.fork.find(User, { id: { $in: [...ids] } }, { fields: ['id', 'email', 'firstName', 'lastName'] });
  }

  findEmails(ids: readonly string[]): Promise<Pick<User, 'id' | 'email'>[]> {
    return this.em.find(User, { id: { $in: [...ids] } }, { fields: ['id', 'email'] });
  }

  async setLastActivity(id: string, at: Date): Promise<void> {
    await this.fork.nativeUpdate(User, { id }, { lastActivityAt: at });
  }

  // false when there is no such user.
  async setActive(id: string, active: boolean): Promise<boolean> {
    return (await this.fork.nativeUpdate(User, { id }, { isActive: active, updatedAt: new Date() })) > 0;
  }

  async setProfilePicture(id: string, picture: { fileId: string; url: string } | null): Promise<boolean> {
    const changed = await this.fork.nativeUpdate(
      User,
      { id },
      { profilePictureFileId: picture?.fileId ?? null, profilePictureUrl: picture?.url ?? null, updatedAt: new Date() },
    );
    return changed > 0;
  }

  // Only if the picture is still this file, in one statement.
  async clearProfilePictureIf(id: string, fileId: string): Promise<void> {
    await this.fork.nativeUpdate(User, { id, profilePictureFileId: fileId }, { profilePictureFileId: null, profilePictureUrl: null, updatedAt: new Date() });
  }

  // Sets the status under a row lock and logs the change with it, in one transaction; nothing
  // happens when the status is already that.
  async changeStatusLogged(target: Pick<User, 'id' | 'email'>, actor: { id: string; email: string }, active: boolean): Promise<void> {
    await this.fork.transactional(async (em) => {
      const user = await em.findOne(User, { id: target.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!user || user.isActive === active) return;
      const wasActive = user.isActive;
      user.isActive = active;
      em.create(AccountStatusChange, { actorId: actor.id, actorEmail: actor.email, userId: target.id, userEmail: target.email, wasActive, isActive: active });
      await em.flush();
    });
  }

  // The administrator from ADMIN_EMAIL: created unless an account of that address exists (a
  // concurrent start-up may create it first); true when this call created it.
  async insertAdminUnlessExists(email: string, passwordHash: string): Promise<boolean> {
    const inserted = await rawSql(
      this.orm,
      `insert into app_user (id, email, password_hash, first_name, last_name, tier, role, is_active, email_verified_at, password_changed_at)
       values (?, ?, ?, 'Admin', 'User', 'premium', 'admin', true, now(), now())
       on conflict ((lower(email))) do nothing returning id`,
      [randomUUID(), email, passwordHash],
    );
    return inserted.length > 0;
  }

  findForBootstrap(email: string): Promise<User | null> {
    return this.fork.findOne(User, { [sql.lower('email')]: email.toLowerCase() });
  }

  async makeActiveAdmin(id: string): Promise<void> {
    await this.fork.nativeUpdate(User, { id }, { role: 'admin', isActive: true, updatedAt: new Date() });
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    const now = new Date();
    await this.fork.nativeUpdate(User, { id }, { passwordHash, passwordChangedAt: now, updatedAt: now });
  }

  // One statement for a page of users (people, not the admin), their video counts and the total:
  // sorting by the video count needs the count in the same query, so the caller hands in the
  // files module's SQL for it (`videoCountSql`, a subquery on u.id).
  async pageForAdmin(q: UserListQuery, videoCountSql: string): Promise<{ total: number; rows: UserListRow[] }> {
    const where: string[] = [`u.role = 'user'`];
    const params: unknown[] = [];
    if (q.active !== null) {
      where.push('u.is_active = ?');
      params.push(q.active);
    }
    if (q.key) {
      const like = containsPattern(q.key);
      where.push(`(u.email ilike ? or u.first_name ilike ? or u.last_name ilike ? or concat_ws(' ', u.first_name, u.last_name) ilike ?)`);
      params.push(like, like, like, like);
    }
    const rows = await rawSql<UserListRow & { total: number; id: string | null }>(
      this.orm,
      `with filtered as (
         select u.id, u.first_name as "firstName", u.last_name as "lastName", u.phone_number as "phoneNumber", u.email, u.tier,
                u.is_active as "isActive", u.created_at as "dateOfJoining",
                greatest(u.last_activity_at, u.last_sign_in_at) as "lastActivityDate",
                ${videoCountSql} as "videoCount"
         from app_user u
         where ${where.join(' and ')}
       )
       select t.total, p.*
       from (select count(*)::int as total from filtered) t
       left join lateral (select * from filtered order by ${orderByClause(q.sort, q.order)} limit ? offset ?) p on true`,
      [...params, q.size, (q.page - 1) * q.size],
    );
    return { total: Number(rows[0]?.total ?? 0), rows: rows.filter((r) => r.id !== null) };
  }
}
