import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../common/auth/auth.decorators.js';
import { LIVE_MEDIA_ROUTE } from './export/live-media-urls.js';
import { LiveMediaService } from './live-media.service.js';

// GET/HEAD /m/<snippetId>/<file>, outside /api/ (common/public-routes.ts): the media addresses
// of an exported email, serving the EyeMail as it is now. Public: they are embedded in email.
@ApiExcludeController()
@Public()
@Controller()
export class LiveMediaController {
  constructor(private readonly live: LiveMediaService) {}

  // Express answers HEAD with the GET route.
  @Get(LIVE_MEDIA_ROUTE)
  serve(@Param('snippetId') snippetId: string, @Param('file') file: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.live.send(snippetId, file, req, res);
  }
}
