import { CanActivate, ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { ApiError } from '../common/api-response.js';

// The credential calls are exempt from the CSRF header (they need no session), so they accept
// JSON only: a page on another site can post a form or text/plain, but not application/json
// without a CORS preflight, which is never granted. This stops login CSRF.
@Injectable()
export class JsonOnlyGuard implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    const req = ctx.switchToHttp().getRequest<Request>();
    if (!req.is('application/json')) {
      throw new ApiError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, 'Send the request as JSON (Content-Type: application/json).');
    }
    return true;
  }
}
