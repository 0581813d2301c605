import { Injectable, type PipeTransform } from '@nestjs/common';
import { InvalidInputError } from './domain-error.js';

// A pure check of a request's body or query: the cleaned value, or the first message per field.
export type Parser<I, T> = (raw: I) => { value: T | null; errors: Record<string, string> };

// Validation at the edge for the bodies and queries checked by the pure rules beside each module
// (the same rules the dashboard runs): the service receives the typed value; a bad one is 400
// with the first message and every field's.
@Injectable()
export class ParsedPipe<I, T> implements PipeTransform<I, T> {
  constructor(private readonly parse: Parser<I, T>) {}

  transform(raw: I): T {
    const { value, errors } = this.parse(raw);
    if (value === null) throw new InvalidInputError(Object.values(errors)[0] ?? 'Invalid request', errors);
    return value;
  }
}

export const parsed = <I, T>(parse: Parser<I, T>) => new ParsedPipe(parse);
