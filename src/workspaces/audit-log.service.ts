import { Injectable, Logger } from '@nestjs/common';
import type { AuthUser } from '../common/auth/auth-user.js';
import { AUDIT_PAGE_SIZE, type AuditAction, type AuditEntry } from '../shared/workspace-audit.js';
import { AuditLogRepository } from './audit-log.repository.js';

// The audit log of company workspaces: every module that changes who may do what in a company
// (members, invitations, transfers, API tokens, webhooks) records it here. A personal
// workspace keeps no log: there is no one else to account to.
@Injectable()
export class AuditLogService {
  private readonly logger = new Logger('AuditLog');

  constructor(private readonly repo: AuditLogRepository) {}

  // Best effort after the change itself has been made: a failure is logged, never undoes it.
  async record(actor: Pick<AuthUser, 'id' | 'fullName' | 'workspace'>, action: AuditAction, subject: string | null = null, detail: string | null = null): Promise<void> {
    if (actor.workspace.kind !== 'company') return;
    try {
      await this.repo.insert({ workspaceId: actor.workspace.id, actorId: actor.id, actorName: actor.fullName, action, subject, detail });
    } catch (e) {
      this.logger.error({ err: e, action }, 'Could not write the audit log');
    }
  }

  page(workspaceId: string, before: number | null): Promise<AuditEntry[]> {
    return this.repo.page(workspaceId, before, AUDIT_PAGE_SIZE);
  }
}
