import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/auth/auth.decorators.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { listEmailPlatforms } from './email-platforms.js';
import { pasteHintOf } from './paste-hints.js';
import { EmailPlatformResponseDto, GlobalConfigDto } from './dto/snippet.dto.js';
import type { EmailPlatformView, PasteHint, PublicConfig } from '../shared/api-types.js';

export const PRODUCT_TITLE = 'EyeMail';

// Public reference data the dashboard and the viewer read before anyone signs in.
@ApiTags('global')
@Public()
@Controller('global')
export class GlobalController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get('email-platforms')
  @ApiOperation({ summary: 'The email platforms an EyeMail can be exported for, with their merge tags' })
  @ApiOkResponse({ type: EmailPlatformResponseDto, isArray: true })
  emailPlatforms(): (EmailPlatformView & { pasteHint: PasteHint })[] {
    return listEmailPlatforms(this.config.publicBaseUrl).map((p) => ({ ...p, pasteHint: pasteHintOf(p.code) }));
  }

  @Get('config')
  @ApiOperation({ summary: 'The public base URL and the product title' })
  @ApiOkResponse({ type: GlobalConfigDto })
  publicConfig(): PublicConfig {
    return { baseUrl: this.config.publicBaseUrl, productTitle: PRODUCT_TITLE };
  }
}
