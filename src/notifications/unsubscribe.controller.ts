import { Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../common/auth/auth.decorators.js';
import { NotificationsService } from './notifications.service.js';
import { confirmPage, donePage, invalidPage } from './unsubscribe-page.js';

// The notification mails' unsubscribe link, without signing in (the token is signed): GET shows a
// confirmation, POST turns the mails off, also as the one-click POST of mail clients (RFC 8058,
// body List-Unsubscribe=One-Click). Outside /api, so no XSRF token is asked for.
@ApiExcludeController()
@Public()
@Controller('notifications/unsubscribe')
export class UnsubscribeController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  async confirm(@Query('token') token: unknown, @Res() res: Response): Promise<void> {
    const scope = await this.notifications.readToken(token);
    res.setHeader('Cache-Control', 'no-store');
    if (!scope) res.status(400).type('html').send(invalidPage());
    else res.status(200).type('html').send(confirmPage(String(token), !scope.snippetId));
  }

  @Post()
  @HttpCode(200)
  async unsubscribe(@Query('token') token: unknown, @Res() res: Response): Promise<void> {
    const scope = await this.notifications.readToken(token);
    res.setHeader('Cache-Control', 'no-store');
    if (!scope) {
      res.status(400).type('html').send(invalidPage());
      return;
    }
    await this.notifications.unsubscribe(scope);
    res.status(200).type('html').send(donePage(!scope.snippetId));
  }
}
