import { Injectable } from '@nestjs/common';
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { AuthToken } from './auth-token.entity.js';
import type { TokenPurpose } from './account.rules.js';

export type NewAuthToken = Pick<AuthToken, 'userId' | 'purpose' | 'tokenHash' | 'expiresAt'>;

// The auth_token table, only here. Reads and changes go through the request's entity manager
// (the service's callers flush them with the change the token allowed); the prune runs on a fork
// of its own, outside any request.
@Injectable()
export class AuthTokenRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly orm: MikroORM,
  ) {}

  async insert(fields: NewAuthToken): Promise<void> {
    this.em.create(AuthToken, fields);
    await this.em.flush();
  }

  findByHash(tokenHash: string, purpose: TokenPurpose): Promise<AuthToken | null> {
    return this.em.findOne(AuthToken, { tokenHash, purpose });
  }

  // Unused tokens of this purpose, whether expired or not.
  findUnused(userId: string, purpose: TokenPurpose): Promise<AuthToken[]> {
    return this.em.find(AuthToken, { userId, purpose, usedAt: null });
  }

  // One guarded statement: of two requests racing with one link, only one sees true.
  async markUsedIfOpen(id: string): Promise<boolean> {
    const rows = await this.em
      .getConnection()
      .execute('update auth_token set used_at = now() where id = ? and used_at is null and expires_at > now() returning id', [id], 'all');
    return rows.length > 0;
  }

  // Tokens are kept a week after they expire.
  async deleteExpiredForAWeek(): Promise<void> {
    await this.orm.em.fork().getConnection().execute(`delete from auth_token where expires_at < now() - interval '7 days'`);
  }
}
