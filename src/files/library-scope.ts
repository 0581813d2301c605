// Pure: who acts on the video library, in which workspace, and what their role there lets them do.
// Every media file, encoding and resumable upload belongs to one workspace (workspace_id): the
// caller's personal one (its id is theirs) or a company's. owner_id stays who uploaded it.
import type { AuthUser } from '../common/auth/auth-user.js';
import { ForbiddenError } from '../common/domain-error.js';
import { roleAllows, WORKSPACE_ROLE_LABELS, type WorkspaceRole } from '../shared/workspace-roles.js';
import type { FileKind } from './upload-rules.js';

export interface LibraryCaller {
  userId: string;
  // AuthUser.workspace.id: the workspace the request acts in
  workspaceId: string;
  role: WorkspaceRole;
}

export function libraryCallerOf(user: Pick<AuthUser, 'id' | 'workspace'>): LibraryCaller {
  return { userId: user.id, workspaceId: user.workspace.id, role: user.workspace.role };
}

// A user in their personal workspace (its id is theirs; they own it).
export function personalCaller(userId: string): LibraryCaller {
  return { userId, workspaceId: userId, role: 'owner' };
}

export function isPersonalWorkspace(c: Pick<LibraryCaller, 'userId' | 'workspaceId'>): boolean {
  return c.workspaceId === c.userId;
}

// Files that belong to the person who uploaded them, not to a workspace: a profile picture (the
// accounts module's) and an attachment of a support inquiry (the support module's), which those
// modules look for in the person's personal workspace. They go there whatever workspace the upload
// was sent in, and only the uploader sees or deletes them, from any workspace.
export const PERSONAL_FILE_KINDS: readonly FileKind[] = ['profile', 'attachment'];

export function isPersonalKind(kind: FileKind): boolean {
  return PERSONAL_FILE_KINDS.includes(kind);
}

// Where the caller's upload of `kind` goes: the workspace they act in, or for a personal kind
// their personal workspace.
export function uploadTarget(caller: LibraryCaller, kind: FileKind): LibraryCaller {
  return isPersonalKind(kind) ? personalCaller(caller.userId) : caller;
}

// Uploading, recording, encoding, renaming, cutting and deleting a workspace's videos.
export const LIBRARY_EDIT_ROLE: WorkspaceRole = 'editor';

// The refusal a member whose role does not allow a change gets: the AuthGuard's for a route's
// @WorkspaceScope role, in the same words (403).
export function assertCanEdit(caller: LibraryCaller): void {
  if (!roleAllows(caller.role, LIBRARY_EDIT_ROLE)) {
    throw new ForbiddenError(`Your role in this workspace (${WORKSPACE_ROLE_LABELS[caller.role]}) does not allow this. Ask its owner or an admin.`);
  }
}
