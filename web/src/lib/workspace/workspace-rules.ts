// What the dashboard shows in a workspace for a role, and where a switch of workspace lands.
// Pure. The server enforces every rule (403); hiding what a role cannot do is for clarity.
import { roleAllows, type WorkspaceRole } from '@shared/workspace-roles';
import type { WorkspaceView } from '@shared/workspace-types';

export type { WorkspaceRole, WorkspaceKind } from '@shared/workspace-roles';
export type { MemberView, WorkspaceView } from '@shared/workspace-types';
export { WORKSPACE_ROLE_LABELS } from '@shared/workspace-roles';

// null: the role is not known yet (the list is loading): nothing is offered until it is.
type Held = WorkspaceRole | null | undefined;

// Upload, record, create, edit, publish and delete videos and EyeMails.
export function canEdit(role: Held): boolean {
  return !!role && roleAllows(role, 'editor');
}

// API tokens and webhooks.
export function canUseIntegrations(role: Held): boolean {
  return !!role && roleAllows(role, 'admin');
}

// Change roles and remove members (never the owner).
export function canManageMembers(role: Held): boolean {
  return !!role && roleAllows(role, 'admin');
}

// Pages that mean the same in every workspace (the account, support, the product pages) stay
// open on a switch; any other lands on the new workspace's EyeMails, since what it showed (an
// EyeMail, a report, a library) was the last workspace's.
export const WORKSPACE_HOME = '/eyemails';
const NEUTRAL = ['/profile', '/settings', '/support', '/product-lines', '/campaigns', '/templates'];

export function isWorkspaceNeutral(pathname: string): boolean {
  return NEUTRAL.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export function pathAfterSwitch(pathname: string): string | null {
  return isWorkspaceNeutral(pathname) ? null : WORKSPACE_HOME;
}

// The switcher's order: the personal workspace first, then the companies by name.
export function orderWorkspaces(list: readonly WorkspaceView[]): WorkspaceView[] {
  return [...list].sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'personal' ? -1 : 1));
}

// The companies of the two tabs of My Companies: owned, and joined (any other role).
export function ownedCompanies(list: readonly WorkspaceView[]): WorkspaceView[] {
  return orderWorkspaces(list).filter((w) => w.kind === 'company' && w.role === 'owner');
}

export function joinedCompanies(list: readonly WorkspaceView[]): WorkspaceView[] {
  return orderWorkspaces(list).filter((w) => w.kind === 'company' && w.role !== 'owner');
}
