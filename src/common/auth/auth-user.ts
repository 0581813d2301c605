import { joinFullName, type Tier } from '../../shared/account-rules.js';
import type { WorkspaceKind, WorkspaceRole } from '../../shared/workspace-roles.js';

// The roles a user may hold (stored in app_user.role; accounts/user.entity.ts uses this list).
export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

// The signed-in user as every module sees it (@CurrentUser()); never the entity. The accounts
// module's AuthGuard builds it (toAuthUser below) and puts it on the request.
export interface AuthUser {
  id: string;
  email: string;
  fullName: string;
  firstName: string;
  lastName: string | null;
  tier: Tier;
  role: UserRole;
  emailVerified: boolean;
  companyId: string | null;
  // the profile's time zone (an id of GET timezones), null when it names none: what a report
  // read needs, so it does not load the user again
  timezoneId: number | null;
  // The workspace the request acts in (the dashboard's X-Workspace-Id header, an API token's or
  // feed link's workspace, else the personal one, whose id is the user's) and the caller's role
  // there. Every object query filters by workspace.id.
  workspace: CurrentWorkspace;
}

export interface CurrentWorkspace {
  id: string;
  kind: WorkspaceKind;
  role: WorkspaceRole;
}

// The fields toAuthUser reads: a User entity fits, and so does the row an API token is read with
// (api-credentials/api-token.repository.ts).
export interface AuthUserFields {
  id: string;
  email: string;
  firstName: string;
  lastName?: string | null;
  tier: Tier;
  role: UserRole;
  emailVerifiedAt?: Date | null;
  companyId?: string | null;
  timezoneId?: number | null;
}

// Who the user is, acting in `workspace`.
export function toAuthUser(u: AuthUserFields, workspace: CurrentWorkspace): AuthUser {
  return {
    id: u.id,
    email: u.email,
    fullName: joinFullName(u.firstName, u.lastName ?? null),
    firstName: u.firstName,
    lastName: u.lastName ?? null,
    tier: u.tier,
    role: u.role,
    emailVerified: !!u.emailVerifiedAt,
    companyId: u.companyId ?? null,
    timezoneId: u.timezoneId ?? null,
    workspace,
  };
}
