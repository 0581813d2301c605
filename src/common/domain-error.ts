// Errors services throw for what a caller did wrong or what cannot happen now. They name a code,
// never an HTTP status: the exception filter alone maps codes to statuses (DOMAIN_ERROR_STATUS).
export type DomainErrorCode =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unsupported_type'
  | 'unprocessable'
  | 'rate_limited'
  | 'timeout'
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    // field -> message, for the envelope's `errors`
    readonly fieldErrors: Record<string, string> | null = null,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export class InvalidInputError extends DomainError {
  constructor(message: string, fieldErrors: Record<string, string> | null = null) {
    super('invalid', message, fieldErrors);
  }
}

// No session, or one that names no account (any more); also a wrong sign-in.
export class UnauthenticatedError extends DomainError {
  constructor(message = 'Please sign in to continue.') {
    super('unauthenticated', message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string) {
    super('forbidden', message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string) {
    super('not_found', message);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, fieldErrors: Record<string, string> | null = null) {
    super('conflict', message, fieldErrors);
  }
}

export class TooLargeError extends DomainError {
  constructor(message: string) {
    super('too_large', message);
  }
}

export class UnsupportedTypeError extends DomainError {
  constructor(message: string) {
    super('unsupported_type', message);
  }
}

// The request was understood but its content cannot be used (an undecodable video).
export class UnprocessableError extends DomainError {
  constructor(message: string) {
    super('unprocessable', message);
  }
}

// Too many attempts in a window; retryAfter (seconds) becomes the Retry-After header.
export class RateLimitedError extends DomainError {
  constructor(
    message: string,
    readonly retryAfter: number,
  ) {
    super('rate_limited', message);
  }
}

// A service we depend on (the queue, ffmpeg) cannot do its part right now.
// The client stopped sending the request's body before it was complete.
export class RequestTimeoutError extends DomainError {
  constructor(message: string) {
    super('timeout', message);
  }
}

export class UnavailableError extends DomainError {
  constructor(message: string) {
    super('unavailable', message);
  }
}
