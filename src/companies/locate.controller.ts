import { Controller, Get, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiQuery, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthUser } from '../common/auth/auth.decorators.js';
import { AccountScope } from '../common/auth/workspace-access.js';
import { LocateService } from './locate.service.js';

class LocatedDto {
  @ApiProperty({ format: 'uuid', description: 'The workspace to act in (X-Workspace-Id) to open it' }) workspaceId: string;
}

@ApiTags('workspaces and companies')
@Controller('workspaces')
@AccountScope()
export class LocateController {
  constructor(private readonly locator: LocateService) {}

  @Get('locate')
  @ApiOperation({
    summary: 'The workspace a shared link opens in: the one an EyeMail or a video belongs to, when you are a member of it, whichever workspace you act in',
  })
  @ApiQuery({ name: 'eyemail', required: false, description: "An EyeMail's id (its page or its report)" })
  @ApiQuery({ name: 'video', required: false, description: "A video's file id" })
  @ApiOkResponse({ type: LocatedDto })
  @ApiNotFoundResponse({ description: 'No such EyeMail or video in a workspace of yours: the answer of a missing one' })
  locate(@CurrentUser() user: AuthUser, @Query('eyemail') eyemail?: string, @Query('video') video?: string) {
    return this.locator.locate(user.id, LocateService.targetOf(eyemail, video));
  }
}
