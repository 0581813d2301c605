import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { FilesModule } from '../files/files.module.js';
import { SnippetsModule } from '../snippets/snippets.module.js';
import { MailModule } from '../mail/mail.module.js';
import { WorkspacesModule } from '../workspaces/workspaces.module.js';
import { CompaniesController } from './companies.controller.js';
import { CompaniesService } from './companies.service.js';
import { DeleteCompanyController } from './delete-company.controller.js';
import { DeleteCompanyService } from './delete-company.service.js';
import { InvitationAudit } from './invitation-audit.js';
import { InvitationRepository } from './invitation.repository.js';
import { InvitationLinksController, InvitationsController } from './invitations.controller.js';
import { InvitationsService } from './invitations.service.js';
import { LocateController } from './locate.controller.js';
import { LocateService } from './locate.service.js';
import { MembersController } from './members.controller.js';
import { MembersService } from './members.service.js';

// Companies: the workspaces a person belongs to, new companies, members and their roles, which
// workspace a shared link opens in, and deleting a company (its EyeMails and files first).
@Module({
  imports: [AccountsModule, WorkspacesModule, MailModule, SnippetsModule, FilesModule],
  controllers: [CompaniesController, LocateController, MembersController, DeleteCompanyController, InvitationsController, InvitationLinksController],
  providers: [CompaniesService, LocateService, DeleteCompanyService, MembersService, InvitationRepository, InvitationsService, InvitationAudit],
})
export class CompaniesModule {}
