import { HttpException, HttpStatus } from '@nestjs/common';

// The JSON envelope every /api/ response uses (docs/architecture.md "The API contract").
export interface Envelope<T = unknown> {
  result: boolean;
  message: string;
  body: T | null;
  errors: Record<string, string> | null;
}

// A successful result with a human message. Controllers return `ok(body, 'Saved')`; returning a
// bare value also works and gets an empty message.
export class ApiResult<T = unknown> {
  constructor(
    public readonly body: T,
    public readonly message = '',
    // false only for answers that carry data but report a failure (health: 503 with components)
    public readonly result = true,
  ) {}
}

export function ok<T>(body: T, message = ''): ApiResult<T> {
  return new ApiResult(body, message);
}

// A failure with an honest status, a sentence for people and optional field errors.
export class ApiError extends HttpException {
  constructor(
    status: HttpStatus | number,
    message: string,
    public readonly fieldErrors: Record<string, string> | null = null,
  ) {
    super(message, status);
  }
}

export const badRequest = (message: string, errors: Record<string, string> | null = null) =>
  new ApiError(HttpStatus.BAD_REQUEST, message, errors);
export const unauthorized = (message = 'Please sign in to continue.') => new ApiError(HttpStatus.UNAUTHORIZED, message);
export const forbidden = (message = 'You are not allowed to do that.') => new ApiError(HttpStatus.FORBIDDEN, message);
export const notFound = (message = 'Not found.') => new ApiError(HttpStatus.NOT_FOUND, message);
export const conflict = (message: string, errors: Record<string, string> | null = null) =>
  new ApiError(HttpStatus.CONFLICT, message, errors);
export const tooMany = (message: string) => new ApiError(HttpStatus.TOO_MANY_REQUESTS, message);
