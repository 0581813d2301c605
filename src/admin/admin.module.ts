import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { FilesModule } from '../files/files.module.js';
import { SnippetsModule } from '../snippets/snippets.module.js';
import { WorkspacesModule } from '../workspaces/workspaces.module.js';
import { AdminController } from './admin.controller.js';
import { AdminService } from './admin.service.js';

// The admin area's API (spec 02 section 7, Admin). Owns no tables: it composes the accounts and
// files services (and, for companies, the workspaces and snippets services). The admin role is enforced on the server by AuthGuard (@AdminOnly).
@Module({
  imports: [AccountsModule, FilesModule, WorkspacesModule, SnippetsModule],
  controllers: [AdminController],
  providers: [AdminService],
})
export class AdminModule {}
