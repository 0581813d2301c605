import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok } from '../common/api-response.js';
import { CurrentUser, Public, type AuthUser } from '../common/auth/auth.decorators.js';
import { AccountScope, WorkspaceScope } from '../common/auth/workspace-access.js';
import { ValidBody } from '../common/validation/input.pipe.js';
import { INVITATION_DAYS, INVITATION_MESSAGES, invitedMessage, joinedMessage } from '../shared/invitation-types.js';
import { AcceptedInvitationDto, InvitationPreviewDto, InvitationViewDto, InviteDto, InviteResultDto } from './dto/invitation.dto.js';
import { InvitationsService } from './invitations.service.js';

// The current company's invitations (X-Workspace-Id), for its owner and admins.
@ApiTags('workspaces and companies')
@Controller('workspace/invitations')
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Post()
  @HttpCode(201)
  @WorkspaceScope('admin')
  @ApiOperation({
    summary: `Invite people to the current company with a role: each address gets a mail with a link that works once, for ${INVITATION_DAYS} days, for an account with that address. Members and addresses already invited are reported, not invited. Seats (COMPANY_SEATS: members plus pending invitations) and invitations per hour are limited (409, 429)`,
  })
  @ApiCreatedResponse({ type: InviteResultDto })
  async invite(@CurrentUser() user: AuthUser, @ValidBody() form: InviteDto) {
    const result = await this.invitations.invite(user, form.emails, form.role);
    return ok(result, invitedMessage(result.invited.length, result.skipped.length));
  }

  @Get()
  @WorkspaceScope('admin')
  @ApiOperation({ summary: "The current company's pending invitations (expired ones too, to resend or revoke), the newest first" })
  @ApiOkResponse({ type: InvitationViewDto, isArray: true })
  list(@CurrentUser() user: AuthUser) {
    return this.invitations.list(user);
  }

  @Post(':id/resend')
  @HttpCode(200)
  @WorkspaceScope('admin')
  @ApiOperation({ summary: `Send a pending or expired invitation again: a new link, valid ${INVITATION_DAYS} days; the older link stops working` })
  @ApiOkResponse({ type: InvitationViewDto })
  async resend(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return ok(await this.invitations.resend(user, id), 'The invitation was sent again.');
  }

  @Delete(':id')
  @WorkspaceScope('admin')
  @ApiOperation({ summary: 'Revoke a pending invitation: its link stops working and its seat is free' })
  async revoke(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    await this.invitations.revoke(user, id);
    return ok(null, INVITATION_MESSAGES.revoked);
  }
}

// An invitation link (/invitations/<token> in the dashboard): what it is for, and accepting it.
@ApiTags('workspaces and companies')
@Controller('invitations')
export class InvitationLinksController {
  constructor(private readonly invitations: InvitationsService) {}

  @Public()
  @Get(':token')
  @ApiOperation({ summary: 'What an invitation link is for (company, inviter, role, invited address); 404 for a link that is not one, 410 for one used, revoked or expired' })
  @ApiOkResponse({ type: InvitationPreviewDto })
  preview(@Param('token') token: string) {
    return this.invitations.preview(token);
  }

  @Post(':token/accept')
  @HttpCode(200)
  @AccountScope()
  @ApiOperation({
    summary:
      'Accept an invitation: only the signed-in account with the invited address, once verified (an account made after the invitation was sent is verified by accepting it). Adds the membership and uses the link up; answers the workspace to switch to',
  })
  @ApiOkResponse({ type: AcceptedInvitationDto })
  async accept(@CurrentUser() user: AuthUser, @Param('token') token: string) {
    const accepted = await this.invitations.accept(user, token);
    return ok(accepted, joinedMessage(accepted.companyName, accepted.role));
  }
}
