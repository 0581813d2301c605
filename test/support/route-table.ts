// Every HTTP route of the running Nest app, read from its controllers' metadata (the same data
// Nest's router is built from), with the access rule each handler declares, and the routes of the
// plain Express routers mounted ahead of Nest (the recipients' viewer pages) and of the tracking
// routes answered ahead of Express, which have no guard: public. Security tests walk
// this list, so routes added later are covered (and must be classified) automatically.
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import type { INestApplication } from '@nestjs/common';
import { IS_PUBLIC, REQUIRED_ROLE } from '../../src/common/auth/auth.decorators.js';
import { ACCOUNT_SCOPE, WORKSPACE_ROLE } from '../../src/common/auth/workspace-access.js';
import { FEED_LINK, TOKEN_SCOPE } from '../../src/common/auth/api-access.js';
import type { WorkspaceRole } from '../../src/shared/workspace-roles.js';
import { routesOutsideApi } from '../../src/common/public-routes.js';
import { TRACKING_ROUTES } from '../../src/tracking/tracking-http.js';
import { VIEWER_ROUTES } from '../../src/snippets/viewer-http.js';

export type Access = 'public' | 'user' | 'admin';

export interface RouteInfo {
  method: string; // GET, POST, ...
  path: string; // '/api/snippets/:id'
  access: Access;
  // What a signed-in route acts on: the person ('account', @AccountScope) or the current
  // workspace with the least role it needs (@WorkspaceScope); null when it declares neither.
  scope: 'account' | WorkspaceRole | null;
  // an API token with this scope may call it; a feed link's key opens it
  tokenScope?: string;
  feedLink?: boolean;
  controller: string;
  handler: string;
}

function joinPaths(...parts: string[]): string {
  const p = parts
    .filter((x) => x !== undefined && x !== '' && x !== '/')
    .map((x) => x.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/');
  return `/${p}`;
}

// The app's global prefix and its exclusions (src/common/public-routes.ts), applied as Nest does.
function outsideApi(path: string, method: RequestMethod): boolean {
  return routesOutsideApi.some((r) => {
    const ex = typeof r === 'string' ? { path: r, method: RequestMethod.ALL } : r;
    return joinPaths(ex.path) === path && (ex.method === RequestMethod.ALL || ex.method === method);
  });
}

export function listRoutes(app: INestApplication, globalPrefix = 'api'): RouteInfo[] {
  const modules = app.get(ModulesContainer);
  const scanner = new MetadataScanner();
  const reflector = new Reflector();
  const out: RouteInfo[] = [];
  const controllers = [...modules.values()].flatMap((m) => [...m.controllers.values()]);
  for (const wrapper of controllers) {
    const instance = wrapper.instance as object | undefined;
    const type = wrapper.metatype as (new (...a: unknown[]) => unknown) | undefined;
    if (!instance || !type) continue;
    const controllerPaths = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, type) ?? '/');
    const proto = Object.getPrototypeOf(instance);
    for (const name of scanner.getAllMethodNames(proto)) {
      const handler = proto[name];
      const routePaths = Reflect.getMetadata(PATH_METADATA, handler);
      const method = Reflect.getMetadata(METHOD_METADATA, handler);
      if (routePaths === undefined || method === undefined) continue;
      const isPublic = reflector.getAllAndOverride<boolean>(IS_PUBLIC, [handler, type]) ?? false;
      const role = reflector.getAllAndOverride<string>(REQUIRED_ROLE, [handler, type]);
      const access: Access = role === 'admin' && !isPublic ? 'admin' : isPublic ? 'public' : 'user';
      const workspaceRole = reflector.getAllAndOverride<WorkspaceRole>(WORKSPACE_ROLE, [handler, type]);
      const tokenScope = reflector.getAllAndOverride<string>(TOKEN_SCOPE, [handler, type]);
      const feedLink = reflector.getAllAndOverride<boolean>(FEED_LINK, [handler, type]) ?? false;
      const scope = workspaceRole ?? (reflector.getAllAndOverride<boolean>(ACCOUNT_SCOPE, [handler, type]) ? 'account' : null);
      for (const cp of controllerPaths) {
        for (const rp of ([] as string[]).concat(routePaths)) {
          const bare = joinPaths(cp, rp);
          const path = outsideApi(bare, method) ? bare : joinPaths(globalPrefix, cp, rp);
          out.push({ method: RequestMethod[method as RequestMethod], path, access, scope, tokenScope, feedLink, controller: type.name, handler: name });
        }
      }
    }
  }
  out.push(...expressRouterRoutes(app));
  // The tracking routes and the viewer pages, answered on the HTTP server ahead of Express
  // (tracking/tracking-router.ts, snippets/viewer-router.ts).
  for (const path of [...TRACKING_ROUTES, ...VIEWER_ROUTES]) out.push({ method: 'GET', path, access: 'public', scope: null, controller: 'ahead of express', handler: path });
  return out.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

interface ExpressLayer {
  name?: string;
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: ExpressLayer[] };
}

// Routes of the Express routers mounted on the app with app.use (Nest's own routes are not in one).
function expressRouterRoutes(app: INestApplication): RouteInfo[] {
  const instance = app.getHttpAdapter().getInstance() as { router?: { stack?: ExpressLayer[] } };
  const out: RouteInfo[] = [];
  for (const layer of instance.router?.stack ?? []) {
    for (const inner of layer.handle?.stack ?? []) {
      if (!inner.route) continue;
      for (const method of Object.keys(inner.route.methods).filter((m) => m !== '_all' && m !== 'head')) {
        out.push({ method: method.toUpperCase(), path: inner.route.path, access: 'public', scope: null, controller: 'express router', handler: inner.route.path });
      }
    }
  }
  return out;
}

// The paths Express really routes (to check the list above against the live router).
export function expressPaths(app: INestApplication): Set<string> {
  const instance = (app.getHttpAdapter().getInstance() as { router?: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] } });
  const out = new Set<string>();
  for (const layer of instance.router?.stack ?? []) {
    if (!layer.route) continue;
    for (const m of Object.keys(layer.route.methods)) out.add(`${m.toUpperCase()} ${layer.route.path}`);
  }
  return out;
}
