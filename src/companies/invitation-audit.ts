import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../common/auth/auth-user.js';
import { AuditLogService } from '../workspaces/audit-log.service.js';
import { WORKSPACE_ROLE_LABELS, type WorkspaceRole } from '../shared/workspace-roles.js';
import type { InvitableRole } from '../shared/invitation-types.js';

export type InvitationEventKind = 'sent' | 'resent' | 'accepted' | 'revoked';

export interface InvitationEvent {
  kind: InvitationEventKind;
  workspaceId: string;
  invitationId: string;
  // who did it: the inviter (sent, resent, revoked) or the new member (accepted), with their role
  // in the company
  actor: Pick<AuthUser, 'id' | 'fullName'> & { role: WorkspaceRole };
  email: string;
  role: InvitableRole;
}

// The one place an invitation's life is recorded: InvitationsService reports here each
// invitation sent, resent, accepted and revoked, once it happened (committed), and it goes to the
// company's audit log (the address as its subject, the role as its detail).
@Injectable()
export class InvitationAudit {
  constructor(private readonly log: AuditLogService) {}

  async record(event: InvitationEvent): Promise<void> {
    const actor = { id: event.actor.id, fullName: event.actor.fullName, workspace: { id: event.workspaceId, kind: 'company' as const, role: event.actor.role } };
    await this.log.record(actor, `invitation.${event.kind}`, event.email, WORKSPACE_ROLE_LABELS[event.role]);
  }
}
