import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ok } from '../common/api-response.js';
import { ACCOUNT_MESSAGES } from './account-messages.js';
import { AuthService } from './auth.service.js';
import { Public } from '../common/auth/auth.decorators.js';
import { markSessionClosing } from './sessions.js';

// Sign-out lives at two addresses with the same tail: the API call and the unload beacon
// outside /api. Both are listed in src/common/public-routes.ts and declared with full paths.
@ApiTags('accounts')
@Public()
@Controller()
export class SignOutController {
  constructor(private readonly auth: AuthService) {}

  @Post('api/accounts/signout')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign out: the session is destroyed and its cookie cleared (signing out twice is fine)' })
  async signOut(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await this.auth.signOut(req, res);
    return ok(null, ACCOUNT_MESSAGES.signedOut);
  }

  // navigator.sendBeacon on page unload (text/plain, no answer read). SameSite=Lax keeps the
  // session cookie off cross-site posts; a browser-flagged cross-site request is ignored too.
  // The session is marked closing rather than ended, so reloading the page keeps it.
  @Post('accounts/signout')
  @HttpCode(204)
  @ApiExcludeEndpoint()
  async beacon(@Req() req: Request): Promise<void> {
    if (req.get('sec-fetch-site') === 'cross-site') return;
    await markSessionClosing(req);
  }
}
