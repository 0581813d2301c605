import { Injectable } from '@nestjs/common';
import { ConflictError, ForbiddenError, NotFoundError } from '../common/domain-error.js';
import type { AuthUser } from '../common/auth/auth-user.js';
import { UsersService } from '../accounts/users.service.js';
import { WorkspacesService } from '../workspaces/workspaces.service.js';
import { AuditLogService } from '../workspaces/audit-log.service.js';
import { WORKSPACE_ROLE_LABELS, type WorkspaceRole } from '../shared/workspace-roles.js';
import { COMPANY_MESSAGES, type MemberView } from '../shared/workspace-types.js';
import { isUuid } from '../shared/uuid.js';
import type { AssignableRole } from './dto/member-role.dto.js';

// The members of the caller's current workspace: the list, role changes, removal, leaving. A
// removed member loses access at their very next request: the AuthGuard reads the membership on
// every request, for sessions, API tokens and feed links alike.
@Injectable()
export class MembersService {
  constructor(
    private readonly users: UsersService,
    private readonly workspaces: WorkspacesService,
    private readonly audit: AuditLogService,
  ) {}

  async list(caller: AuthUser): Promise<MemberView[]> {
    const rows = await this.workspaces.membersOf(caller.workspace.id);
    const people = await this.users.peopleOf(rows.map((r) => r.userId));
    return rows.flatMap((r) => {
      const p = people.get(r.userId);
      return p ? [{ userId: r.userId, fullName: p.fullName, email: p.email, role: r.role, joinedAt: new Date(r.joinedAt).toISOString(), you: r.userId === caller.id }] : [];
    });
  }

  async setRole(caller: AuthUser, userId: string, role: AssignableRole): Promise<void> {
    this.refusePersonal(caller);
    const before = await this.target(caller, userId);
    if (!(await this.workspaces.setRole(caller.workspace.id, userId, role))) throw new ForbiddenError(COMPANY_MESSAGES.ownerStays);
    if (before !== role) await this.audit.record(caller, 'member.role_changed', await this.emailOf(userId), `${WORKSPACE_ROLE_LABELS[before]} → ${WORKSPACE_ROLE_LABELS[role]}`);
  }

  async remove(caller: AuthUser, userId: string): Promise<void> {
    this.refusePersonal(caller);
    const role = await this.target(caller, userId);
    if (!(await this.workspaces.removeMember(caller.workspace.id, userId))) throw new ForbiddenError(COMPANY_MESSAGES.ownerStays);
    await this.audit.record(caller, 'member.removed', await this.emailOf(userId), WORKSPACE_ROLE_LABELS[role]);
  }

  async leave(caller: AuthUser): Promise<void> {
    this.refusePersonal(caller);
    if (caller.workspace.role === 'owner') throw new ForbiddenError(COMPANY_MESSAGES.ownerCannotLeave);
    if (await this.workspaces.removeMember(caller.workspace.id, caller.id)) await this.audit.record(caller, 'member.left', caller.email, WORKSPACE_ROLE_LABELS[caller.workspace.role]);
  }

  // Hands the company to one of its admins; the owner becomes an admin (in one statement: the
  // company's owner changes and the database swaps the two roles, migration 0034).
  async transfer(caller: AuthUser, userId: string): Promise<void> {
    this.refusePersonal(caller);
    if ((await this.target(caller, userId)) !== 'admin') throw new ForbiddenError(COMPANY_MESSAGES.transferToAdmin);
    if (!(await this.users.transferCompany(caller.workspace.id, caller.id, userId))) throw new ConflictError(COMPANY_MESSAGES.notOwnerAnyMore);
    await this.audit.record(caller, 'ownership.transferred', await this.emailOf(userId));
  }

  private async emailOf(userId: string): Promise<string | null> {
    return (await this.users.peopleOf([userId])).get(userId)?.email ?? null;
  }

  private refusePersonal(caller: AuthUser): void {
    if (caller.workspace.kind === 'personal') throw new ForbiddenError(COMPANY_MESSAGES.personalStays);
  }

  // The role of a member of the caller's workspace, else 404 as for anyone unknown.
  private async target(caller: AuthUser, userId: string): Promise<WorkspaceRole> {
    const role = isUuid(userId) ? await this.workspaces.roleIn(userId, caller.workspace.id) : null;
    if (!role) throw new NotFoundError(COMPANY_MESSAGES.memberNotFound);
    return role;
  }
}
