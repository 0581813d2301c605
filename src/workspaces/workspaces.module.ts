import { Module } from '@nestjs/common';
import { WorkspaceRepository } from './workspace.repository.js';
import { WorkspacesService } from './workspaces.service.js';
import { AuditLogRepository } from './audit-log.repository.js';
import { AuditLogService } from './audit-log.service.js';

// Workspaces and their members: who may act in which workspace, with which role, and the audit
// log of who changed that. It needs nothing but the database, so the accounts module's AuthGuard
// can ask it on every request and every module can write the log. Companies (their names,
// invitations, the pages) are the companies module's, above.
@Module({
  providers: [WorkspaceRepository, WorkspacesService, AuditLogRepository, AuditLogService],
  exports: [WorkspacesService, AuditLogService],
})
export class WorkspacesModule {}
