import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { FilesModule } from '../files/files.module.js';
import { AdminController } from './admin.controller.js';
import { AdminService } from './admin.service.js';

// The admin area's API (spec 02 section 7, Admin). Owns no tables: it composes the accounts and
// files services. The admin role is enforced on the server by AuthGuard (@AdminOnly).
@Module({
  imports: [AccountsModule, FilesModule],
  controllers: [AdminController],
  providers: [AdminService],
})
export class AdminModule {}
