import { Controller, Delete, Put, Query } from '@nestjs/common';
import { AccountScope } from '../common/auth/workspace-access.js';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ok } from '../common/api-response.js';
import { CurrentUser, type AuthUser } from '../common/auth/auth.decorators.js';
import { ProfilePictureDto } from './dto/responses.dto.js';
import { ProfilePictureService } from './profile-picture.service.js';

@ApiTags('profile')
@AccountScope()
@Controller('users')
export class ProfilePictureController {
  constructor(private readonly pictures: ProfilePictureService) {}

  @Put('profile-picture')
  @ApiOperation({ summary: 'Make an uploaded picture (POST files?type=profile) the profile picture; the replaced one is deleted' })
  @ApiQuery({ name: 'profilePicture', description: 'fileId of the uploaded picture' })
  @ApiOkResponse({ type: ProfilePictureDto })
  async set(@CurrentUser() user: AuthUser, @Query('profilePicture') fileId: unknown) {
    return ok(await this.pictures.set(user.id, fileId), 'Picture updated successfully');
  }

  @Delete('profile-picture')
  @ApiOperation({ summary: 'Remove the profile picture' })
  async remove(@CurrentUser() user: AuthUser) {
    await this.pictures.remove(user.id);
    return ok(null, 'Picture removed.');
  }
}
