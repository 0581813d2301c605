import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { FilesModule } from '../files/files.module.js';
import { MailModule } from '../mail/mail.module.js';
import { ApiCredentialsModule } from '../api-credentials/api-credentials.module.js';
import { WorkspacesModule } from '../workspaces/workspaces.module.js';
import { AccountsController } from './accounts.controller.js';
import { AccountHousekeepingService } from './account-housekeeping.service.js';
import { AdminBootstrapService } from './admin-bootstrap.service.js';
import { AuthGuard } from './auth.guard.js';
import { AuthService } from './auth.service.js';
import { AuthTokensService } from './auth-tokens.service.js';
import { AuthTokenRepository } from './auth-token.repository.js';
import { LocalStrategy } from './local.strategy.js';
import { AuthToken } from './auth-token.entity.js';
import { AccountStatusChange } from './account-status-change.entity.js';
import { Company } from './company.entity.js';
import { Country } from './country.entity.js';
import { PasswordHasher } from './password-hasher.js';
import { ProfileService } from './profile.service.js';
import { ProfilePictureController } from './profile-picture.controller.js';
import { ProfilePictureService } from './profile-picture.service.js';
import { RecoveryService } from './recovery.service.js';
import { ReferenceDataController } from './reference-data.controller.js';
import { ReferenceDataService } from './reference-data.service.js';
import { ReferenceDataRepository } from './reference-data.repository.js';
import { SignOutController } from './sign-out.controller.js';
import { Timezone } from './timezone.entity.js';
import { User } from './user.entity.js';
import { UsersController } from './users.controller.js';
import { UsersService } from './users.service.js';
import { UserRepository } from './user.repository.js';

// Accounts: sign-up/in/out, sessions, one-time links, profile, countries and time zones, and the
// global AuthGuard (deny by default; see common/auth/auth.decorators.ts for @Public, @AdminOnly, @CurrentUser).
@Module({
  imports: [MikroOrmModule.forFeature([User, Company, AuthToken, Country, Timezone, AccountStatusChange]), MailModule, FilesModule, ApiCredentialsModule, WorkspacesModule],
  controllers: [AccountsController, SignOutController, UsersController, ReferenceDataController, ProfilePictureController],
  providers: [
    UserRepository,
    AuthTokenRepository,
    ReferenceDataRepository,
    UsersService,
    AuthService,
    LocalStrategy,
    AuthTokensService,
    RecoveryService,
    ProfileService,
    ProfilePictureService,
    ReferenceDataService,
    PasswordHasher,
    AdminBootstrapService,
    AccountHousekeepingService,
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
  exports: [UsersService, ReferenceDataService],
})
export class AccountsModule {}
