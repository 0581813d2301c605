import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser, Public, type AuthUser } from '../common/auth/auth.decorators.js';
import { ViewerService, type RenderedPage } from './viewer.service.js';

function send(res: Response, page: RenderedPage): void {
  // Pages depend on the status of the EyeMail and on who looks (the owner's preview), so they
  // are never cached.
  res.status(page.status).type('html').setHeader('Cache-Control', 'no-store').send(page.html);
}

// The owner's pages, outside /api/ (listed in common/public-routes.ts): server-rendered, no
// dashboard bundle. The recipients' pages (/live, /eyemail) are answered ahead of Express by viewer-router.ts.
@ApiExcludeController()
@Public()
@Controller()
export class ViewerController {
  constructor(private readonly viewer: ViewerService) {}

  @Get('livePreview/:id')
  async preview(@Param('id') id: string, @Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser | undefined, @Res() res: Response) {
    send(res, await this.viewer.viewerPage('preview', id, query, user?.id ?? null));
  }

  @Get('emailpreview/:id')
  async emailPreview(@Param('id') id: string, @Query() query: Record<string, unknown>, @CurrentUser() user: AuthUser | undefined, @Res() res: Response) {
    send(res, await this.viewer.emailPreviewPage(id, query, user?.id ?? null));
  }
}
