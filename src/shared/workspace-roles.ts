// The roles a member holds in a workspace, least first. A personal workspace has one member, its
// owner. The dashboard reads these to hide what a role cannot do; the server enforces them
// (common/auth/workspace-access.ts, the AuthGuard).
export const WORKSPACE_ROLES = ['viewer', 'editor', 'admin', 'owner'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

export type WorkspaceKind = 'personal' | 'company';

export const WORKSPACE_ROLE_LABELS: Record<WorkspaceRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  editor: 'Editor',
  viewer: 'Viewer',
};

// What each role may do, as the roles table in the docs says it.
export const WORKSPACE_ROLE_SUMMARY: Record<WorkspaceRole, string> = {
  owner: 'Everything, including transferring ownership and deleting the company.',
  admin: 'Members, invitations and integrations; everything but transfer and delete.',
  editor: 'Upload, record, create, edit, publish and delete videos and EyeMails; reports.',
  viewer: 'Reports, CSV and feeds only.',
};

export function isWorkspaceRole(x: unknown): x is WorkspaceRole {
  return typeof x === 'string' && (WORKSPACE_ROLES as readonly string[]).includes(x);
}

// true when `held` is at least `needed`.
export function roleAllows(held: WorkspaceRole, needed: WorkspaceRole): boolean {
  return WORKSPACE_ROLES.indexOf(held) >= WORKSPACE_ROLES.indexOf(needed);
}

// The header the dashboard sends with the workspace it shows; without it a session acts in the
// user's personal workspace.
export const WORKSPACE_HEADER = 'x-workspace-id';
