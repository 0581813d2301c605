import { Injectable } from '@nestjs/common';
import { ForbiddenError, NotFoundError } from '../common/domain-error.js';
import type { AuthUser } from '../common/auth/auth-user.js';
import { UsersService } from '../accounts/users.service.js';
import { WorkspacesService } from '../workspaces/workspaces.service.js';
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
    await this.target(caller, userId);
    if (!(await this.workspaces.setRole(caller.workspace.id, userId, role))) throw new ForbiddenError(COMPANY_MESSAGES.ownerStays);
  }

  async remove(caller: AuthUser, userId: string): Promise<void> {
    this.refusePersonal(caller);
    await this.target(caller, userId);
    if (!(await this.workspaces.removeMember(caller.workspace.id, userId))) throw new ForbiddenError(COMPANY_MESSAGES.ownerStays);
  }

  async leave(caller: AuthUser): Promise<void> {
    this.refusePersonal(caller);
    if (caller.workspace.role === 'owner') throw new ForbiddenError(COMPANY_MESSAGES.ownerCannotLeave);
    await this.workspaces.removeMember(caller.workspace.id, caller.id);
  }

  private refusePersonal(caller: AuthUser): void {
    if (caller.workspace.kind === 'personal') throw new ForbiddenError(COMPANY_MESSAGES.personalStays);
  }

  // A member of the caller's workspace, else 404 as for anyone unknown.
  private async target(caller: AuthUser, userId: string): Promise<void> {
    if (!isUuid(userId) || !(await this.workspaces.roleIn(userId, caller.workspace.id))) throw new NotFoundError(COMPANY_MESSAGES.memberNotFound);
  }
}
