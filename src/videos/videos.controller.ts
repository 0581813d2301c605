import { Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ok } from '../common/api-response.js';
import { CurrentUser, type AuthUser } from '../common/auth/auth.decorators.js';
import { WorkspaceScope } from '../common/auth/workspace-access.js';
import { libraryCallerOf } from '../files/files.service.js';
import { VideosService } from './videos.service.js';
import { EncodingViewDto } from './videos.dto.js';
import { OVERLAYS, VIDEO_MESSAGES } from './encode-rules.js';
import { uuidParam } from '../common/uuid-param.pipe.js';

// Encodings of the videos of the workspace the request acts in (X-Workspace-Id): members read
// them, editors and above ask for them (a cut included).
@ApiTags('videos')
@Controller('videos')
export class VideosController {
  constructor(private readonly videos: VideosService) {}

  @Post(':id')
  @WorkspaceScope('editor')
  @ApiOperation({
    summary: 'Encode an uploaded video for email',
    description:
      '202 with the queued or running encoding (poll GET videos/encodings/{encodingId}); 200 with the finished one at once when ' +
      'the same video, overlay and width was encoded before. Identical requests share one encoding. The video is one of the workspace’s ' +
      '(another workspace’s: 404); the editor role is needed there (403 below). 429 when the account, or the workspace (its members together), already ' +
      'has ENCODES_PER_ACCOUNT encodes queued or running (nothing is added; asking for one of those is always answered).',
  })
  @ApiQuery({ name: 'overlay', enum: OVERLAYS, required: false })
  @ApiQuery({ name: 'width', required: false, description: '600-800, default 600' })
  @ApiQuery({
    name: 'trimStart',
    required: false,
    description: 'Cut: seconds from the start (with trimEnd). The cut becomes the video\'s own: later encodes and EyeMails of the video use it.',
  })
  @ApiQuery({ name: 'trimEnd', required: false, description: 'Cut: where it ends, in seconds; 0 <= trimStart < trimEnd, at least 1 s long; past the video\'s length it ends with the video' })
  @ApiAcceptedResponse({ type: EncodingViewDto })
  @ApiOkResponse({ type: EncodingViewDto })
  async encode(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Query('overlay') overlay: unknown,
    @Query('width') width: unknown,
    @Query('trimStart') trimStart: unknown,
    @Query('trimEnd') trimEnd: unknown,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { status, view } = await this.videos.requestEncode(libraryCallerOf(user), id, overlay, width, trimStart, trimEnd);
    res.status(status);
    return ok(view, status === 200 ? VIDEO_MESSAGES.completed : VIDEO_MESSAGES.queued);
  }

  @Get('encodings/:encodingId')
  @WorkspaceScope('viewer')
  @ApiOperation({ summary: 'State and progress of one of the workspace’s encodings; the video, poster and GIF URLs once completed' })
  @ApiOkResponse({ type: EncodingViewDto })
  status(@CurrentUser() user: AuthUser, @Param('encodingId', uuidParam(VIDEO_MESSAGES.notFound)) encodingId: string) {
    return this.videos.getEncoding(user.workspace.id, encodingId);
  }
}
