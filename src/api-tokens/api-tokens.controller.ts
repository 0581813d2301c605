import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok } from '../common/api-response.js';
import { CurrentUser, type AuthUser } from '../common/auth/auth.decorators.js';
import { WorkspaceScope } from '../common/auth/workspace-access.js';
import { uuidParam } from '../common/uuid-param.pipe.js';
import { SNIPPET_API_MESSAGES } from '../snippets/snippet-messages.js';
import { ValidBody } from '../common/validation/input.pipe.js';
import { CreateTokenDto } from './dto/create-token.dto.js';
import { ApiTokenViewDto, FeedLinkViewDto, NewApiTokenDto } from './dto/responses.dto.js';
import { ApiTokensService } from './api-tokens.service.js';

// The workspace's API tokens (its owner and admins: integrations) and its EyeMails' feed links,
// managed with the session only (a token cannot make, list or revoke tokens: these routes carry
// no token scope). Each acts in the caller's current workspace.
@ApiTags('api tokens and feed links')
@Controller()
export class ApiTokensController {
  constructor(private readonly tokens: ApiTokensService) {}

  @Get('api-tokens')
  @WorkspaceScope('admin')
  @ApiOperation({ summary: "The workspace's API tokens: name, who made it, first characters, scopes, created, last used (never the token itself)" })
  @ApiOkResponse({ type: ApiTokenViewDto, isArray: true })
  list(@CurrentUser() user: AuthUser) {
    return this.tokens.list(user);
  }

  @Post('api-tokens')
  @WorkspaceScope('admin')
  @HttpCode(201)
  @ApiOperation({
    summary: "Make an API token that reads the workspace's reports and feeds",
    description:
      'The answer carries the token (eym_...) this once: only its hash is kept. Send it as `Authorization: Bearer <token>`. It reads the workspace it was made in, and stops working once its maker is no longer a member there.',
  })
  @ApiCreatedResponse({ type: NewApiTokenDto })
  async create(@CurrentUser() user: AuthUser, @ValidBody() form: CreateTokenDto) {
    return ok(await this.tokens.create(user, form.name), 'Copy the token now: it is not shown again.');
  }

  @Delete('api-tokens/:id')
  @WorkspaceScope('admin')
  @ApiOperation({ summary: "Revoke an API token of the workspace (whoever made it): it stops working at once" })
  async revoke(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    await this.tokens.revoke(user, id);
    return ok(null, 'The token was revoked.');
  }

  @Get('feed-links/:snippetId')
  @WorkspaceScope('viewer')
  @ApiOperation({ summary: "The feed link you made of the workspace's EyeMail (absolute JSON, XML and CSV addresses with their key), or null when you made none" })
  @ApiOkResponse({ type: FeedLinkViewDto, description: 'null when no feed link was made' })
  feedLink(@CurrentUser() user: AuthUser, @Param('snippetId', uuidParam(SNIPPET_API_MESSAGES.notFound)) snippetId: string) {
    return this.tokens.feedLink(user, snippetId);
  }

  @Post('feed-links/:snippetId')
  @WorkspaceScope('editor')
  @HttpCode(200)
  @ApiOperation({ summary: "Make the EyeMail's feed link, or reset it: a new key, and the old link stops working. It opens the EyeMail's feeds while you are a member of its workspace" })
  @ApiOkResponse({ type: FeedLinkViewDto })
  async resetFeedLink(@CurrentUser() user: AuthUser, @Param('snippetId', uuidParam(SNIPPET_API_MESSAGES.notFound)) snippetId: string) {
    return ok(await this.tokens.resetFeedLink(user, snippetId), 'The feed link is ready. An earlier link of this EyeMail, if any, no longer works.');
  }

  @Delete('feed-links/:snippetId')
  @WorkspaceScope('editor')
  @ApiOperation({ summary: "Turn off the feed link you made of the EyeMail" })
  async removeFeedLink(@CurrentUser() user: AuthUser, @Param('snippetId', uuidParam(SNIPPET_API_MESSAGES.notFound)) snippetId: string) {
    await this.tokens.removeFeedLink(user, snippetId);
    return ok(null, 'The feed link was turned off.');
  }
}
