import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok } from '../common/api-response.js';
import { CurrentUser, type AuthUser } from '../common/auth/auth.decorators.js';
import { WorkspaceScope } from '../common/auth/workspace-access.js';
import { ValidBody } from '../common/validation/input.pipe.js';
import { COMPANY_MESSAGES } from '../shared/workspace-types.js';
import { MemberRoleDto } from './dto/member-role.dto.js';
import { MemberViewDto } from './dto/responses.dto.js';
import { MembersService } from './members.service.js';
import { TransferDto } from './dto/transfer.dto.js';
import { AuditLogService } from '../workspaces/audit-log.service.js';
import { AuditEntryDto } from './dto/responses.dto.js';

// The members of the workspace the request acts in (X-Workspace-Id).
@ApiTags('workspaces and companies')
@Controller('workspace')
export class MembersController {
  constructor(
    private readonly members: MembersService,
    private readonly audit: AuditLogService,
  ) {}

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

  @Post('transfer')
  @HttpCode(200)
  @WorkspaceScope('owner')
  @ApiOperation({ summary: 'Hand the company to one of its admins; you become an admin' })
  async transfer(@CurrentUser() user: AuthUser, @ValidBody() form: TransferDto) {
    await this.members.transfer(user, form.userId);
    return ok(null, COMPANY_MESSAGES.transferred);
  }

  @Get('audit')
  @WorkspaceScope('admin')
  @ApiOperation({ summary: "The company's audit log, newest first, 50 at a time: pass the last id seen as `before` for the next page" })
  @ApiOkResponse({ type: AuditEntryDto, isArray: true })
  auditLog(@CurrentUser() user: AuthUser, @Query('before') before?: string) {
    const n = Number(before);
    return this.audit.page(user.workspace.id, before !== undefined && Number.isSafeInteger(n) && n > 0 ? n : null);
  }
}
