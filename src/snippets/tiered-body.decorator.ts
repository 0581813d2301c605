import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { authUserOf } from '../common/auth/auth.decorators.js';
import { ForbiddenError } from '../common/domain-error.js';
import { CUSTOM_INPUT_PIPE } from '../common/validation/input.pipe.js';
import { normalizeForTier, tierViolations } from '../shared/snippet-rules.js';
import { SNIPPET_PAYLOAD_FIELDS } from './dto/snippet-payload.dto.js';
import { SNIPPET_API_MESSAGES as M } from './snippet-messages.js';

// What an account of this tier may send, in the contract's order: an Express account's logo,
// cover or buttons are refused (403) before the field rules run; what it may not have is then
// cleared (so an update also removes what an older Premium plan had). Pure.
export function tieredPayload(body: unknown, tier: 'premium' | 'express'): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body; // the DTO check refuses it
  const sent = body as Record<string, unknown>;
  const payload = Object.fromEntries(SNIPPET_PAYLOAD_FIELDS.filter((f) => Object.hasOwn(sent, f)).map((f) => [f, sent[f]]));
  if (tierViolations(payload, tier).length) throw new ForbiddenError(M.expressOnlyVideo);
  return normalizeForTier({ ...sent }, tier);
}

const tieredBody = createParamDecorator((_data: unknown, ctx: ExecutionContext): unknown => {
  const req = ctx.switchToHttp().getRequest<Request>();
  return tieredPayload(req.body, authUserOf(req)?.tier ?? 'premium');
});

// The request body for the signed-in caller's tier, then checked against the DTO class named by
// the parameter's type: `@TieredBody() payload: SnippetPayloadDto`.
export const TieredBody = (): ParameterDecorator => tieredBody(CUSTOM_INPUT_PIPE);
