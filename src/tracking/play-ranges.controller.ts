import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../common/auth/auth.decorators.js';
import { badRequest, conflict, notFound, ok } from '../common/api-response.js';
import { visitorOf } from '../engagement/viewer-visits.js';
import { MAX_SEGMENTS_PER_PLAY } from '../shared/metrics/watch-ranges.js';
import { MAX_SEGMENTS_PER_REPORT, parsePlayRangesReport, PLAY_RANGES_MESSAGES as M } from './play-ranges-report.js';
import { ViewerIngest } from './viewer-ingest.service.js';

// The viewer's report of which seconds of the video one play covered. Under the play-time
// beacon's path, so it shares what that path is given (app.factory.ts and common/): its own body
// reader (at most 4 KB, JSON sent as any type), no CSRF token, no cookie.
@ApiTags('reports')
@Public()
@Controller('reports')
export class PlayRangesController {
  constructor(private readonly ingest: ViewerIngest) {}

  @Post('updateduration/ranges')
  @HttpCode(200)
  @ApiOperation({
    summary: "Store the seconds one play of an EyeMail's video covered (sent by the public viewer while it plays, also with navigator.sendBeacon)",
    description:
      'Segments are stretches played without a jump, numbered within the play and re-sent as they grow; the server keeps per number the widest, cut to the video, ' +
      'and merges them into the seconds watched. 400 for a malformed report, 404 for an unknown EyeMail, 409 when the playId is already another EyeMail\'s.',
  })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['playId', 'snippetId'],
      properties: {
        playId: { type: 'string', format: 'uuid', description: 'Made up by the viewer page for this play' },
        snippetId: { type: 'string', format: 'uuid' },
        receiver: { type: 'string', description: 'The v= value of the viewer page' },
        length: { type: 'number', description: 'The length of the video as the browser saw it' },
        soundOn: { type: 'boolean', description: 'The viewer turned the sound on during this play' },
        segments: {
          type: 'array',
          maxItems: MAX_SEGMENTS_PER_REPORT,
          items: { type: 'array', minItems: 3, maxItems: 3, items: { type: 'number' } },
          description: `[number (0-${MAX_SEGMENTS_PER_PLAY - 1}), start, end] in seconds of the video`,
        },
      },
    },
  })
  async report(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    res.setHeader('Cache-Control', 'no-store');
    const visitor = visitorOf(req);
    const check = parsePlayRangesReport(Buffer.isBuffer(req.body) ? req.body : undefined);
    if (!check.ok) throw badRequest(check.message, check.field ? { [check.field]: check.message } : null);
    const outcome = await this.ingest.play(check.report, visitor);
    if (outcome === 'unknown-snippet') throw notFound(M.unknownSnippet);
    if (outcome === 'other-snippet') throw conflict(M.otherSnippet, { playId: M.otherSnippet });
    return ok(null, outcome === 'stored' ? M.recorded : M.received);
  }
}
