import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { PgSessionStore } from '../common/session-store.js';
import { PasswordHasher } from './password-hasher.js';
import { UserRepository } from './user.repository.js';

// Makes sure the admin account from ADMIN_EMAIL / ADMIN_PASSWORD exists at start-up: created
// (role admin, verified, tier Premium) when missing, promoted and re-passworded when the
// environment changed. Idempotent and safe when several instances boot at once: the insert
// yields to the unique index, the rest are plain updates.
@Injectable()
export class AdminBootstrapService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Accounts');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: PgSessionStore,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { adminEmail: email, adminPassword: password } = this.config;
    if (!email || !password) return;
    if (await this.users.insertAdminUnlessExists(email, await this.hasher.hash(password))) {
      this.logger.log(`Created the admin account ${email}`);
      return;
    }
    const user = await this.users.findForBootstrap(email);
    if (!user) return;
    if (user.role !== 'admin' || !user.isActive) {
      await this.users.makeActiveAdmin(user.id);
      this.logger.log(`Gave ${email} the admin role`);
    }
    if (!(await this.hasher.verify(user.passwordHash, password))) {
      await this.users.setPasswordHash(user.id, await this.hasher.hash(password));
      // A rotated password also ends the sessions opened with the old one.
      await this.sessions.destroyForUser(user.id);
      this.logger.log(`Updated the admin password of ${email} from ADMIN_PASSWORD`);
    }
  }
}
