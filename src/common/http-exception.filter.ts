import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiError, type Envelope } from './api-response.js';
import { DomainError, RateLimitedError, type DomainErrorCode } from './domain-error.js';
import { WebAppService } from './web-app.service.js';

const GENERIC_500 = 'Something went wrong on our side. Please try again.';

const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'Invalid request',
  401: 'Please sign in to continue.',
  403: 'You are not allowed to do that.',
  404: 'Not found.',
  405: 'Method not allowed.',
  409: 'Conflict.',
  413: 'The request is too large.',
  415: 'Unsupported media type.',
  429: 'Too many attempts. Please wait a minute and try again.',
};

// The one place domain error codes become HTTP statuses.
export const DOMAIN_ERROR_STATUS: Record<DomainErrorCode, number> = {
  invalid: HttpStatus.BAD_REQUEST,
  unauthenticated: HttpStatus.UNAUTHORIZED,
  forbidden: HttpStatus.FORBIDDEN,
  not_found: HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  too_large: HttpStatus.PAYLOAD_TOO_LARGE,
  unsupported_type: HttpStatus.UNSUPPORTED_MEDIA_TYPE,
  unprocessable: HttpStatus.UNPROCESSABLE_ENTITY,
  rate_limited: HttpStatus.TOO_MANY_REQUESTS,
  timeout: HttpStatus.REQUEST_TIMEOUT,
  unavailable: HttpStatus.SERVICE_UNAVAILABLE,
};

export function isApiPath(url: string): boolean {
  return /^\/api(\/|$|\?)/i.test(url);
}

// Turns every error into the envelope with an honest status. Never sends stack traces or SQL.
// An unmatched GET outside /api/ is handed to the dashboard (history fallback).
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  constructor(private readonly web: WebAppService) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<Request>();
    const res = ctx.getResponse<Response>();
    if (res.headersSent) {
      this.logger.error(exception instanceof Error ? exception.stack : String(exception));
      return;
    }

    const { status, message, errors } = this.describe(exception);
    if (status >= 500) {
      this.logger.error({ err: exception, url: req.originalUrl }, 'Unhandled error');
    }

    if (status === 404 && !isApiPath(req.originalUrl) && (req.method === 'GET' || req.method === 'HEAD')) {
      this.web.sendIndex(req, res);
      return;
    }
    // Also for a limit met in a guard (sign-in's strategy), where RetryAfterInterceptor is not reached.
    if (exception instanceof RateLimitedError) res.setHeader('Retry-After', String(exception.retryAfter));
    const envelope: Envelope = { result: false, message, body: null, errors };
    res.status(status).json(envelope);
  }

  private describe(exception: unknown): { status: number; message: string; errors: Record<string, string> | null } {
    if (exception instanceof DomainError) {
      return { status: DOMAIN_ERROR_STATUS[exception.code], message: exception.message, errors: exception.fieldErrors };
    }
    if (exception instanceof ApiError) {
      return { status: exception.getStatus(), message: exception.message, errors: exception.fieldErrors };
    }
    if ((exception as { type?: string })?.type === 'entity.parse.failed' || /JSON/.test((exception as Error)?.message ?? '') && (exception as HttpException)?.getStatus?.() === 400) {
      return { status: 400, message: 'The request body is not valid JSON.', errors: null };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      let message = DEFAULT_MESSAGES[status] ?? exception.message;
      if (status < 500 && typeof response === 'object' && response && 'message' in response) {
        const m = (response as { message: unknown }).message;
        if (typeof m === 'string' && status !== 404) message = m;
        else if (Array.isArray(m) && typeof m[0] === 'string') message = m[0];
      }
      return { status, message: status >= 500 ? GENERIC_500 : message, errors: null };
    }
    // Errors from Express middleware (body parser, multer) carry an http status.
    const e = exception as { status?: unknown; statusCode?: unknown; expose?: unknown; type?: unknown };
    const status = Number(e?.status ?? e?.statusCode);
    if (Number.isInteger(status) && status >= 400 && status < 500) {
      return { status, message: DEFAULT_MESSAGES[status] ?? 'Invalid request', errors: null };
    }
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, message: GENERIC_500, errors: null };
  }
}
