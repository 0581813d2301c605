import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { AuthUser, UserRole } from './auth-user.js';

export type { AuthUser, UserRole } from './auth-user.js';

export const IS_PUBLIC = 'eyemail:isPublic';
export const REQUIRED_ROLE = 'eyemail:requiredRole';

// Every route needs a session unless it is marked @Public() (deny by default).
export const Public = () => SetMetadata(IS_PUBLIC, true);

// Routes (or whole controllers) only an admin may call; checked on the server by the accounts
// module's AuthGuard.
export const AdminOnly = () => SetMetadata(REQUIRED_ROLE, 'admin' satisfies UserRole);

// Where AuthGuard leaves the signed-in user on the request.
export const AUTH_USER = Symbol('authUser');

export function authUserOf(req: object): AuthUser | undefined {
  return (req as Record<symbol, AuthUser | undefined>)[AUTH_USER];
}

// The signed-in user of a guarded route: `handler(@CurrentUser() user: AuthUser)`.
// On a @Public() route it is undefined.
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthUser | undefined =>
  authUserOf(ctx.switchToHttp().getRequest()),
);
