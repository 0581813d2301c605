import { createParamDecorator, Injectable, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { INPUT_PIPE } from '../common/validation/input.pipe.js';
import { SignInDto } from './dto/sign-in.dto.js';
import type { User } from './user.entity.js';

// The sign-in route's guard: the body is checked against SignInDto first (a bad one is the usual
// 400 with each field's message, as before any credential is tried), then the local strategy
// (local.strategy.ts) decides whose credentials they are. Its errors (401, 403, 429) go out as
// they are; the user it names is then at @CredentialsOwner().
@Injectable()
export class LocalSignInGuard extends AuthGuard('local') {
  override async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<Request>();
    req.body = await INPUT_PIPE.transform(req.body, { type: 'body', metatype: SignInDto, data: undefined });
    return (await super.canActivate(ctx)) as boolean;
  }
}

// The user whose credentials a Passport strategy accepted on this request.
export const CredentialsOwner = createParamDecorator((_data: unknown, ctx: ExecutionContext): User => ctx.switchToHttp().getRequest<Request>().user as User);
