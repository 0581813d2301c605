import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../common/auth/auth.decorators.js';
import { badRequest, notFound, ok } from '../common/api-response.js';
import { IngestService } from './ingest.service.js';
import { parsePlayReport, PLAY_REPORT_MESSAGES as M } from './play-report.js';
import { trackingRequest } from './tracking-request.js';

// Reports/UpdateDuration: the public viewer reports the seconds of each play (on pause, end and
// when the page is left). Public, exempt from CSRF (common/csrf.middleware.ts), sets no cookie.
@ApiTags('reports')
@Public()
@Controller('reports')
export class PlayReportController {
  constructor(private readonly ingest: IngestService) {}

  @Post('updateduration')
  @HttpCode(200)
  @ApiOperation({ summary: "Store a play of an EyeMail's video (sent by the public viewer, also with navigator.sendBeacon)" })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['DurationSecs', 'SnippetId'],
      properties: {
        DurationSecs: { type: 'number', minimum: 0, description: 'Seconds watched in this play; capped at the video length' },
        SnippetId: { type: 'string', format: 'uuid' },
        TotalPlayTimeVideo: { type: 'number', description: 'The length of the video as the browser saw it' },
        Receiver: { type: 'string', description: 'The v= value of the viewer page' },
      },
    },
  })
  async updateDuration(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const meta = trackingRequest(req, res);
    const check = parsePlayReport(Buffer.isBuffer(req.body) ? req.body : undefined);
    if (!check.ok) throw badRequest(check.message, check.field ? { [check.field]: check.message } : null);
    const outcome = await this.ingest.play(check.report, meta);
    if (outcome === 'unknown-snippet') throw notFound(M.unknownSnippet);
    // A failed write is logged and counted by the writer; the viewer has nothing to do about it.
    return ok(null, outcome === 'stored' ? M.recorded : 'Play time received.');
  }
}
