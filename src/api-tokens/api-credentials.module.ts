import { Module } from '@nestjs/common';
import { ApiCredentialsService } from './api-credentials.service.js';
import { ApiTokenRepository } from './api-token.repository.js';

// The checking half of API tokens and feed links, for the accounts module's AuthGuard. It needs
// nothing but the database, so the accounts module can import it without a cycle.
@Module({
  providers: [ApiTokenRepository, ApiCredentialsService],
  exports: [ApiTokenRepository, ApiCredentialsService],
})
export class ApiCredentialsModule {}
