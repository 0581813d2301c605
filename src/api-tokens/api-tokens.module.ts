import { Module } from '@nestjs/common';
import { WorkspacesModule } from '../workspaces/workspaces.module.js';
import { SnippetsModule } from '../snippets/snippets.module.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { ApiCredentialsModule } from '../api-credentials/api-credentials.module.js';
import { ApiTokensController } from './api-tokens.controller.js';
import { ApiTokensService } from './api-tokens.service.js';

// A workspace's API tokens (Authorization: Bearer, scope reports:read) and feed links (?key= on an
// EyeMail's feed and CSV addresses): made, listed and revoked here, checked by the AuthGuard
// through ApiCredentialsModule.
@Module({
  imports: [ApiCredentialsModule, SnippetsModule, AccountsModule, WorkspacesModule],
  controllers: [ApiTokensController],
  providers: [ApiTokensService],
})
export class ApiTokensModule {}
