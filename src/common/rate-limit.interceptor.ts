import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { catchError, throwError, type Observable } from 'rxjs';
import { RateLimitedError } from './domain-error.js';

// Adds Retry-After to 429 answers, so clients know how long to wait.
@Injectable()
export class RetryAfterInterceptor implements NestInterceptor {
  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((e: unknown) => {
        if (e instanceof RateLimitedError) ctx.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(e.retryAfter));
        return throwError(() => e);
      }),
    );
  }
}
