import { Injectable, Logger } from '@nestjs/common';
import type { InvitableRole } from '../shared/invitation-types.js';

export type InvitationEventKind = 'sent' | 'resent' | 'accepted' | 'revoked';

export interface InvitationEvent {
  kind: InvitationEventKind;
  workspaceId: string;
  invitationId: string;
  // who did it: the inviter (sent, resent, revoked) or the new member (accepted)
  actorId: string;
  email: string;
  role: InvitableRole;
}

// The one place an invitation's life is recorded: InvitationsService reports here each
// invitation sent, resent, accepted and revoked, once it happened (committed). For now a log
// line; the audit log hooks in here.
@Injectable()
export class InvitationAudit {
  private readonly logger = new Logger('Invitations');

  record(event: InvitationEvent): void {
    this.logger.log(`Invitation ${event.invitationId} ${event.kind} (workspace ${event.workspaceId}, role ${event.role}, by user ${event.actorId})`);
  }
}
