import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { forbidden, unauthorized } from '../common/api-response.js';
import { AUTH_USER, IS_PUBLIC, REQUIRED_ROLE } from '../common/auth/auth.decorators.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { deactivatedMessage } from './account-messages.js';
import { UsersService } from './users.service.js';
import { isClosedByBeacon } from './beacon-close.js';
import { isSessionOutdated } from './account.rules.js';
import { FEED_LINK, TOKEN_SCOPE, type ApiTokenScope } from '../common/auth/api-access.js';
import { ApiCredentialsService, API_TOKEN_MESSAGES, type ApiCaller } from '../api-credentials/api-credentials.service.js';
import { WorkspacesService } from '../workspaces/workspaces.service.js';
import { ACCOUNT_SCOPE, WORKSPACE_ROLE } from '../common/auth/workspace-access.js';
import { roleAllows, WORKSPACE_HEADER, WORKSPACE_ROLE_LABELS, type WorkspaceRole } from '../shared/workspace-roles.js';
import { toAuthUser, type AuthUser, type CurrentWorkspace } from '../common/auth/auth-user.js';
import { ForbiddenError, NotFoundError, UnauthenticatedError } from '../common/domain-error.js';

const personalWorkspace = (userId: string): CurrentWorkspace => ({ id: userId, kind: 'personal', role: 'owner' });

const UNDECLARED_ROUTE = 'This call is not open to anyone yet.';

function setAuthUser(req: Request, user: AuthUser): void {
  (req as unknown as Record<symbol, unknown>)[AUTH_USER] = user;
}

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
    private readonly credentials: ApiCredentialsService,
    private readonly workspaces: WorkspacesService,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    const targets = [ctx.getHandler(), ctx.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) ?? false;
    const role = this.reflector.getAllAndOverride<string>(REQUIRED_ROLE, targets);
    const workspaceRole = this.reflector.getAllAndOverride<WorkspaceRole>(WORKSPACE_ROLE, targets);
    const accountScope = this.reflector.getAllAndOverride<boolean>(ACCOUNT_SCOPE, targets) ?? false;
    const req = ctx.switchToHttp().getRequest<Request>();

    // An API token or a feed link (api-tokens module) stands for its owner on the routes that
    // allow it, instead of any session the request also carries; public routes never look.
    if (!isPublic) {
      const access = { tokenScope: this.reflector.getAllAndOverride<ApiTokenScope>(TOKEN_SCOPE, targets), feedLink: this.reflector.getAllAndOverride<boolean>(FEED_LINK, targets) ?? false };
      const caller = await this.credentials.authenticate(req, access);
      if (caller) return this.actAsApiCaller(req, caller, role, workspaceRole, accountScope);
    }

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
    if (role && user.role !== role && !isPublic) throw forbidden();
    // Deny by default here too: a signed-in route must say what it acts on (test/e2e/
    // security-workspaces.e2e-spec.ts fails for one that does not, before it ships).
    if (!isPublic && !role && !workspaceRole && !accountScope) throw new ForbiddenError(UNDECLARED_ROUTE);
    // A public route or a site-admin one acts on no workspace's objects: the personal workspace
    // (every user has it, as its owner: migration 0034) without asking the database.
    const siteWide = isPublic || (!!role && !workspaceRole && !accountScope);
    const workspace = siteWide ? personalWorkspace(user.id) : await this.workspaceOf(user.id, req, accountScope);
    if (workspaceRole && !isPublic) this.checkRole(workspace, workspaceRole);
    setAuthUser(req, toAuthUser(user, workspace));
    await this.users.touchActivity(user);
    return true;
  }

  // The workspace the request names (WORKSPACE_HEADER) when the user is a member, else 404. A
  // route about the person themselves, or one anyone may call, works whatever the header names
  // (in the personal workspace when it names none of theirs), so a dashboard whose workspace
  // was just taken away can still load who is signed in.
  private async workspaceOf(userId: string, req: Request, lenient: boolean): Promise<CurrentWorkspace> {
    const named = req.headers[WORKSPACE_HEADER];
    const requested = typeof named === 'string' ? named.trim().toLowerCase() : '';
    // The personal workspace is asked of no one: every user has it, as its owner.
    if (requested === '' || requested === userId) return personalWorkspace(userId);
    try {
      return await this.workspaces.resolve(userId, requested);
    } catch (e) {
      if (!lenient || !(e instanceof NotFoundError)) throw e;
      return personalWorkspace(userId);
    }
  }

  private checkRole(workspace: CurrentWorkspace, needed: WorkspaceRole): void {
    if (!roleAllows(workspace.role, needed)) {
      throw new ForbiddenError(`Your role in this workspace (${WORKSPACE_ROLE_LABELS[workspace.role]}) does not allow this. Ask its owner or an admin.`);
    }
  }

  // The maker of a token or feed link, read with it (ApiCredentialsService, one query), if still
  // an active account. Never admin rights: no admin route carries a token scope, and a role check
  // refuses all the same. A token or feed link acts in its own workspace with its maker's role
  // there today: once the maker leaves or is removed from that workspace, it opens nothing.
  private actAsApiCaller(req: Request, caller: ApiCaller, role: string | undefined, workspaceRole: WorkspaceRole | undefined, accountScope: boolean): boolean {
    const { user, workspace } = caller;
    if (!user.isActive) throw forbidden(deactivatedMessage(this.config.supportEmail));
    if (role) throw forbidden();
    if (!workspaceRole && !accountScope) throw new ForbiddenError(UNDECLARED_ROUTE);
    if (!workspace) throw new UnauthenticatedError(caller.via === 'token' ? API_TOKEN_MESSAGES.invalid : API_TOKEN_MESSAGES.badFeedKey);
    if (workspaceRole) this.checkRole(workspace, workspaceRole);
    setAuthUser(req, toAuthUser(user, workspace));
    return true;
  }
}
