import { Injectable, type PipeTransform } from '@nestjs/common';
import { isUuid } from '../shared/uuid.js';
import { NotFoundError } from './domain-error.js';

// A route id that is not a UUID names nothing: answer like a missing record (404 with the
// resource's own message) before any service runs. Ids reach services lower-case.
@Injectable()
export class UuidParamPipe implements PipeTransform<unknown, string> {
  constructor(private readonly notFoundMessage: string) {}

  transform(value: unknown): string {
    if (!isUuid(value)) throw new NotFoundError(this.notFoundMessage);
    return value.toLowerCase();
  }
}

export const uuidParam = (notFoundMessage: string) => new UuidParamPipe(notFoundMessage);
