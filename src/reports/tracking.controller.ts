import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../common/auth/auth.decorators.js';
import { withRawRecipient } from '../shared/receiver.js';
import { IngestService } from './ingest.service.js';
import { TRANSPARENT_GIF } from './tracking-rules.js';
import { trackingRequest } from './tracking-request.js';

// The tracking addresses written into exported emails (outside /api/, see
// common/public-routes.ts and snippets/export/tracking-links.ts). Express answers HEAD through
// the GET routes (without a body); the method is stored, HEAD being a scanner's.
@ApiExcludeController()
@Public()
@Controller('t')
export class TrackingController {
  constructor(private readonly ingest: IngestService) {}

  @Get('o/:pixel')
  async open(@Param('pixel') pixel: string, @Query() query: Record<string, unknown>, @Req() req: Request, @Res() res: Response) {
    // v= from the raw URL: an address the platform did not URL-encode keeps its "+", "&" and "%".
    await this.ingest.open(pixel, withRawRecipient(query, req.originalUrl), trackingRequest(req, res));
    res.status(200).type('image/gif').setHeader('Content-Length', String(TRANSPARENT_GIF.length));
    res.end(TRANSPARENT_GIF);
  }

  @Get('c/:id')
  async click(@Param('id') id: string, @Query() query: Record<string, unknown>, @Req() req: Request, @Res() res: Response) {
    const meta = trackingRequest(req, res);
    res.redirect(302, await this.ingest.click(id, withRawRecipient(query, req.originalUrl), meta));
  }
}
