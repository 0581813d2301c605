import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../common/domain-error.js';
import type { CurrentWorkspace } from '../common/auth/auth-user.js';
import { isUuid } from '../shared/uuid.js';
import { WorkspaceRepository, type Membership, type MemberRow } from './workspace.repository.js';

export type { Membership, MemberRow } from './workspace.repository.js';
import type { WorkspaceRole } from '../shared/workspace-roles.js';

export const WORKSPACE_MESSAGES = {
  notFound: 'Workspace not found.',
} as const;

// Who may act in which workspace. The AuthGuard asks it for every signed-in request.
@Injectable()
export class WorkspacesService {
  constructor(private readonly repo: WorkspaceRepository) {}

  // The caller's membership of a workspace, else 404 (whether it exists is not the caller's to
  // know). The AuthGuard asks it for the workspace a request names; the personal one it knows.
  async resolve(userId: string, workspaceId: string): Promise<CurrentWorkspace> {
    const m = isUuid(workspaceId) ? await this.repo.membership(userId, workspaceId) : null;
    if (!m) throw new NotFoundError(WORKSPACE_MESSAGES.notFound);
    return { id: m.workspaceId, kind: m.kind, role: m.role };
  }

  // The caller's role in a workspace, null when they are not a member.
  async roleIn(userId: string, workspaceId: string): Promise<WorkspaceRole | null> {
    return (await this.repo.membership(userId, workspaceId))?.role ?? null;
  }

  membershipsOf(userId: string): Promise<Membership[]> {
    return this.repo.membershipsOf(userId);
  }

  membersOf(workspaceId: string): Promise<MemberRow[]> {
    return this.repo.membersOf(workspaceId);
  }

  memberCounts(workspaceIds: readonly string[]): Promise<Map<string, number>> {
    return this.repo.memberCounts(workspaceIds);
  }

  // SQL counting the members of the workspace in `workspaceIdColumn` (the admin company list).
  memberCountSql(workspaceIdColumn: string): string {
    return WorkspaceRepository.memberCountSql(workspaceIdColumn);
  }

  addMember(workspaceId: string, userId: string, role: Exclude<WorkspaceRole, 'owner'>): Promise<boolean> {
    return this.repo.addMember(workspaceId, userId, role);
  }

  setRole(workspaceId: string, userId: string, role: Exclude<WorkspaceRole, 'owner'>): Promise<boolean> {
    return this.repo.setRole(workspaceId, userId, role);
  }

  removeMember(workspaceId: string, userId: string): Promise<boolean> {
    return this.repo.removeMember(workspaceId, userId);
  }
}
