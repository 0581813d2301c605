import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { badRequest } from './api-response.js';

// First message per field, nested fields joined with dots: { email: 'Invalid email' }.
export function flattenValidationErrors(errors: ValidationError[], prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of errors) {
    const field = prefix ? `${prefix}.${e.property}` : e.property;
    const messages = e.constraints ? Object.values(e.constraints) : [];
    // class-validator reports constraints in reverse declaration order; the first declared
    // (required, then pattern, then length...) is the one people should see, as the spec orders.
    if (messages.length) out[field] = messages[messages.length - 1];
    if (e.children?.length) Object.assign(out, flattenValidationErrors(e.children, field));
  }
  return out;
}

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidUnknownValues: false,
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const fields = flattenValidationErrors(errors);
      const first = Object.values(fields)[0] ?? 'Invalid request';
      return badRequest(first, fields);
    },
  });
}
