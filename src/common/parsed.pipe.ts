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

// Validation at the edge for the queries read by a pure parser beside
// each module (the same rules the dashboard runs): the service receives the typed value; a bad
// one is 400 with the first message and every field's, a refused one 403. Request bodies with a
// DTO class are checked by class-validator instead (validation/input.pipe.ts).
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
