import { SetMetadata } from '@nestjs/common';
import type { WorkspaceRole } from '../../shared/workspace-roles.js';

export const WORKSPACE_ROLE = 'eyemail:workspaceRole';
export const ACCOUNT_SCOPE = 'eyemail:accountScope';

// A route that reads or writes the current workspace's objects, and the least role it needs
// there (the AuthGuard refuses a lesser role with 403). Its queries filter by
// AuthUser.workspace.id, so another workspace's objects are 404.
export const WorkspaceScope = (role: WorkspaceRole) => SetMetadata(WORKSPACE_ROLE, role);

// A route about the signed-in person themselves (their profile, password, sessions, their list
// of workspaces), the same in every workspace.
export const AccountScope = () => SetMetadata(ACCOUNT_SCOPE, true);
