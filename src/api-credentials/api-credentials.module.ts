import { Module } from '@nestjs/common';
import { ApiCredentialsService } from './api-credentials.service.js';
import { ApiTokenRepository } from './api-token.repository.js';
import { ApiTokenStore } from './api-token-store.service.js';

// API tokens' and feed links' tables and their checking half, for the accounts module's AuthGuard
// (below accounts in the layers); making, listing and revoking them is the api-tokens module's. It needs
// nothing but the database, so the accounts module can import it without a cycle.
@Module({
  providers: [ApiTokenRepository, ApiCredentialsService, ApiTokenStore],
  exports: [ApiCredentialsService, ApiTokenStore],
})
export class ApiCredentialsModule {}
