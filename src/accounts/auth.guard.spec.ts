import { Reflector } from '@nestjs/core';
import type { ExecutionContext } from '@nestjs/common';
import { ApiError } from '../common/api-response.js';
import { AdminOnly, authUserOf, Public } from '../common/auth/auth.decorators.js';
import { AuthGuard } from './auth.guard.js';
import type { UsersService } from './users.service.js';
import type { AppConfig } from '../config/config.js';
import type { ApiCaller, ApiCredentialsService } from '../api-credentials/api-credentials.service.js';
import { AccountScope, WorkspaceScope } from '../common/auth/workspace-access.js';
import { DomainError, NotFoundError } from '../common/domain-error.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { CurrentWorkspace } from '../common/auth/auth-user.js';

class Routes {
  @AccountScope() open() {}
  undeclared() {}
  @Public() publicOne() {}
  @AdminOnly() adminOne() {}
}

class WorkspaceRoutes {
  @WorkspaceScope('viewer') read() {}
  @WorkspaceScope('editor') write() {}
  @AccountScope() me() {}
}

@AdminOnly()
class AdminRoutes {
  list() {}
}

type FakeUser = { id: string; role: 'user' | 'admin'; isActive: boolean; lastActivityAt: Date | null };

function setup(users: FakeUser[], caller: ApiCaller | null = null) {
  const touched: string[] = [];
  const service = {
    findById: async (id: string) => users.find((u) => u.id === id) ?? null,
    touchActivity: async (u: FakeUser) => void touched.push(u.id),
  } as unknown as UsersService;
  // Without an API credential the session decides; with one, its maker and their membership come
  // with it (tokens end to end: test/e2e/api-tokens.e2e-spec.ts).
  const credentials = { authenticate: async () => caller } as unknown as ApiCredentialsService;
  // Everyone has a personal workspace (its id is theirs); u1 is a viewer of company c1.
  const workspaces = {
    resolve: async (userId: string, requested?: string): Promise<CurrentWorkspace> => {
      if (requested === undefined || requested === userId) return { id: userId, kind: 'personal', role: 'owner' };
      if (userId === 'u1' && requested === 'c1') return { id: 'c1', kind: 'company', role: 'viewer' };
      throw new NotFoundError('Workspace not found.');
    },
  } as unknown as WorkspacesService;
  return { guard: new AuthGuard(new Reflector(), service, { supportEmail: 'help@example.com' } as AppConfig, credentials, workspaces), touched };
}

function context(cls: new () => object, method: string, userId?: string, workspace?: string) {
  let destroyed = false;
  const req = {
    headers: workspace === undefined ? {} : { 'x-workspace-id': workspace },
    session: userId ? { userId, destroy: (cb: () => void) => ((destroyed = true), cb()) } : undefined,
  };
  const ctx = {
    getType: () => 'http',
    getHandler: () => (cls.prototype as Record<string, unknown>)[method],
    getClass: () => cls,
    switchToHttp: () => ({ getRequest: () => req }),
  } as unknown as ExecutionContext;
  return { ctx, req, wasDestroyed: () => destroyed };
}

async function statusOf(p: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    if (e instanceof DomainError) return ({ not_found: 404, forbidden: 403 } as Record<string, number>)[e.code] ?? 500;
    return (e as ApiError).getStatus();
  }
}

const ann: FakeUser = { id: 'u1', role: 'user', isActive: true, lastActivityAt: null };
const boss: FakeUser = { id: 'a1', role: 'admin', isActive: true, lastActivityAt: null };
const gone: FakeUser = { id: 'u2', role: 'user', isActive: false, lastActivityAt: null };

