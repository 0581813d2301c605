import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { InvalidInputError, NotFoundError, UnavailableError } from '../common/domain-error.js';
import { RateLimiter } from '../common/rate-limit.service.js';
import { PgSessionStore } from '../common/session-store.js';
import { MailService } from '../mail/mail.service.js';
import { accountLink, passwordResetMail, verificationMail } from '../mail/mail-views.js';
import { ACCOUNT_MESSAGES } from './account-messages.js';
import { accountAddressSubject, FORGOT_MAILS_PER_ACCOUNT, FORGOT_PER_ACCOUNT_ADDRESS, FORGOT_PER_IP, RESEND_PER_USER } from './account-rate-limits.js';
import { TOKEN_LIFETIME_MS } from './account.rules.js';
import { AuthTokensService } from './auth-tokens.service.js';
import { PasswordHasher } from './password-hasher.js';
import { UsersService } from './users.service.js';
import type { User } from './user.entity.js';
import type { ResetPasswordDto } from './dto/recovery.dto.js';

const mailFailed = () => new UnavailableError(ACCOUNT_MESSAGES.mailFailed);

// Email verification and password reset: the emailed one-time links and what they allow.
@Injectable()
export class RecoveryService implements OnApplicationShutdown {
  private readonly logger = new Logger('Accounts');
  private readonly pending = new Set<Promise<void>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly em: EntityManager,
    private readonly users: UsersService,
    private readonly tokens: AuthTokensService,
    private readonly mail: MailService,
    private readonly hasher: PasswordHasher,
    private readonly limiter: RateLimiter,
    private readonly sessions: PgSessionStore,
  ) {}

  // Mails a verification link. Returns false (and logs) when the mail could not be sent, so
  // sign-up still succeeds while the mail server is down.
  async sendVerification(user: Pick<User, 'id' | 'email' | 'firstName'>, opts: { addressChanged?: boolean } = {}): Promise<boolean> {
    const raw = await this.tokens.issue(user.id, 'verify_email');
    const link = accountLink(this.config.publicBaseUrl, 'emailverification', raw);
    try {
      const hours = TOKEN_LIFETIME_MS.verify_email / 3_600_000;
      await this.mail.send(user.email, verificationMail({ firstName: user.firstName, link, hours, addressChanged: opts.addressChanged }));
      return true;
    } catch (e) {
      this.logger.error(`Could not send the verification email for user ${user.id}: ${(e as Error).message}`);
      return false;
    }
  }

  async resendVerification(userId: string): Promise<void> {
    await this.limiter.consume([RESEND_PER_USER, userId]);
    const user = await this.users.findById(userId);
    if (!user) throw new NotFoundError('Not found.');
    if (user.emailVerifiedAt) throw new InvalidInputError(ACCOUNT_MESSAGES.alreadyVerified);
    if (!(await this.sendVerification(user))) throw mailFailed();
  }

  // A link of an account whose address is verified (used twice: a second click, another device)
  // answers alreadyVerified rather than "invalid or expired", so the page can offer sign-in. A
  // link that cannot verify an unverified address (used, expired, or older than an address
  // change) stays invalid.
  async verifyEmail(raw: unknown): Promise<{ alreadyVerified: boolean }> {
    const found = await this.tokens.findWithState(raw, 'verify_email');
    const user = found && (await this.users.findById(found.token.userId));
    if (!found || !user) throw new InvalidInputError(ACCOUNT_MESSAGES.verificationLinkInvalid);
    if (found.state === 'usable' && (await this.tokens.claim(found.token))) {
      user.emailVerifiedAt ??= new Date();
      await this.tokens.useAll(user.id, 'verify_email');
      await this.em.flush();
      return { alreadyVerified: false };
    }
    if (user.emailVerifiedAt) return { alreadyVerified: true };
    throw new InvalidInputError(ACCOUNT_MESSAGES.verificationLinkInvalid);
  }

  // Answers every address alike (no way to learn whether an account exists): the reset mail, for
  // an active account only, is prepared and sent after the answer, so neither the answer nor its
  // time depends on the address. A mail that cannot be sent is logged.
  async forgotPassword(email: string, ip: string | undefined): Promise<void> {
    await this.limiter.consume([FORGOT_PER_IP, ip], [FORGOT_PER_ACCOUNT_ADDRESS, accountAddressSubject(email, ip)]);
    this.inBackground(this.mailResetLink(email));
  }

  private async mailResetLink(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user || !user.isActive) return;
    if (!(await this.limiter.allow(FORGOT_MAILS_PER_ACCOUNT, user.id))) {
      this.logger.warn(`Password reset mail for user ${user.id} not sent: ${FORGOT_MAILS_PER_ACCOUNT.limit} already sent this hour`);
      return;
    }
    const raw = await this.tokens.issue(user.id, 'reset_password');
    const link = accountLink(this.config.publicBaseUrl, 'resetpassword', raw);
    try {
      await this.mail.send(user.email, passwordResetMail({ firstName: user.firstName, link, minutes: TOKEN_LIFETIME_MS.reset_password / 60_000 }));
    } catch (e) {
      this.logger.error(`Could not send the password reset email for user ${user.id}: ${(e as Error).message}`);
    }
  }

  private inBackground(work: Promise<void>): void {
    const p = work.catch((e) => this.logger.error(`Password reset mail failed: ${(e as Error).message}`)).finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  // Shutting down waits for reset mails already under way.
  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  // A used or expired link says so (the sign-in page shows why the link did not work).
  private async usableResetToken(raw: unknown) {
    const found = await this.tokens.findWithState(raw, 'reset_password');
    const user = found && (await this.users.findById(found.token.userId));
    if (!found || !user || !user.isActive) throw new InvalidInputError(ACCOUNT_MESSAGES.resetLinkInvalid);
    if (found.state === 'used') throw new InvalidInputError(ACCOUNT_MESSAGES.resetLinkUsed);
    if (found.state === 'expired') throw new InvalidInputError(ACCOUNT_MESSAGES.resetLinkExpired);
    return { token: found.token, user };
  }

  async validateResetToken(raw: unknown): Promise<void> {
    await this.usableResetToken(raw);
  }

  // Sets the new password, uses up the link (and any older ones) and ends every session of the
  // user, wherever they were signed in.
  async resetPassword(dto: ResetPasswordDto): Promise<void> {
    const { token, user } = await this.usableResetToken(dto.token);
    if (!(await this.tokens.claim(token))) throw new InvalidInputError(ACCOUNT_MESSAGES.resetLinkUsed);
    const now = new Date();
    user.passwordHash = await this.hasher.hash(dto.password);
    user.passwordChangedAt = now;
    // The link arrived in the mailbox, which proves the address too.
    user.emailVerifiedAt ??= now;
    await this.tokens.useAll(user.id, 'reset_password');
    await this.em.flush();
    await this.sessions.destroyForUser(user.id);
  }
}
