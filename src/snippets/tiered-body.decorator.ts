import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { authUserOf } from '../common/auth/auth.decorators.js';
import type { TieredBody as TieredBodyValue } from './snippet-input.js';

// The request body with the signed-in caller's tier, for the parsers whose rules depend on it:
// `@TieredBody(parsed(parseSnippetCreate)) form: SnippetForm`.
export const TieredBody = createParamDecorator((_data: unknown, ctx: ExecutionContext): TieredBodyValue => {
  const req = ctx.switchToHttp().getRequest<Request>();
  return { body: req.body, tier: authUserOf(req)?.tier ?? 'premium' };
});
