import { Injectable } from '@nestjs/common';
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { sql } from '@mikro-orm/core';
import { PgSessionStore } from '../common/session-store.js';
import { normalizeEmail } from '../shared/account-rules.js';
import { shouldTouchActivity } from './account.rules.js';
import { User } from './user.entity.js';
import { toAuthUser, toUserView, type AuthUser, type UserView } from './user.mapper.js';

// Looking users up and the few changes other modules make to them (admin status, profile
// picture). Exported by AccountsModule; other modules use it, never the User entity.
@Injectable()
export class UsersService {
  constructor(
    private readonly em: EntityManager,
    private readonly orm: MikroORM,
    private readonly sessions: PgSessionStore,
  ) {}

  // Runs outside any request's unit of work (safe from start-up code, admin jobs and tests).
  private exec<T = Record<string, unknown>>(query: string, params: unknown[]): Promise<T[]> {
    return this.orm.em.fork().getConnection().execute(query, params as any[], 'all') as Promise<T[]>;
  }

  findById(id: string): Promise<User | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return Promise.resolve(null);
    return this.em.findOne(User, { id });
  }

  // Case-insensitive, as addresses are unique whatever their case.
  findByEmail(email: string): Promise<User | null> {
    return this.em.findOne(User, { [sql.lower('email')]: normalizeEmail(email) });
  }

  async isEmailTaken(email: string, exceptUserId?: string): Promise<boolean> {
    const user = await this.findByEmail(email);
    return !!user && user.id !== exceptUserId;
  }

  // last_activity_at is written at most once a minute per user, outside the request's flush.
  async touchActivity(user: Pick<User, 'id' | 'lastActivityAt'>): Promise<void> {
    const now = new Date();
    if (!shouldTouchActivity(user.lastActivityAt ?? null, now)) return;
    await this.exec('update app_user set last_activity_at = ? where id = ?', [now, user.id]);
  }

  async getView(userId: string): Promise<UserView | null> {
    const user = await this.findById(userId);
    return user ? toUserView(user) : null;
  }

  // The id of the account with this address (any case), for callers that address users by email.
  async idForEmail(email: string): Promise<string | null> {
    const rows = await this.exec<{ id: string }>('select id from app_user where lower(email) = ?', [normalizeEmail(email)]);
    return rows[0]?.id ?? null;
  }

  async getAuthUser(userId: string): Promise<AuthUser | null> {
    const user = await this.findById(userId);
    return user ? toAuthUser(user) : null;
  }

  // Activates or deactivates an account (admin). Deactivating ends every session of the user at
  // once. Returns false when there is no such user.
  async setActive(userId: string, active: boolean): Promise<boolean> {
    const rows = await this.exec('update app_user set is_active = ?, updated_at = now() where id = ? returning id', [active, userId]);
    if (!rows.length) return false;
    if (!active) await this.sessions.destroyForUser(userId);
    return true;
  }

  // The profile picture chosen from the user's uploads (files module); null removes it.
  async setProfilePicture(userId: string, picture: { fileId: string; url: string } | null): Promise<boolean> {
    const rows = await this.exec(
      'update app_user set profile_picture_file_id = ?, profile_picture_url = ?, updated_at = now() where id = ? returning id',
      [picture?.fileId ?? null, picture?.url ?? null, userId],
    );
    return rows.length > 0;
  }
}
