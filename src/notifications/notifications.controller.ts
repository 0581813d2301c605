import { Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok } from '../common/api-response.js';
import { CurrentUser, type AuthUser } from '../common/auth/auth.decorators.js';
import { uuidParam } from '../common/uuid-param.pipe.js';
import { ValidBody } from '../common/validation/input.pipe.js';
import { AccountNotifySettingDto, SnippetNotifySettingDto } from './dto/notify-setting.dto.js';
import { NotificationsService } from './notifications.service.js';

// The owner's notifications: the bell's latest events and what mails (session only).
@ApiTags('notifications')
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @ApiOperation({ summary: 'The latest 20 events of named recipients (the bell) and how many are unread' })
  latest(@CurrentUser() user: AuthUser) {
    return this.notifications.latest(user.id);
  }

  @Post('read')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark every event read' })
  async read(@CurrentUser() user: AuthUser) {
    await this.notifications.markRead(user.id);
    return ok(null, 'Marked read.');
  }

  @Get('settings')
  @ApiOperation({ summary: 'The account default: which events mail you' })
  accountSetting(@CurrentUser() user: AuthUser) {
    return this.notifications.accountSetting(user.id);
  }

  @Put('settings')
  @ApiOperation({ summary: 'Change the account default' })
  async saveAccountSetting(@CurrentUser() user: AuthUser, @ValidBody() body: AccountNotifySettingDto) {
    return ok(await this.notifications.saveAccountSetting(user.id, body), 'Default notification settings saved.');
  }

  @Get('settings/:snippetId')
  @ApiOperation({ summary: "An EyeMail's choice (inherit: it follows the account default)" })
  snippetSetting(@CurrentUser() user: AuthUser, @Param('snippetId', uuidParam('EyeMail not found.')) id: string) {
    return this.notifications.snippetSetting(user.id, id);
  }

  @Put('settings/:snippetId')
  @ApiOperation({ summary: "Change an EyeMail's choice, or { inherit: true } to follow the account default" })
  async saveSnippetSetting(@CurrentUser() user: AuthUser, @Param('snippetId', uuidParam('EyeMail not found.')) id: string, @ValidBody() body: SnippetNotifySettingDto) {
    return ok(await this.notifications.saveSnippetSetting(user.id, id, body), 'Notification settings saved for this EyeMail.');
  }
}
