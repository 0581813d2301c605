import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { PgSessionStore } from '../common/session-store.js';
import { PasswordHasher } from './password-hasher.js';

// Makes sure the admin account from ADMIN_EMAIL / ADMIN_PASSWORD exists at start-up: created
// (role admin, verified, tier standard) when missing, promoted and re-passworded when the
// environment changed. Idempotent and safe when several instances boot at once: the insert
// yields to the unique index, the rest are plain updates.
@Injectable()
export class AdminBootstrapService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Accounts');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly orm: MikroORM,
    private readonly hasher: PasswordHasher,
    private readonly sessions: PgSessionStore,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { adminEmail: email, adminPassword: password } = this.config;
    if (!email || !password) return;
    const conn = this.orm.em.fork().getConnection();
    const inserted = await conn.execute(
      `insert into app_user (id, email, password_hash, first_name, last_name, tier, role, is_active, email_verified_at, password_changed_at)
       values (?, ?, ?, 'Admin', 'User', 'standard', 'admin', true, now(), now())
       on conflict ((lower(email))) do nothing returning id`,
      [randomUUID(), email, await this.hasher.hash(password)],
      'all',
    );
    if (inserted.length) {
      this.logger.log(`Created the admin account ${email}`);
      return;
    }
    const [row] = (await conn.execute('select id, password_hash, role, is_active from app_user where lower(email) = lower(?)', [email], 'all')) as {
      id: string;
      password_hash: string;
      role: string;
      is_active: boolean;
    }[];
    if (!row) return;
    if (row.role !== 'admin' || !row.is_active) {
      await conn.execute(`update app_user set role = 'admin', is_active = true, updated_at = now() where id = ?`, [row.id]);
      this.logger.log(`Gave ${email} the admin role`);
    }
    if (!(await this.hasher.verify(row.password_hash, password))) {
      await conn.execute('update app_user set password_hash = ?, password_changed_at = now(), updated_at = now() where id = ?', [await this.hasher.hash(password), row.id]);
      // A rotated password also ends the sessions opened with the old one.
      await this.sessions.destroyForUser(row.id);
      this.logger.log(`Updated the admin password of ${email} from ADMIN_PASSWORD`);
    }
  }
}
