import { Module } from '@nestjs/common';
import { WorkspaceRepository } from './workspace.repository.js';
import { WorkspacesService } from './workspaces.service.js';

// Workspaces and their members: who may act in which workspace, with which role. It needs
// nothing but the database, so the accounts module's AuthGuard can ask it on every request.
// Companies (their names, invitations, the pages) are the companies module's, above.
@Module({
  providers: [WorkspaceRepository, WorkspacesService],
  exports: [WorkspacesService],
})
export class WorkspacesModule {}
