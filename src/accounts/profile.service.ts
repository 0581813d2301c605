import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Request } from 'express';
import { ConflictError, InvalidInputError, UnauthenticatedError } from '../common/domain-error.js';
import { RateLimiter } from '../common/rate-limit.service.js';
import { PgSessionStore } from '../common/session-store.js';
import { MESSAGES } from '../shared/account-rules.js';
import { ACCOUNT_MESSAGES } from './account-messages.js';
import { PASSWORD_CHANGE_PER_USER } from './account-rate-limits.js';
import { blankToNull } from './account.rules.js';
import { renewUserSession } from './sessions.js';
import { AuthTokensService } from './auth-tokens.service.js';
import { PasswordHasher } from './password-hasher.js';
import { RecoveryService } from './recovery.service.js';
import { ReferenceDataService } from './reference-data.service.js';
import { toProfileView, type ProfileView } from './user.mapper.js';
import { UsersService } from './users.service.js';
import type { ChangePasswordDto, UpdateProfileDto } from './dto/profile.dto.js';

// The signed-in user's own profile and password. Every method works on the caller's own
// account only: the id comes from the session, never from the request.
@Injectable()
export class ProfileService {
  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersService,
    private readonly reference: ReferenceDataService,
    private readonly tokens: AuthTokensService,
    private readonly recovery: RecoveryService,
    private readonly hasher: PasswordHasher,
    private readonly limiter: RateLimiter,
    private readonly sessions: PgSessionStore,
  ) {}

  private async load(userId: string) {
    const user = await this.users.findById(userId);
    if (!user) throw new UnauthenticatedError();
    return user;
  }

  async get(userId: string): Promise<ProfileView> {
    return toProfileView(await this.load(userId));
  }

  // A new address must be verified again: the old links are used up and a new one is mailed.
  async update(userId: string, dto: UpdateProfileDto): Promise<ProfileView> {
    const user = await this.load(userId);
    const errors: Record<string, string> = {};
    if (dto.country !== null && !(await this.reference.hasCountry(dto.country))) errors.country = MESSAGES.country;
    if (dto.timezone !== null && !(await this.reference.hasTimezone(dto.timezone))) errors.timezone = MESSAGES.timezone;
    if (Object.keys(errors).length) throw new InvalidInputError(Object.values(errors)[0], errors);

    const email = dto.email.trim();
    const addressChanged = email.toLowerCase() !== user.email.toLowerCase();
    if (addressChanged && (await this.users.isEmailTaken(email, user.id))) throw new ConflictError(ACCOUNT_MESSAGES.emailTaken, { email: ACCOUNT_MESSAGES.emailTaken });

    user.firstName = dto.firstName.trim().replace(/\s+/g, ' ');
    user.lastName = blankToNull(dto.lastName)?.replace(/\s+/g, ' ') ?? null;
    user.email = email;
    user.countryId = dto.country;
    user.timezoneId = dto.timezone;
    if (addressChanged) {
      user.emailVerifiedAt = null;
      await this.tokens.useAll(user.id, 'verify_email');
    }
    try {
      await this.em.flush();
    } catch (e) {
      if (e instanceof UniqueConstraintViolationException) throw new ConflictError(ACCOUNT_MESSAGES.emailTaken, { email: ACCOUNT_MESSAGES.emailTaken });
      throw e;
    }
    if (addressChanged) await this.recovery.sendVerification(user, { addressChanged: true });
    return toProfileView(user);
  }

  // Changing the password signs the user out everywhere else; this browser stays signed in.
  async changePassword(userId: string, dto: ChangePasswordDto, req: Request): Promise<void> {
    await this.limiter.consume([PASSWORD_CHANGE_PER_USER, userId]);
    const user = await this.load(userId);
    if (!(await this.hasher.verify(user.passwordHash, dto.currentPassword))) {
      throw new InvalidInputError(ACCOUNT_MESSAGES.currentPasswordWrong, { currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong });
    }
    user.passwordHash = await this.hasher.hash(dto.newPassword);
    user.passwordChangedAt = new Date();
    await this.em.flush();
    // A new id for this session too, so a stolen copy of its cookie stops working as well.
    await renewUserSession(req, user.id);
    await this.sessions.destroyForUser(user.id, req.sessionID);
  }
}
