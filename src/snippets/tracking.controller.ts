import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../accounts/auth.decorators.js';
import { TrackingService, type TrackingRequest } from './tracking.service.js';
import { TRANSPARENT_GIF } from './tracking-rules.js';

// Hits from mail clients and their proxies: no cookies are set (the CSRF cookie, a rolling
// session) and nothing is cached, so every open and click reaches us.
function bare(req: Request, res: Response): TrackingRequest {
  res.removeHeader('Set-Cookie');
  delete (req as { session?: unknown }).session;
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
  return { at: new Date(), ip: req.ip ?? null, userAgent: req.get('user-agent') ?? null };
}

// The tracking addresses written into exported emails (outside /api/, see
// common/public-routes.ts and export/tracking-links.ts).
@ApiExcludeController()
@Public()
@Controller('t')
export class TrackingController {
  constructor(private readonly tracking: TrackingService) {}

  @Get('o/:pixel')
  async open(@Param('pixel') pixel: string, @Query() query: Record<string, unknown>, @Req() req: Request, @Res() res: Response) {
    const meta = bare(req, res);
    await this.tracking.open(pixel, query, meta);
    res.status(200).type('image/gif').setHeader('Content-Length', String(TRANSPARENT_GIF.length));
    res.end(TRANSPARENT_GIF);
  }

  @Get('c/:id')
  async click(@Param('id') id: string, @Query() query: Record<string, unknown>, @Req() req: Request, @Res() res: Response) {
    const meta = bare(req, res);
    res.redirect(302, await this.tracking.click(id, query, meta));
  }
}
