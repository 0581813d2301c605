import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { MailModule } from '../mail/mail.module.js';
import { WorkspacesModule } from '../workspaces/workspaces.module.js';
import { CompaniesController } from './companies.controller.js';
import { CompaniesService } from './companies.service.js';
import { InvitationAudit } from './invitation-audit.js';
import { InvitationRepository } from './invitation.repository.js';
import { InvitationLinksController, InvitationsController } from './invitations.controller.js';
import { InvitationsService } from './invitations.service.js';
import { MembersController } from './members.controller.js';
import { MembersService } from './members.service.js';

// Companies: the workspaces a person belongs to, new companies, members and their roles.
@Module({
  imports: [AccountsModule, WorkspacesModule, MailModule],
  controllers: [CompaniesController, MembersController, InvitationsController, InvitationLinksController],
  providers: [CompaniesService, MembersService, InvitationRepository, InvitationsService, InvitationAudit],
})
export class CompaniesModule {}
