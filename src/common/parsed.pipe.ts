import { Injectable, type PipeTransform } from '@nestjs/common';
import { ForbiddenError, InvalidInputError } from './domain-error.js';

// What a pure check of a request's body or query gives: the cleaned value, or the first message
// per field (and, for a caller who may not send this at all, the reason it is refused).
export interface ParseResult<T> {
  value: T | null;
  errors: Record<string, string>;
  forbidden?: string;
}

export type Parser<I, T> = (raw: I) => ParseResult<T>;

// Validation at the edge for the bodies and queries checked by the pure rules beside each module
// (the same rules the dashboard runs): the service receives the typed value; a bad one is 400
// with the first message and every field's, a refused one 403.
@Injectable()
export class ParsedPipe<I, T> implements PipeTransform<I, T> {
  constructor(private readonly parse: Parser<I, T>) {}

  transform(raw: I): T {
    const { value, errors, forbidden } = this.parse(raw);
    if (forbidden) throw new ForbiddenError(forbidden);
    if (value === null) throw new InvalidInputError(Object.values(errors)[0] ?? 'Invalid request', errors);
    return value;
  }
}

export const parsed = <I, T>(parse: Parser<I, T>) => new ParsedPipe(parse);

// ---- helpers for the parsers ----------------------------------------------------------------------

// The fields of a JSON body. A missing body or a JSON array has none (each field then reads as
// missing and gets its own message); only the declared fields are ever read, so anything else a
// client sends (an id, a role, a status...) never reaches a service.
export function fieldsOf(raw: unknown): Record<string, unknown> {
  return raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
}

// A body that must be an object and whose fields are all optional: an array is refused as a whole.
export const OBJECT_EXPECTED = 'Validation failed (object is expected)';
export function notAnObject<T>(): ParseResult<T> {
  return { value: null, errors: { body: OBJECT_EXPECTED } };
}

// The first message per field, in the order the fields are checked (the order the messages are
// shown in); null when every field is fine.
export function firstErrors(checks: readonly (readonly [field: string, message: string | null])[]): Record<string, string> | null {
  const errors: Record<string, string> = {};
  for (const [field, message] of checks) if (message && !(field in errors)) errors[field] = message;
  return Object.keys(errors).length ? errors : null;
}

export const trimmed = (v: unknown): unknown => (typeof v === 'string' ? v.trim() : v);
