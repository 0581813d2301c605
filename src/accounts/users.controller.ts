import { Controller, Get, Put, Req } from '@nestjs/common';
import { AccountScope } from '../common/auth/workspace-access.js';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ok } from '../common/api-response.js';
import { ValidBody } from '../common/validation/input.pipe.js';
import { ACCOUNT_MESSAGES } from './account-messages.js';
import { CurrentUser, type AuthUser } from '../common/auth/auth.decorators.js';
import { ProfileService } from './profile.service.js';
import { ChangePasswordDto, UpdateProfileDto } from './dto/profile.dto.js';
import { ProfileViewDto } from './dto/responses.dto.js';

@ApiTags('profile')
@AccountScope()
@Controller('users')
export class UsersController {
  constructor(private readonly profiles: ProfileService) {}

  @Get('profile')
  @ApiOperation({ summary: 'The signed-in user’s profile' })
  @ApiOkResponse({ type: ProfileViewDto })
  profile(@CurrentUser() user: AuthUser) {
    return this.profiles.get(user.id);
  }

  @Put('profile')
  @ApiOperation({ summary: 'Update name, email, country and time zone; a new email address must be verified again' })
  @ApiOkResponse({ type: ProfileViewDto })
  async updateProfile(@CurrentUser() user: AuthUser, @ValidBody() dto: UpdateProfileDto) {
    return ok(await this.profiles.update(user.id, dto), ACCOUNT_MESSAGES.profileUpdated);
  }

  @Put('profile-password')
  @ApiOperation({ summary: 'Change the password (currentPassword, newPassword); other sessions are signed out' })
  async changePassword(@CurrentUser() user: AuthUser, @ValidBody() dto: ChangePasswordDto, @Req() req: Request) {
    await this.profiles.changePassword(user.id, dto, req);
    return ok(null, ACCOUNT_MESSAGES.passwordUpdated);
  }
}
