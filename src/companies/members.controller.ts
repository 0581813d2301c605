import { Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok } from '../common/api-response.js';
import { CurrentUser, type AuthUser } from '../common/auth/auth.decorators.js';
import { WorkspaceScope } from '../common/auth/workspace-access.js';
import { ValidBody } from '../common/validation/input.pipe.js';
import { COMPANY_MESSAGES } from '../shared/workspace-types.js';
import { MemberRoleDto } from './dto/member-role.dto.js';
import { MemberViewDto } from './dto/responses.dto.js';
import { MembersService } from './members.service.js';

// The members of the workspace the request acts in (X-Workspace-Id).
@ApiTags('workspaces and companies')
@Controller('workspace')
export class MembersController {
  constructor(private readonly members: MembersService) {}

  @Get('members')
  @WorkspaceScope('viewer')
  @ApiOperation({ summary: "The current workspace's members and their roles, the owner first" })
  @ApiOkResponse({ type: MemberViewDto, isArray: true })
  list(@CurrentUser() user: AuthUser) {
    return this.members.list(user);
  }

  @Patch('members/:userId')
  @WorkspaceScope('admin')
  @ApiOperation({ summary: "Change a member's role (admin, editor or viewer); never the owner's" })
  async setRole(@CurrentUser() user: AuthUser, @Param('userId') userId: string, @ValidBody() form: MemberRoleDto) {
    await this.members.setRole(user, userId, form.role);
    return ok(null, COMPANY_MESSAGES.roleChanged);
  }

  @Delete('members/:userId')
  @WorkspaceScope('admin')
  @ApiOperation({ summary: 'Remove a member: they lose access at their next request; what they made stays' })
  async remove(@CurrentUser() user: AuthUser, @Param('userId') userId: string) {
    await this.members.remove(user, userId);
    return ok(null, COMPANY_MESSAGES.removed);
  }

  @Post('leave')
  @HttpCode(200)
  @WorkspaceScope('viewer')
  @ApiOperation({ summary: 'Leave the current company (the owner transfers the ownership first)' })
  async leave(@CurrentUser() user: AuthUser) {
    await this.members.leave(user);
    return ok(null, COMPANY_MESSAGES.left);
  }
}
