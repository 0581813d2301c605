import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { WorkspacesModule } from '../workspaces/workspaces.module.js';
import { CompaniesController } from './companies.controller.js';
import { CompaniesService } from './companies.service.js';
import { MembersController } from './members.controller.js';
import { MembersService } from './members.service.js';

// Companies: the workspaces a person belongs to, new companies, members and their roles.
@Module({
  imports: [AccountsModule, WorkspacesModule],
  controllers: [CompaniesController, MembersController],
  providers: [CompaniesService, MembersService],
})
export class CompaniesModule {}