describe('AuthGuard', () => {
  it('denies by default without a session, and lets @Public() routes through', async () => {
    const { guard } = setup([ann]);
    expect(await statusOf(guard.canActivate(context(Routes, 'open').ctx))).toBe(401);
    expect(await statusOf(guard.canActivate(context(Routes, 'publicOne').ctx))).toBe('ok');
  });

  it('refuses a signed-in route that declares neither a workspace role nor the account scope', async () => {
    const { guard } = setup([ann, boss]);
    expect(await statusOf(guard.canActivate(context(Routes, 'undeclared', 'u1').ctx))).toBe(403);
    expect(await statusOf(guard.canActivate(context(Routes, 'undeclared', 'a1').ctx))).toBe(403);
  });

  it('puts the signed-in user on the request and records activity', async () => {
    const { guard, touched } = setup([ann]);
    const c = context(Routes, 'open', 'u1');
    expect(await guard.canActivate(c.ctx)).toBe(true);
    expect(authUserOf(c.req)).toMatchObject({ id: 'u1', role: 'user' });
    expect(touched).toEqual(['u1']);
  });

  it('refuses a deactivated user with 403 and a deleted one with 401, ending the session', async () => {
    const { guard } = setup([ann, gone]);
    const deactivated = context(Routes, 'open', 'u2');
    expect(await statusOf(guard.canActivate(deactivated.ctx))).toBe(403);
    // The support page needs a sign-in: the message names the address to write to.
    await expect(guard.canActivate(context(Routes, 'open', 'u2').ctx)).rejects.toThrow('Please contact support at help@example.com.');
    expect(deactivated.wasDestroyed()).toBe(true);
    const deleted = context(Routes, 'open', 'nobody');
    expect(await statusOf(guard.canActivate(deleted.ctx))).toBe(401);
    expect(deleted.wasDestroyed()).toBe(true);
  });

  it('lets only admins call @AdminOnly() routes and controllers', async () => {
    const { guard } = setup([ann, boss]);
    expect(await statusOf(guard.canActivate(context(Routes, 'adminOne', 'u1').ctx))).toBe(403);
    expect(await statusOf(guard.canActivate(context(AdminRoutes, 'list', 'u1').ctx))).toBe(403);
    expect(await statusOf(guard.canActivate(context(Routes, 'adminOne', 'a1').ctx))).toBe('ok');
    expect(await statusOf(guard.canActivate(context(AdminRoutes, 'list', 'a1').ctx))).toBe('ok');
    expect(await statusOf(guard.canActivate(context(AdminRoutes, 'list').ctx))).toBe(401);
  });

  it('acts in the personal workspace unless the request names another the user belongs to', async () => {
    const { guard } = setup([ann, boss]);
    const own = context(WorkspaceRoutes, 'read', 'u1');
    expect(await guard.canActivate(own.ctx)).toBe(true);
    expect(authUserOf(own.req)?.workspace).toEqual({ id: 'u1', kind: 'personal', role: 'owner' });
    const company = context(WorkspaceRoutes, 'read', 'u1', 'c1');
    expect(await guard.canActivate(company.ctx)).toBe(true);
    expect(authUserOf(company.req)?.workspace).toEqual({ id: 'c1', kind: 'company', role: 'viewer' });
    // a workspace the caller is not in: as if it did not exist
    expect(await statusOf(guard.canActivate(context(WorkspaceRoutes, 'read', 'a1', 'c1').ctx))).toBe(404);
  });

  it('refuses a role below what the route needs with 403', async () => {
    const { guard } = setup([ann]);
    expect(await statusOf(guard.canActivate(context(WorkspaceRoutes, 'write', 'u1', 'c1').ctx))).toBe(403);
    expect(await statusOf(guard.canActivate(context(WorkspaceRoutes, 'write', 'u1').ctx))).toBe('ok');
  });

  it('answers routes about the person in their personal workspace whatever the header names', async () => {
    const { guard } = setup([ann, boss]);
    const c = context(WorkspaceRoutes, 'me', 'a1', 'c1');
    expect(await guard.canActivate(c.ctx)).toBe(true);
    expect(authUserOf(c.req)?.workspace.id).toBe('a1');
  });

  describe('with an API token or feed link', () => {
    const maker = { id: 'u1', email: 'ann@example.com', firstName: 'Ann', lastName: null, tier: 'premium', role: 'user', isActive: true, emailVerifiedAt: null, companyId: null, timezoneId: 7 } as const;
    const token = (over: Partial<ApiCaller> = {}): ApiCaller => ({ via: 'token', user: maker, workspace: { id: 'c1', kind: 'company', role: 'viewer' }, ...over });

    it("acts in the credential's workspace with the maker's role there, loading no one", async () => {
      const { guard, touched } = setup([], token());
      const c = context(WorkspaceRoutes, 'read');
      expect(await guard.canActivate(c.ctx)).toBe(true);
      expect(authUserOf(c.req)).toMatchObject({ id: 'u1', email: 'ann@example.com', timezoneId: 7, workspace: { id: 'c1', kind: 'company', role: 'viewer' } });
      // a script's calls are not the person's activity
      expect(touched).toEqual([]);
      // the maker's role still bounds it
      expect(await statusOf(guard.canActivate(context(WorkspaceRoutes, 'write').ctx))).toBe(403);
    });

    it('opens nothing once the maker is no longer a member of its workspace (401, naming the credential)', async () => {
      const removed = setup([], token({ workspace: null })).guard;
      await expect(removed.canActivate(context(WorkspaceRoutes, 'read').ctx)).rejects.toThrow('This API token is not valid');
      const feed = setup([], token({ via: 'feed-link', workspace: null })).guard;
      await expect(feed.canActivate(context(WorkspaceRoutes, 'read').ctx)).rejects.toThrow('This feed link is not valid any more');
    });

    it('refuses a deactivated maker (403), admin routes and undeclared routes', async () => {
      const deactivated = setup([], token({ user: { ...maker, isActive: false } })).guard;
      expect(await statusOf(deactivated.canActivate(context(WorkspaceRoutes, 'read').ctx))).toBe(403);
      const { guard } = setup([], token({ user: { ...maker, role: 'admin' } }));
      expect(await statusOf(guard.canActivate(context(Routes, 'adminOne').ctx))).toBe(403);
      expect(await statusOf(guard.canActivate(context(Routes, 'undeclared').ctx))).toBe(403);
    });
  });
});
