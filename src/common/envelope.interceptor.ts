import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import { ApiResult, type Envelope } from './api-response.js';

// Wraps every controller result in the envelope, unless the handler wrote the response itself
// (streams, redirects, files), in which case it returns undefined and nothing is wrapped.
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const res = ctx.switchToHttp().getResponse();
    return next.handle().pipe(
      map((value): Envelope | unknown => {
        if (res.headersSent || (value === undefined && res.writableEnded)) return value;
        if (value instanceof ApiResult) return { result: value.result, message: value.message, body: value.body ?? null, errors: null };
        return { result: true, message: '', body: value ?? null, errors: null };
      }),
    );
  }
}
