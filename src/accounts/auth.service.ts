import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Request, Response } from 'express';
import { ConflictError, ForbiddenError, UnauthenticatedError } from '../common/domain-error.js';
import { RateLimiter } from '../common/rate-limit.service.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { ACCOUNT_MESSAGES, deactivatedMessage } from './account-messages.js';
import { accountAddressSubject, SIGN_IN_FAILURES_PER_ACCOUNT_ADDRESS, SIGN_IN_FAILURES_PER_ADDRESS, SIGN_UP_PER_IP } from './account-rate-limits.js';
import { blankToNull } from './account.rules.js';
import { splitFullName } from '../shared/account-rules.js';
import { PasswordHasher } from './password-hasher.js';
import { RecoveryService } from './recovery.service.js';
import { endSession, startUserSession } from './sessions.js';
import type { User } from './user.entity.js';
import { UserRepository, type NewCompany } from './user.repository.js';
import { toUserView, type UserView } from './user.mapper.js';
import { UsersService } from './users.service.js';
import type { CompanySignUpDto, SignUpDto } from './dto/sign-up.dto.js';

export interface SignUpResult {
  user: UserView;
  verificationSent: boolean;
}

// Signing up, in and out. Sessions live server-side (PgSessionStore); see sessions.ts.
@Injectable()
export class AuthService {
  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly limiter: RateLimiter,
    private readonly recovery: RecoveryService,
    private readonly userRows: UserRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async signUp(dto: SignUpDto, req: Request): Promise<SignUpResult> {
    const user = await this.createUser({ fullName: dto.fullName, email: dto.email, password: dto.password, tier: dto.tier, ip: req.ip });
    return this.welcome(user, req);
  }

  // Creates the company and its first user (its owner) together, or neither.
  async companySignUp(dto: CompanySignUpDto, req: Request): Promise<SignUpResult> {
    const user = await this.createUser(
      { fullName: dto.fullName, email: dto.email, password: dto.password, tier: 'premium', ip: req.ip },
      { name: dto.companyName.trim(), domain: dto.domain.trim().toLowerCase(), department: dto.department.trim(), inviteCode: blankToNull(dto.inviteCode) },
    );
    return this.welcome(user, req);
  }

  private async createUser(
    input: { fullName: string; email: string; password: string; tier: User['tier']; ip: string | undefined },
    company: NewCompany | null = null,
  ): Promise<User> {
    await this.limiter.consume([SIGN_UP_PER_IP, input.ip]);
    const email = input.email.trim();
    // Hashed first, so a taken address costs as long as a new one.
    const passwordHash = await this.hasher.hash(input.password);
    if (await this.users.isEmailTaken(email)) throw new ConflictError(ACCOUNT_MESSAGES.emailTaken);
    const { firstName, lastName } = splitFullName(input.fullName);
    try {
      return await this.userRows.insertUser({ email, passwordHash, firstName, lastName, tier: input.tier }, company);
    } catch (e) {
      // Two sign-ups racing for one address: the unique index decides.
      if (e instanceof UniqueConstraintViolationException) throw new ConflictError(ACCOUNT_MESSAGES.emailTaken);
      throw e;
    }
  }

  // A new user is signed in straight away and sent a verification link.
  private async welcome(user: User, req: Request): Promise<SignUpResult> {
    await startUserSession(req, user.id, false);
    const verificationSent = await this.recovery.sendVerification(user);
    return { user: toUserView(user), verificationSent };
  }

  // Whose credentials these are (the local strategy's check): counted as a failure until the
  // password proves right, so a burst of guesses cannot all pass; 401 for a wrong pair, 429 while
  // held back, 403 for a deactivated account (only once the password is right).
  async checkCredentials(email: string, password: string, ip: string | undefined): Promise<User> {
    const pair = accountAddressSubject(email, ip);
    await this.limiter.attempt([SIGN_IN_FAILURES_PER_ADDRESS, ip], [SIGN_IN_FAILURES_PER_ACCOUNT_ADDRESS, pair]);
    const user = await this.users.findByEmail(email.trim());
    // Unknown addresses are checked against a decoy hash: same answer, same time.
    const matches = await this.hasher.verify(user?.passwordHash ?? null, password);
    if (!user || !matches) throw new UnauthenticatedError(ACCOUNT_MESSAGES.signInFailed);
    // The right password: this try was no failure, and the owner's own earlier ones are forgiven.
    await this.limiter.succeeded(SIGN_IN_FAILURES_PER_ADDRESS, ip, false);
    await this.limiter.succeeded(SIGN_IN_FAILURES_PER_ACCOUNT_ADDRESS, pair, true);
    if (!user.isActive) throw new ForbiddenError(deactivatedMessage(this.config.supportEmail));
    if (this.hasher.needsRehash(user.passwordHash)) user.passwordHash = await this.hasher.hash(password);
    return user;
  }

  // Signs in a user whose credentials a strategy accepted: a brand-new session (sessions.ts), a
  // 30-day cookie with rememberMe, else a browser-session one.
  async signIn(user: User, rememberMe: boolean, req: Request): Promise<UserView> {
    const now = new Date();
    user.lastSignInAt = now;
    user.lastActivityAt = now;
    await this.em.flush();
    await startUserSession(req, user.id, rememberMe);
    return toUserView(user);
  }

  // The signed-in user's view, or null when the account is gone.
  findCurrentUser(userId: string): Promise<UserView | null> {
    return this.users.findView(userId);
  }

  // Always succeeds: signing out without a session (or twice) is fine.
  signOut(req: Request, res: Response): Promise<void> {
    return endSession(req, res);
  }
}
