import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok } from '../common/api-response.js';
import { CurrentUser, type AuthUser } from '../common/auth/auth.decorators.js';
import { uuidParam } from '../common/uuid-param.pipe.js';
import { SNIPPET_API_MESSAGES } from '../snippets/snippet-messages.js';
import { ValidBody } from '../common/validation/input.pipe.js';
import { CreateTokenDto } from './dto/create-token.dto.js';
import { ApiTokenViewDto, FeedLinkViewDto, NewApiTokenDto } from './dto/responses.dto.js';
import { ApiTokensService } from './api-tokens.service.js';

// Personal API tokens and feed links, managed with the session only (a token cannot make,
// list or revoke tokens: these routes carry no token scope).
@ApiTags('api tokens and feed links')
@Controller()
export class ApiTokensController {
  constructor(private readonly tokens: ApiTokensService) {}

  @Get('api-tokens')
  @ApiOperation({ summary: 'Your API tokens: name, first characters, scopes, created, last used (never the token itself)' })
  @ApiOkResponse({ type: ApiTokenViewDto, isArray: true })
  list(@CurrentUser() user: AuthUser) {
    return this.tokens.list(user.id);
  }

  @Post('api-tokens')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Make an API token that reads your reports and feeds',
    description: 'The answer carries the token (eym_...) this once: only its hash is kept. Send it as `Authorization: Bearer <token>`.',
  })
  @ApiCreatedResponse({ type: NewApiTokenDto })
  async create(@CurrentUser() user: AuthUser, @ValidBody() form: CreateTokenDto) {
    return ok(await this.tokens.create(user.id, form.name), 'Copy the token now: it is not shown again.');
  }

  @Delete('api-tokens/:id')
  @ApiOperation({ summary: 'Revoke an API token: it stops working at once' })
  async revoke(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    await this.tokens.revoke(user.id, id);
    return ok(null, 'The token was revoked.');
  }

  @Get('feed-links/:snippetId')
  @ApiOperation({ summary: "Your EyeMail's feed link (absolute JSON, XML and CSV addresses with their key), or null when none was made" })
  @ApiOkResponse({ type: FeedLinkViewDto, description: 'null when no feed link was made' })
  feedLink(@CurrentUser() user: AuthUser, @Param('snippetId', uuidParam(SNIPPET_API_MESSAGES.notFound)) snippetId: string) {
    return this.tokens.feedLink(user.id, snippetId);
  }

  @Post('feed-links/:snippetId')
  @HttpCode(200)
  @ApiOperation({ summary: "Make your EyeMail's feed link, or reset it: a new key, and the old link stops working" })
  @ApiOkResponse({ type: FeedLinkViewDto })
  async resetFeedLink(@CurrentUser() user: AuthUser, @Param('snippetId', uuidParam(SNIPPET_API_MESSAGES.notFound)) snippetId: string) {
    return ok(await this.tokens.resetFeedLink(user.id, snippetId), 'The feed link is ready. An earlier link of this EyeMail, if any, no longer works.');
  }

  @Delete('feed-links/:snippetId')
  @ApiOperation({ summary: "Turn your EyeMail's feed link off" })
  async removeFeedLink(@CurrentUser() user: AuthUser, @Param('snippetId', uuidParam(SNIPPET_API_MESSAGES.notFound)) snippetId: string) {
    await this.tokens.removeFeedLink(user.id, snippetId);
    return ok(null, 'The feed link was turned off.');
  }
}
