import { Controller, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ok } from '../common/api-response.js';
import { CurrentUser, type AuthUser } from '../common/auth/auth.decorators.js';
import { AccountScope } from '../common/auth/workspace-access.js';
import { uuidParam } from '../common/uuid-param.pipe.js';
import { ValidBody } from '../common/validation/input.pipe.js';
import { AccountNotifySettingDto, FollowSnippetDto, SnippetNotifySettingDto } from './dto/notify-setting.dto.js';
import { NotificationsService, type Caller } from './notifications.service.js';
import { SNIPPET_MESSAGES } from '../shared/snippet-rules.js';

// The person's notifications: the bell's latest events and what mails (session only). About the
// person, whatever workspace the dashboard shows: the mails and the bell go to an EyeMail's
// creator and the members following it. The choice for one EyeMail (settings/{id}, follow/{id})
// names an EyeMail of the current workspace.
const callerOf = (user: AuthUser): Caller => ({ userId: user.id, workspaceId: user.workspace.id });

@ApiTags('notifications')
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @AccountScope()
  @ApiOperation({ summary: 'The latest 20 events of named recipients (the bell) and how many are unread' })
  latest(@CurrentUser() user: AuthUser) {
    return this.notifications.latest(user.id);
  }

  // Session only, like the rest of the bell: the dashboard's, not an integration's (an API token
  // is refused, no scope covers it).
  @Get('stream')
  @AccountScope()
  @ApiProduces('text/event-stream')
  @ApiOperation({
    summary: 'The unread count, live (server-sent events)',
    description:
      '`event: unread` with the count as its data at once and on every change (within a few seconds of an event recorded by another process), ' +
      'a comment line every 25 s, `retry: 5000`. Ends when the session does (sign-out) and when the server stops. ' +
      'At most 5 open per user and server process: one more is a 429 (the dashboard then polls GET /api/notifications).',
  })
  stream(@CurrentUser() user: AuthUser, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.notifications.openStream(user.id, req.sessionID, req, res);
  }

  @Post('read')
  @AccountScope()
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark every event read' })
  async read(@CurrentUser() user: AuthUser) {
    await this.notifications.markRead(user.id);
    return ok(null, 'Marked read.');
  }

  @Get('settings')
  @AccountScope()
  @ApiOperation({ summary: 'The account default: which events mail you' })
  accountSetting(@CurrentUser() user: AuthUser) {
    return this.notifications.accountSetting(user.id);
  }

  @Put('settings')
  @AccountScope()
  @ApiOperation({ summary: 'Change the account default' })
  async saveAccountSetting(@CurrentUser() user: AuthUser, @ValidBody() body: AccountNotifySettingDto) {
    return ok(await this.notifications.saveAccountSetting(user.id, body), 'Default notification settings saved.');
  }

  @Get('settings/:snippetId')
  @AccountScope()
  @ApiOperation({ summary: "An EyeMail's choice (inherit: it follows the account default)" })
  snippetSetting(@CurrentUser() user: AuthUser, @Param('snippetId', uuidParam(SNIPPET_MESSAGES.notFound)) id: string) {
    return this.notifications.snippetSetting(callerOf(user), id);
  }

  @Put('settings/:snippetId')
  @AccountScope()
  @ApiOperation({ summary: "Change an EyeMail's choice, or { inherit: true } to follow the account default" })
  async saveSnippetSetting(@CurrentUser() user: AuthUser, @Param('snippetId', uuidParam(SNIPPET_MESSAGES.notFound)) id: string, @ValidBody() body: SnippetNotifySettingDto) {
    return ok(await this.notifications.saveSnippetSetting(callerOf(user), id, body), 'Notification settings saved for this EyeMail.');
  }

  @Get('follow/:snippetId')
  @AccountScope()
  @ApiOperation({
    summary: "Whether an EyeMail's events reach you (mail and bell)",
    description:
      'An EyeMail of the current workspace (another is a 404). Its creator gets them by default; any other member only by following it. ' +
      '`events`: those that reach you; when not following, those following would start with (your account default).',
  })
  follow(@CurrentUser() user: AuthUser, @Param('snippetId', uuidParam(SNIPPET_MESSAGES.notFound)) id: string) {
    return this.notifications.follow(callerOf(user), id);
  }

  @Put('follow/:snippetId')
  @AccountScope()
  @ApiOperation({
    summary: 'Follow an EyeMail of the current workspace: { following: true, events: [...] }, or { following: false } to stop',
    description: 'The same choice as PUT settings/{snippetId}: following is a choice with events, stopping removes it (for the creator, it turns the mails off).',
  })
  async saveFollow(@CurrentUser() user: AuthUser, @Param('snippetId', uuidParam(SNIPPET_MESSAGES.notFound)) id: string, @ValidBody() body: FollowSnippetDto) {
    const view = await this.notifications.saveFollow(callerOf(user), id, body);
    return ok(view, view.following ? 'You follow this EyeMail.' : 'You no longer follow this EyeMail.');
  }
}
