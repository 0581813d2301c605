import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../common/auth/auth.decorators.js';
import { MediaService } from './media.service.js';

// GET/HEAD /media/<key>, outside the /api/ prefix (see common/public-routes.ts): the address of
// every stored video, poster and GIF when media is on local disk. Public: keys are unguessable
// and what they hold is meant to be embedded in email.
@ApiExcludeController()
@Public()
@Controller('media')
export class MediaController {
  constructor(private readonly media: MediaService) {}

  // Express answers HEAD with the GET route; the service sends headers only for HEAD.
  @Get('*key')
  serve(@Param('key') key: string[] | string, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.media.send(Array.isArray(key) ? key.join('/') : key, req, res);
  }
}
