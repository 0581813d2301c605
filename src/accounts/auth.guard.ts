import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { forbidden, unauthorized } from '../common/api-response.js';
import { AUTH_USER, IS_PUBLIC, REQUIRED_ROLE } from '../common/auth/auth.decorators.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { deactivatedMessage } from './account-messages.js';
import { UsersService } from './users.service.js';
import { toAuthUser } from './user.mapper.js';
import { isClosedByBeacon } from './beacon-close.js';
import { isSessionOutdated } from './account.rules.js';

function destroySession(req: Request): Promise<void> {
  return new Promise((resolve) => (req.session ? req.session.destroy(() => resolve()) : resolve()));
}

// Registered globally (APP_GUARD): every route needs a signed-in, active user unless marked
// @Public(); @AdminOnly() routes also need the admin role. The user is loaded on each request,
// so a deactivation or deletion takes effect at once.
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    const targets = [ctx.getHandler(), ctx.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) ?? false;
    const role = this.reflector.getAllAndOverride<string>(REQUIRED_ROLE, targets);
    const req = ctx.switchToHttp().getRequest<Request>();

    if (req.session?.userId && req.session.closingAt !== undefined) {
      if (isClosedByBeacon(req.session.closingAt, Date.now())) {
        await destroySession(req);
      } else {
        delete req.session.closingAt; // the page was reloaded, not closed
      }
    }
    const userId = req.session?.userId;
    if (!userId) {
      if (isPublic) return true;
      throw unauthorized();
    }
    const user = await this.users.findById(userId);
    if (user && isSessionOutdated(req.session.signedInAt, user.passwordChangedAt)) {
      await destroySession(req);
      if (isPublic) return true;
      throw unauthorized();
    }
    if (!user || !user.isActive) {
      await destroySession(req);
      if (isPublic) return true; // a public call works without the stale session
      if (!user) throw unauthorized();
      throw forbidden(deactivatedMessage(this.config.supportEmail));
    }
    (req as unknown as Record<symbol, unknown>)[AUTH_USER] = toAuthUser(user);
    await this.users.touchActivity(user);
    if (role && user.role !== role && !isPublic) throw forbidden();
    return true;
  }
}
