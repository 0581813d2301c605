import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/auth/auth.decorators.js';
import { PublicSnippetDto } from './dto/snippet.dto.js';
import { ViewerService } from './viewer.service.js';

// The public viewer's data call: anyone with the link, active EyeMails only.
@ApiTags('public')
@Public()
@Controller('public/snippets')
export class PublicSnippetsController {
  constructor(private readonly viewer: ViewerService) {}

  @Get(':id')
  @ApiOperation({ summary: 'An active EyeMail as the public viewer shows it; 404 "No active campaign found." otherwise' })
  @ApiQuery({ name: 'v', required: false, description: 'the recipient, carried into the tracked button links' })
  @ApiOkResponse({ type: PublicSnippetDto })
  get(@Param('id') id: string, @Query() query: Record<string, unknown>) {
    return this.viewer.publicData(id, query);
  }
}
